import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { fakeQuote } from '../../test-utils/cart-test-data';
import { cartOpenAtom } from './cart-atoms';
import { CartQuoteDocument } from './cart.generated';
import { CartDrawer } from './cart-drawer';

/**
 * One source for the shop's rules: with other values in `#shared/shop.js`, the MSW quote (priced by the
 * shop's own priceCart, as the server prices) and everything the drawer says follow them; the drawer keeps
 * no threshold of its own (it reads the quote's `freeShippingFrom`). The server's side: tests/api/shop-rules.test.ts.
 */
vi.mock('#shared/shop.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#shared/shop.js')>()),
  FREE_SHIPPING_THRESHOLD: 90_000,
  SHIPPING_FEE: 9_900,
  IVA_RATE: 0.05,
}));

async function drawerFor(quantity: number) {
  localStorage.setItem(
    'enzo.cart.v1',
    JSON.stringify({ version: 1, lines: [{ productId: '2', sizeId: '21', quantity }] }),
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
              price: 80_000,
              name: 'Pechera Azul',
            })),
          ),
        },
      }),
    ),
  );
  const store = createStore();
  store.set(cartOpenAtom, true);
  const view = renderWithProviders(<CartDrawer />, { store });
  const dialog = await screen.findByRole('dialog', { name: 'Carro de Compras' });
  await within(dialog).findByText('Total');
  return { dialog, ...view };
}

describe('shop rules in the cart', () => {
  it('charges the mocked fee below the mocked threshold, says what is missing, and IVA follows the mocked rate', async () => {
    const { dialog } = await drawerFor(1);
    expect(within(dialog).getByText('ENVÍO').nextSibling).toHaveTextContent('$ 9.900');
    expect(within(dialog).getByText(/Te faltan/)).toHaveTextContent('Te faltan $ 10.000 para envío gratis.');
    // 89.900 with IVA at 5 %: 89.900 − round(89.900 / 1,05) = 4.281.
    expect(within(dialog).getByText('IVA incluido').nextSibling).toHaveTextContent('$ 4.281');
  });

  it('ships free from the mocked threshold', async () => {
    const { dialog } = await drawerFor(2);
    expect(within(dialog).getByText('ENVÍO').nextSibling).toHaveTextContent('Gratis');
    expect(within(dialog).getByText('¡Tu envío es gratis!')).toBeInTheDocument();
  });
});
