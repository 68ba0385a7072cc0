import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashOnDeliverySettings } from '#shared/cash-on-delivery.js';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { fakeQuote } from '../../test-utils/cart-test-data';
import { CartQuoteDocument, PendingOrderDocument } from '../cart';
import { PlaceOrderDocument, type PlaceOrderMutation, type PlaceOrderMutationVariables } from './checkout.generated';
import { CheckoutPage } from './checkout-page';
import { leaveTo } from '../../lib/leave-to';

vi.mock('../../lib/leave-to', () => ({ leaveTo: vi.fn() }));

const CART = [{ productId: '1', sizeId: '11', quantity: 2 }];
const TOKEN = 'tok-0123456789abcdef';

/** The server's quote with the shop's contraentrega settings, priced for the method the form asks about. */
function serveQuotes(cod: Pick<CashOnDeliverySettings, 'enabled' | 'maxTotal' | 'fee'>) {
  const asked: Array<string | null | undefined> = [];
  mswServer.use(
    graphql.query(CartQuoteDocument, ({ variables }) => {
      asked.push(variables.input.paymentMethod);
      const lines = variables.input.lines.map((l) => ({
        productId: l.productId,
        sizeId: l.sizeId,
        quantity: l.quantity,
        price: 45_000,
      }));
      return HttpResponse.json({
        data: { cartQuote: fakeQuote(lines, { cashOnDelivery: cod, paymentMethod: variables.input.paymentMethod }) },
      });
    }),
  );
  return asked;
}

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

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(leaveTo).mockReset();
  localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines: CART }));
  mswServer.use(graphql.query(PendingOrderDocument, () => HttpResponse.json({ data: { orderReceipt: null } })));
});

async function renderCheckout() {
  const user = userEvent.setup();
  renderWithProviders(<CheckoutPage />, { route: '/proceso-pago-items' });
  await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
  return user;
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre y apellidos'), 'Ana María Pérez');
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@correo.com');
  await user.type(screen.getByLabelText('Celular'), '315 482 7760');
  await user.type(screen.getByLabelText('Número de documento'), '1020304050');
  await user.selectOptions(screen.getByLabelText('Departamento'), 'Bogotá D.C.');
  await user.type(screen.getByLabelText('Dirección'), 'Calle 10 # 5-20');
  await user.click(screen.getByRole('checkbox', { name: /política de tratamiento de datos/ }));
}

const methods = () => within(screen.getByRole('group', { name: 'Medio de pago' }));

describe('checkout: pago contraentrega', () => {
  it('is not offered while the shop has it off; the online methods are', async () => {
    serveQuotes({ enabled: false, maxTotal: 500_000, fee: 0 });
    await renderCheckout();
    await screen.findByRole('radio', { name: 'Nequi' });
    expect(
      methods()
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['CARD', 'PSE', 'NEQUI', 'BANCOLOMBIA_TRANSFER']);
  });

  it('says why it is not available when the order is above the maximum', async () => {
    serveQuotes({ enabled: true, maxTotal: 100_000, fee: 5_000 });
    await renderCheckout();
    const cod = await screen.findByRole('radio', { name: /Pago contraentrega/ });
    expect(cod).toBeDisabled();
    expect(cod).toHaveAccessibleDescription(
      'El pago contraentrega está disponible para pedidos de hasta $ 100.000 (con el envío y el recargo). Elige otro medio de pago.',
    );
  });

  it('adds its fee to the total, says what happens next and places the order without the gateway', async () => {
    const asked = serveQuotes({ enabled: true, maxTotal: 500_000, fee: 5_000 });
    const sent = placeOrderAnswers({
      __typename: 'OrderPlaced',
      reference: 'ENZ-7K3Q9D',
      accessToken: TOKEN,
      checkoutUrl: 'http://tienda.test/pago-exitoso?ref=ENZ-7K3Q9D&token=x',
    });
    const user = await renderCheckout();
    await fillValidForm(user);
    const cod = await screen.findByRole('radio', { name: /Pago contraentrega/ });
    expect(cod).toHaveAccessibleDescription(
      'Te llamamos para confirmar el pedido y pagas en efectivo a la transportadora. Recargo de $ 5.000.',
    );
    await user.click(cod);
    const summary = screen.getByRole('region', { name: 'Tu pedido' });
    await within(summary).findByText('Recargo pago contraentrega');
    // Re-quoting keeps the option on the page: the keyboard focus stays on the chosen radio.
    expect(screen.getByRole('radio', { name: /Pago contraentrega/ })).toHaveFocus();
    expect(asked.at(-1)).toBe('CASH_ON_DELIVERY');
    // 90.000 of merchandise + 16.500 of shipping + 5.000 of fee.
    expect(within(summary).getByText('$ 111.500')).toBeInTheDocument();
    expect(screen.getByText(/No pagas nada ahora/)).toHaveTextContent(
      'pagarás $ 111.500 en efectivo a la transportadora',
    );
    await user.click(screen.getByRole('button', { name: 'Hacer pedido' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://tienda.test/pago-exitoso?ref=ENZ-7K3Q9D&token=x'));
    expect(sent[0]!.input.paymentMethod).toBe('CASH_ON_DELIVERY');
  });

  it('shows the server refusal when contraentrega was switched off meanwhile', async () => {
    serveQuotes({ enabled: true, maxTotal: 500_000, fee: 0 });
    placeOrderAnswers({
      __typename: 'CashOnDeliveryUnavailable',
      reason: 'DISABLED',
      maxTotal: 500_000,
      message: 'El pago contraentrega no está disponible en este momento. Elige otro medio de pago.',
    });
    const user = await renderCheckout();
    await fillValidForm(user);
    await user.click(await screen.findByRole('radio', { name: /Pago contraentrega/ }));
    await user.click(screen.getByRole('button', { name: 'Hacer pedido' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El pago contraentrega no está disponible en este momento. Elige otro medio de pago.',
    );
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
