import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { fakeQuote, PENDING_ORDER_DESTINATION } from '../../test-utils/cart-test-data';
import { CartQuoteDocument, PendingOrderDocument, ReleaseOrderDocument } from '../cart';
import { PlaceOrderDocument, type PlaceOrderMutation, type PlaceOrderMutationVariables } from './checkout.generated';
import { CheckoutPage } from './checkout-page';
import { leaveTo } from '../../lib/leave-to';

vi.mock('../../lib/leave-to', () => ({ leaveTo: vi.fn() }));

const CART = [{ productId: '1', sizeId: '11', quantity: 2 }];
const TOKEN = 'tok-0123456789abcdef';
/** Typenames as the server sends them (the generated result types leave them out). */
const RECEIPT = { __typename: 'OrderReceipt' as const };
const FIELD_ERROR = { __typename: 'FieldError' as const };

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(leaveTo).mockReset();
  localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines: CART }));
  mswServer.use(
    graphql.query(CartQuoteDocument, ({ variables }) =>
      HttpResponse.json({
        data: {
          cartQuote: fakeQuote(
            variables.input.lines.map((l) => ({
              productId: l.productId,
              sizeId: l.sizeId,
              quantity: l.quantity,
              price: 45_000,
            })),
          ),
        },
      }),
    ),
    // Any remembered order is still waiting for its payment.
    graphql.query(PendingOrderDocument, ({ variables }) =>
      HttpResponse.json({
        data: {
          orderReceipt: {
            ...RECEIPT,
            reference: variables.reference,
            canPay: true,
            mayRelease: true,
            confirmed: false,
            ended: false,
            payBefore: '2025-11-12T20:45:00.000Z',
            total: 106_500,
            shippingAddress: PENDING_ORDER_DESTINATION,
          },
        },
      }),
    ),
  );
});

/** Answers placeOrder with `result` and records what the form sent. */
function placeOrderAnswers(result: PlaceOrderMutation['placeOrder']) {
  const sent: PlaceOrderMutationVariables[] = [];
  mswServer.use(
    graphql.mutation(PlaceOrderDocument, ({ variables }) => {
      sent.push(variables);
      return HttpResponse.json({ data: { placeOrder: result } });
    }),
  );
  return sent;
}

const PLACED = {
  __typename: 'OrderPlaced' as const,
  reference: 'ENZ-7K3Q9D',
  accessToken: TOKEN,
  checkoutUrl: '/pasarela-sandbox?session=abc',
};

async function renderCheckout() {
  const user = userEvent.setup();
  const view = renderWithProviders(<CheckoutPage />, { route: '/proceso-pago-items' });
  await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
  return { user, ...view };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, place: 'Bogotá' | 'Cúcuta' = 'Bogotá') {
  await user.type(screen.getByLabelText('Nombre y apellidos'), 'Ana María Pérez');
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@correo.com');
  await user.type(screen.getByLabelText('Celular'), '315 482 7760');
  await user.type(screen.getByLabelText('Número de documento'), '1020304050');
  if (place === 'Bogotá') {
    await user.selectOptions(screen.getByLabelText('Departamento'), 'Bogotá D.C.');
  } else {
    await user.selectOptions(screen.getByLabelText('Departamento'), 'Norte de Santander');
    await user.type(screen.getByLabelText('Municipio'), 'Cúcuta');
  }
  await user.type(screen.getByLabelText('Dirección'), 'Calle 10 # 5-20');
  await user.click(screen.getByRole('checkbox', { name: /política de tratamiento de datos/ }));
}

describe('checkout form', () => {
  it('puts the focus on the page heading when it opens', async () => {
    await renderCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toHaveFocus();
  });

  it('shows every error inline in Spanish, tied to its field, and focuses the first', async () => {
    const { user } = await renderCheckout();
    const sent = placeOrderAnswers(PLACED);
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const name = screen.getByLabelText('Nombre y apellidos');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Escribe tu nombre y apellidos.');
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(/Escribe tu correo electrónico\./);
    expect(screen.getByLabelText('Celular')).toHaveAccessibleDescription(/Escribe tu número de celular\./);
    expect(screen.getByText('Elige un departamento de la lista.')).toBeInTheDocument();
    expect(screen.getByText('Debes aceptar la política de tratamiento de datos para continuar.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa los datos marcados.');
    expect(sent).toEqual([]);
  });

  it('asks for a municipality of the chosen department and fills Bogotá’s only one by itself', async () => {
    const { user } = await renderCheckout();
    await user.selectOptions(screen.getByLabelText('Departamento'), 'Antioquia');
    await user.type(screen.getByLabelText('Municipio'), 'Springfield');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Elige un municipio de Antioquia de la lista.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Municipio'));
    await user.type(screen.getByLabelText('Municipio'), 'Medellín');
    await waitFor(() => expect(screen.queryByText('Elige un municipio de Antioquia de la lista.')).toBeNull());

    await user.selectOptions(screen.getByLabelText('Departamento'), 'Bogotá D.C.');
    expect(screen.getByLabelText('Municipio')).toHaveValue('Bogotá D.C.');
  });

  it('sends placeOrder with the cart and the form, keeps the cart and remembers the order, then goes to the gateway', async () => {
    const { user } = await renderCheckout();
    const sent = placeOrderAnswers(PLACED);
    await fillValidForm(user, 'Bogotá');
    await user.click(screen.getByRole('radio', { name: 'PSE' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/pasarela-sandbox?session=abc'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toEqual({
      lines: CART,
      discountCode: null,
      customer: {
        fullName: 'Ana María Pérez',
        email: 'ana@correo.com',
        phone: '315 482 7760',
        documentType: 'CC',
        documentNumber: '1020304050',
      },
      shipping: { departmentCode: '11', municipalityCode: '11001', address: 'Calle 10 # 5-20', neighborhood: null },
      paymentMethod: 'PSE',
      acceptDataPolicy: true,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The cart stays until the payment is approved; the order is remembered to come back to it.
    expect(JSON.parse(localStorage.getItem('enzo.cart.v1')!).lines).toEqual(CART);
    expect(JSON.parse(localStorage.getItem('enzo.order.v1')!)).toMatchObject({ reference: 'ENZ-7K3Q9D', token: TOKEN });
  });

  it('after placeOrder refuses a code, quotes again without it at once: the real total, no code applied, and why', async () => {
    localStorage.setItem('enzo.discount.v1', JSON.stringify('PRIMERA'));
    const codes: Array<string | null | undefined> = [];
    mswServer.use(
      graphql.query(CartQuoteDocument, ({ variables }) => {
        codes.push(variables.input.discountCode);
        const lines = variables.input.lines.map((l) => ({ ...l, price: 45_000 }));
        return HttpResponse.json({
          data: { cartQuote: fakeQuote(lines, { code: variables.input.discountCode, percent: 10 }) },
        });
      }),
    );
    const { user } = await renderCheckout();
    const summary = screen.getByRole('region', { name: 'Tu pedido' });
    expect(await within(summary).findByText(/Código PRIMERA aplicado/)).toBeInTheDocument();
    placeOrderAnswers({
      __typename: 'InvalidDiscountCode',
      code: 'PRIMERA',
      message: 'Este código no aplica a este pedido.',
    });
    await fillValidForm(user, 'Bogotá');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(
      await screen.findByText(
        'El código PRIMERA no se aplicó: Este código no aplica a este pedido. Revisa el nuevo total antes de pagar.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(codes.at(-1)).toBeNull());
    // 2 × 45.000 without the 10 %: shipping is charged and nothing reads as applied.
    await waitFor(() => expect(within(summary).queryByText(/aplicado/)).toBeNull());
    expect(
      within(summary).getByText(
        'El código PRIMERA no se aplicó: Este código no aplica a este pedido. El total ya no lo incluye.',
      ),
    ).toBeInTheDocument();
    expect(within(summary).queryByText('−$ 9.000')).toBeNull();
    expect(screen.getByText(/Pagarás \$ 106\.500 en la pasarela/)).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('puts the server’s field errors on their fields and focuses the first', async () => {
    const { user } = await renderCheckout();
    placeOrderAnswers({
      __typename: 'ValidationErrors',
      message: 'Revisa los datos marcados.',
      errors: [
        { ...FIELD_ERROR, field: 'customer.email', message: 'Este dominio de correo no existe.' },
        {
          ...FIELD_ERROR,
          field: 'shipping.address',
          message: 'Escribe la dirección completa de entrega (ej. Calle 10 # 5-20).',
        },
      ],
    });
    await fillValidForm(user, 'Cúcuta');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const email = screen.getByLabelText('Correo electrónico');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Este dominio de correo no existe\./);
    expect(screen.getByLabelText('Dirección')).toHaveAccessibleDescription(/Escribe la dirección completa de entrega/);
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa los datos marcados.');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it("back with an order waiting for its payment and a form that lost its destination: the order's destination fills it, and the quote is that place's", async () => {
    localStorage.setItem('enzo.order.v1', JSON.stringify({ reference: 'ENZ-AAAAAA', token: TOKEN, cart: '1:11:2|' }));
    const destinations: unknown[] = [];
    mswServer.use(
      graphql.query(CartQuoteDocument, ({ variables }) => {
        destinations.push(variables.input.destination ?? null);
        const lines = variables.input.lines.map((l) => ({ ...l, price: 45_000 }));
        return HttpResponse.json({ data: { cartQuote: fakeQuote(lines, { estimate: !variables.input.destination }) } });
      }),
    );
    await renderCheckout();
    await screen.findByText(/Tu pedido/, { selector: '.pending-order p' });
    await waitFor(() => expect(screen.getByLabelText('Municipio')).toHaveValue('Ábrego'));
    expect(screen.getByLabelText('Departamento')).toHaveValue('54');
    expect(screen.getByLabelText('Dirección')).toHaveValue('Calle 4 # 5-67');
    await waitFor(() => expect(destinations.at(-1)).toEqual({ departmentCode: '54', municipalityCode: '54003' }));
    // The summary prices that destination (no «desde»).
    await waitFor(() => expect(screen.queryByText('El envío se calcula con tu departamento y municipio.')).toBeNull());
    expect(screen.getByText(/^Entrega en /)).toBeInTheDocument();
  });

  it('keeps the destination the shopper already chose in this tab, even with an order waiting', async () => {
    localStorage.setItem('enzo.order.v1', JSON.stringify({ reference: 'ENZ-AAAAAA', token: TOKEN, cart: '1:11:2|' }));
    sessionStorage.setItem(
      'enzo.checkout.form.v2',
      JSON.stringify({
        shipping: { departmentCode: '11', municipalityCode: '11001', address: 'Calle 1', neighborhood: '' },
      }),
    );
    await renderCheckout();
    await screen.findByText(/Tu pedido/, { selector: '.pending-order p' });
    expect(screen.getByLabelText('Departamento')).toHaveValue('11');
    expect(screen.getByLabelText('Dirección')).toHaveValue('Calle 1');
  });

  it('with an order from this cart still waiting: offers to finish it, and paying again lets the old one go first', async () => {
    localStorage.setItem('enzo.order.v1', JSON.stringify({ reference: 'ENZ-AAAAAA', token: TOKEN, cart: '1:11:2|' }));
    const calls: string[] = [];
    mswServer.use(
      graphql.mutation(ReleaseOrderDocument, ({ variables }) => {
        calls.push(`release ${variables.reference}`);
        return HttpResponse.json({
          data: { releaseOrder: { __typename: 'OrderReleased', reference: 'ENZ-AAAAAA', status: 'CANCELADO' } },
        });
      }),
      graphql.mutation(PlaceOrderDocument, () => {
        calls.push('place');
        return HttpResponse.json({ data: { placeOrder: PLACED } });
      }),
    );
    const { user } = await renderCheckout();
    const notice = await screen.findByText(/Tu pedido/, { selector: '.pending-order p' });
    expect(notice).toHaveTextContent(
      /^Tu pedido ENZ-AAAAAA por \$ 106\.500, con envío a Ábrego \(Norte de Santander\), está esperando el pago y tus productos están apartados hasta las 3:45 p\. m\.$/,
    );
    expect(within(notice.closest('.pending-order')!).getByRole('link', { name: 'Completar el pago' })).toHaveAttribute(
      'href',
      `/pago-exitoso?ref=ENZ-AAAAAA&token=${TOKEN}`,
    );

    await fillValidForm(user, 'Bogotá');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/pasarela-sandbox?session=abc'));
    expect(calls).toEqual(['release ENZ-AAAAAA', 'place']);
    expect(JSON.parse(localStorage.getItem('enzo.order.v1')!).reference).toBe('ENZ-7K3Q9D');
  });
});
