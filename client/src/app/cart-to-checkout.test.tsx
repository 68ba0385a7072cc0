import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { mswServer } from '../test-utils/msw-server';
import { fakeQuote } from '../test-utils/cart-test-data';
import { CartQuoteDocument } from '../features/cart';
import { CheckoutRoute } from '../features/checkout';
import { SiteHeader } from './site-header';

describe('from the cart to the checkout', () => {
  it('"Ir a Pagar" lands the focus on the checkout page’s heading, not on the cart button', async () => {
    localStorage.setItem(
      'enzo.cart.v1',
      JSON.stringify({ version: 1, lines: [{ productId: '1', sizeId: '11', quantity: 1 }] }),
    );
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
    );
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SiteHeader />
        <Routes>
          <Route path="/proceso-pago-items" element={<CheckoutRoute />} />
          <Route path="*" element={<p>Inicio</p>} />
        </Routes>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Carro de compras, 1 artículo' }));
    const cart = await screen.findByRole('dialog', { name: 'Carro de Compras' });
    await within(cart).findByText('Collar Cuero Miel');
    await user.click(within(cart).getByRole('button', { name: 'Ir a Pagar' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    expect(heading).toHaveFocus();
  });
});
