import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { leaveTo } from '../../lib/leave-to';
import {
  OrderReceiptDocument,
  RetryPaymentDocument,
  type ReceiptFieldsFragment,
  type RetryPaymentMutationVariables,
} from './orders.generated';
import { OrderPage } from './order-page';

vi.mock('../../lib/leave-to', () => ({ leaveTo: vi.fn() }));

const TOKEN = 'tok-0123456789abcdef';
const REF = 'ENZ-7K3Q9D';
const PAGE = `/pago-exitoso?ref=${REF}&token=${TOKEN}`;
const T = (hhmm: string) => `2025-11-12T${hhmm}:00.000Z`;
/** Adds the `__typename` the server sends (the generated result types leave it out). */
const typed = <V extends object>(typename: string, value: V): V => ({ __typename: typename, ...value }) as V;
type Step = ReceiptFieldsFragment['timeline'][number];
/** What the server answers once the shopper can no longer pay or let the order go. */
const SETTLED = { canPay: false, payBefore: null, mayRelease: false, awaitingGateway: false } as const;

function step(from: Step['from'], status: Step['status'], at: string): Step {
  return typed('OrderStep', { from, status, at });
}

function receipt(
  overrides: Partial<ReceiptFieldsFragment> = {},
): ReceiptFieldsFragment & { __typename: 'OrderReceipt' } {
  return {
    __typename: 'OrderReceipt',
    reference: REF,
    status: 'PENDIENTE_PAGO',
    createdAt: T('20:15'),
    paymentMethod: 'CARD',
    customerName: 'Ana María Pérez',
    email: 'ana@correo.com',
    subtotal: 90_000,
    discount: 0,
    discountCode: null,
    shipping: 16_500,
    ivaIncluded: 17_004,
    total: 106_500,
    paymentFee: 0,
    canRetryPayment: false,
    canPay: true,
    mayRelease: true,
    awaitingGateway: true,
    confirmed: false,
    ended: false,
    payBefore: T('20:45'),
    paymentProcessing: false,
    refundPending: false,
    refunded: 0,
    netPaid: 106_500,
    refunds: [],
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    delivery: typed('DeliveryEstimate', { label: '2 a 4 días hábiles', earliest: null, latest: null }),
    timeline: [step(null, 'PENDIENTE_PAGO', T('20:15'))],
    returns: [],
    electronicDocuments: [],
    returnOptions: typed('ReturnOptions', {
      retractoUntil: null,
      warrantyUntil: null,
      canRequestReversal: false,
      returnableLines: [],
    }),
    lines: [
      typed('OrderLine', {
        id: '501',
        productId: '1',
        name: 'Collar Cuero Miel',
        sizeLabel: 'M',
        unitPrice: 45_000,
        quantity: 2,
        lineTotal: 90_000,
        discount: 0,
        imageUrl: null,
      }),
    ],
    shippingAddress: typed('ShippingAddress', {
      departmentName: 'Norte de Santander',
      municipalityName: 'Cúcuta',
      address: 'Av. 0 # 11-64',
      neighborhood: null,
    }),
    ...overrides,
  };
}

function serve(order: ReturnType<typeof receipt>) {
  mswServer.use(
    graphql.query(OrderReceiptDocument, ({ variables }) =>
      HttpResponse.json({ data: { orderReceipt: variables.token === TOKEN ? order : null } }),
    ),
  );
}

function retryAnswers() {
  const sent: RetryPaymentMutationVariables[] = [];
  mswServer.use(
    graphql.mutation(RetryPaymentDocument, ({ variables }) => {
      sent.push(variables);
      return HttpResponse.json({
        data: { retryPayment: { __typename: 'OrderPlaced', checkoutUrl: '/pasarela-sandbox?session=again' } },
      });
    }),
  );
  return sent;
}

beforeEach(() => vi.mocked(leaveTo).mockReset());

describe('order page', () => {
  it('pending: the products are held until a time, and the shopper pays with the method they choose', async () => {
    serve(receipt());
    const sent = retryAnswers();
    const user = userEvent.setup();
    renderWithProviders(<OrderPage />, { route: PAGE });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tu pedido está esperando el pago' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Tus productos están apartados hasta las 3:45 p\. m\./)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Tarjeta de crédito o débito' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'PSE' }));
    await user.click(screen.getByRole('button', { name: 'Pagar $ 106.500' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/pasarela-sandbox?session=again'));
    expect(sent).toEqual([{ reference: REF, token: TOKEN, paymentMethod: 'PSE' }]);
  });

  it('back from the gateway while the payment is confirmed: no second payment is offered', async () => {
    serve(receipt({ paymentProcessing: true, canPay: false }));
    renderWithProviders(<OrderPage />, { route: `${PAGE}&id=tx-1` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Estamos confirmando tu pago…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
  });

  it('declined: nothing was charged, and paying again may switch from card to PSE', async () => {
    serve(
      receipt({
        status: 'PAGO_RECHAZADO',
        canRetryPayment: true,
        awaitingGateway: false,
        timeline: [step(null, 'PENDIENTE_PAGO', T('20:15')), step('PENDIENTE_PAGO', 'PAGO_RECHAZADO', T('20:18'))],
      }),
    );
    const sent = retryAnswers();
    const user = userEvent.setup();
    renderWithProviders(<OrderPage />, { route: `${PAGE}&id=tx-1` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu pago fue rechazado' })).toBeInTheDocument();
    expect(screen.getByText(/No se hizo ningún cobro por el pedido ENZ-7K3Q9D\./)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'PSE' }));
    await user.click(screen.getByRole('button', { name: 'Pagar $ 106.500' }));
    await waitFor(() => expect(sent).toEqual([{ reference: REF, token: TOKEN, paymentMethod: 'PSE' }]));
    const history = screen.getByRole('region', { name: 'Historial del pedido' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Recibimos tu pedido', 'El pago fue rechazado']);
  });

  it('paid: empties the cart this order came from and shows what comes next', async () => {
    localStorage.setItem(
      'enzo.cart.v1',
      JSON.stringify({ version: 1, lines: [{ productId: '1', sizeId: '11', quantity: 2 }] }),
    );
    localStorage.setItem('enzo.order.v1', JSON.stringify({ reference: REF, token: TOKEN, cart: '1:11:2|' }));
    serve(
      receipt({
        status: 'PAGADO',
        ...SETTLED,
        confirmed: true,
        timeline: [step(null, 'PENDIENTE_PAGO', T('20:15')), step('PENDIENTE_PAGO', 'PAGADO', T('20:17'))],
      }),
    );
    renderWithProviders(<OrderPage />, { route: `${PAGE}&id=tx-1` });
    expect(await screen.findByRole('heading', { level: 1, name: '¡Pago aprobado!' })).toBeInTheDocument();
    const stages = screen.getByRole('list', { name: 'Avance de tu pedido' });
    expect(within(stages).getByText('Pago aprobado').closest('li')).toHaveAttribute('aria-current', 'step');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('enzo.cart.v1')!).lines).toEqual([]));
    expect(localStorage.getItem('enzo.order.v1')).toBe('null');
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
  });

  it('declined past its hold: the server says it ended, so this browser forgets it and keeps the cart', async () => {
    const cart = JSON.stringify({ version: 1, lines: [{ productId: '1', sizeId: '11', quantity: 2 }] });
    localStorage.setItem('enzo.cart.v1', cart);
    localStorage.setItem('enzo.order.v1', JSON.stringify({ reference: REF, token: TOKEN, cart: '1:11:2|' }));
    serve(receipt({ status: 'PAGO_RECHAZADO', ...SETTLED, mayRelease: true, ended: true }));
    renderWithProviders(<OrderPage />, { route: PAGE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu pago fue rechazado' })).toBeInTheDocument();
    expect(screen.getByText(/Los productos ya no están apartados\./)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('enzo.order.v1')).toBe('null'));
    expect(JSON.parse(localStorage.getItem('enzo.cart.v1')!).lines).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
  });

  it('still unpaid and not ended: this browser keeps remembering the order', async () => {
    localStorage.setItem('enzo.order.v1', JSON.stringify({ reference: REF, token: TOKEN, cart: '1:11:2|' }));
    serve(receipt({ canPay: false }));
    renderWithProviders(<OrderPage />, { route: PAGE });
    expect(await screen.findByText(/Ya no es posible iniciar otro pago para este pedido\./)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('enzo.order.v1')!)).toMatchObject({ reference: REF });
  });

  it('shipped: stages, carrier, guide number and a tracking link built from it', async () => {
    serve(
      receipt({
        status: 'ENVIADO',
        ...SETTLED,
        confirmed: true,
        carrier: 'servientrega',
        trackingNumber: '2150001234',
        trackingUrl: 'https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=2150001234',
        delivery: typed('DeliveryEstimate', {
          label: '2 a 4 días hábiles',
          earliest: '2025-11-14',
          latest: '2025-11-19',
        }),
        timeline: [
          step(null, 'PENDIENTE_PAGO', T('20:15')),
          step('PENDIENTE_PAGO', 'PAGADO', T('20:17')),
          step('PAGADO', 'EN_PREPARACION', '2025-11-13T14:00:00.000Z'),
          step('EN_PREPARACION', 'ENVIADO', '2025-11-14T16:30:00.000Z'),
        ],
      }),
    );
    renderWithProviders(<OrderPage />, { route: PAGE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu pedido va en camino' })).toBeInTheDocument();
    const stages = screen.getByRole('list', { name: 'Avance de tu pedido' });
    expect(within(stages).getByText('Enviado').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(stages).getByText('14 de noviembre a las 11:30 a. m.')).toBeInTheDocument();
    const shipping = screen.getByRole('region', { name: 'Envío' });
    expect(shipping).toHaveTextContent('Transportadora: Servientrega');
    expect(shipping).toHaveTextContent('Número de guía: 2150001234');
    const link = within(shipping).getByRole('link', { name: /Rastrear en Servientrega/ });
    expect(link).toHaveAttribute('href', 'https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=2150001234');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Entregamos tu pedido a la transportadora')).toBeInTheDocument();
    expect(
      screen.getByText('Llega entre el 14 de noviembre y el 19 de noviembre (2 a 4 días hábiles desde el pago).'),
    ).toBeInTheDocument();
  });

  it('cancelled after payment: says the money comes back', async () => {
    serve(receipt({ status: 'CANCELADO', ...SETTLED, ended: true, refundPending: true }));
    renderWithProviders(<OrderPage />, { route: PAGE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu pedido fue cancelado' })).toBeInTheDocument();
    expect(screen.getByText(/te devolveremos \$ 106\.500/)).toBeInTheDocument();
  });

  it('after a partial refund: each refund as its own line and what the shopper paid in the end', async () => {
    serve(
      receipt({
        status: 'ENTREGADO',
        ...SETTLED,
        confirmed: true,
        refunded: 45_000,
        netPaid: 61_500,
        refunds: [typed('OrderRefund', { kind: 'RETRACTO' as const, amount: 45_000, refundedAt: T('21:00') })],
      }),
    );
    renderWithProviders(<OrderPage />, { route: PAGE });
    const totals = await screen.findByText('Pagaste en total');
    const list = totals.closest('dl')!;
    expect(within(list).getByText(/Te devolvimos \(retracto,/).nextSibling).toHaveTextContent('− $ 45.000');
    expect(totals.nextSibling).toHaveTextContent('$ 61.500');
    expect(within(list).getByText('Total').nextSibling).toHaveTextContent('$ 106.500');
  });

  it('a parcel that came back: says so, and what comes back when it was paid', async () => {
    serve(receipt({ status: 'DEVUELTO', ...SETTLED, ended: true, refundPending: true }));
    renderWithProviders(<OrderPage />, { route: PAGE });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tu pedido volvió a nuestra tienda' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/te devolveremos \$ 106\.500/)).toBeInTheDocument();
  });

  it('a wrong token finds nothing', async () => {
    serve(receipt());
    renderWithProviders(<OrderPage />, { route: `/pago-exitoso?ref=${REF}&token=otro-token-0123456789` });
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos este pedido' })).toBeInTheDocument();
  });
});
