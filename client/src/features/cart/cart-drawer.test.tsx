import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { fakeQuote, PENDING_ORDER_DESTINATION } from '../../test-utils/cart-test-data';
import { addToCartAtom, cartOpenAtom } from './cart-atoms';
import { CartQuoteDocument, PendingOrderDocument, ReleaseOrderDocument } from './cart.generated';
import { CartDrawer } from './cart-drawer';

const PRODUCTS: Record<string, { price: number; name: string; stock?: number }> = {
  '1': { price: 45_000, name: 'Collar Cuero Miel' },
  '2': { price: 80_000, name: 'Pechera Azul' },
  '4': { price: 52_000, name: 'Arnés Bosque', stock: 1 },
  '5': { price: 138_000, name: 'Chaqueta Denim' },
};
const CODES: Record<string, number> = { ENZO15: 15 };

function serveQuotes() {
  mswServer.use(
    graphql.query(CartQuoteDocument, ({ variables }) => {
      const code = variables.input.discountCode ?? null;
      const lines = variables.input.lines.map((l) => ({
        productId: l.productId,
        sizeId: l.sizeId,
        quantity: l.quantity,
        ...PRODUCTS[l.productId]!,
      }));
      return HttpResponse.json({
        data: { cartQuote: fakeQuote(lines, { code, percent: code ? CODES[code] : undefined }) },
      });
    }),
  );
}

function storeCart(lines: { productId: string; sizeId: string; quantity: number }[], code?: string) {
  localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines }));
  if (code) localStorage.setItem('enzo.discount.v1', JSON.stringify(code));
}

async function openDrawer(store = createStore()) {
  serveQuotes();
  store.set(cartOpenAtom, true);
  const user = userEvent.setup();
  renderWithProviders(<CartDrawer />, { store });
  const dialog = await screen.findByRole('dialog', { name: 'Carro de Compras' });
  await within(dialog).findByRole('list', { name: 'Productos en el carro' });
  await waitFor(() => expect(dialog.querySelector('[aria-busy="true"]')).toBeNull());
  return { user, dialog, store };
}

const figure = (dialog: HTMLElement, label: string) => within(dialog).getByText(label).nextSibling as HTMLElement;

describe('cart drawer', () => {
  it('draws a line just added at once, as the product page showed it, and prices it when the quote comes', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serveQuotes();
    mswServer.use(
      graphql.query(CartQuoteDocument, async () => {
        await answered;
        return undefined;
      }),
    );
    const store = createStore();
    store.set(addToCartAtom, {
      productId: '1',
      sizeId: '11',
      quantity: 2,
      available: 5,
      sizeLabel: 'M',
      shown: {
        name: 'Collar Cuero Miel',
        sizeLabel: 'M',
        href: '/collares/1/collar-cuero-miel',
        categorySlug: 'collares',
        categoryName: 'Collares',
        image: '/media/products/collar.svg',
      },
    });
    renderWithProviders(<CartDrawer />, { store });
    const dialog = await screen.findByRole('dialog', { name: 'Carro de Compras' });
    const line = within(dialog).getByRole('listitem');
    // At once: name, size, quantity, picture and category; no figure yet, and the drawer says it is busy.
    expect(within(line).getByRole('link', { name: 'Collar Cuero Miel' })).toHaveAttribute(
      'href',
      '/collares/1/collar-cuero-miel',
    );
    expect(within(line).getByText('Talla M')).toBeInTheDocument();
    expect(within(line).getByRole('link', { name: 'Collares' })).toHaveAttribute('href', '/collares');
    expect(line.querySelector('img')).toHaveAttribute('src', '/media/products/collar.svg');
    expect(within(line).getByText('2', { selector: 'output' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/\$/)).toBeNull();
    expect(dialog.querySelectorAll('.pending-figure').length).toBeGreaterThanOrEqual(5);
    expect(dialog.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(within(dialog).getByText('Subtotal')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ir a Pagar' })).toBeEnabled();

    answer();
    await waitFor(() => expect(figure(dialog, 'Total')).toHaveTextContent('$ 106.500'));
    expect(within(line).getByText('$ 90.000')).toBeInTheDocument();
    expect(dialog.querySelector('.pending-figure')).toBeNull();
    expect(dialog.querySelector('[aria-busy="true"]')).toBeNull();
    // The server's looks replace the page's; only ids and quantities were sent (and stored with the looks).
    expect(JSON.parse(localStorage.getItem('enzo.cart.v1')!).lines[0]).toMatchObject({ quantity: 2, shown: {} });
  });

  it('says the cart is empty at once, without waiting for a quote', async () => {
    storeCart([]);
    serveQuotes();
    const store = createStore();
    store.set(cartOpenAtom, true);
    renderWithProviders(<CartDrawer />, { store });
    const dialog = await screen.findByRole('dialog', { name: 'Carro de Compras' });
    expect(within(dialog).getByText(/Tu carro está vacío/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ir a Pagar' })).toBeDisabled();
  });

  it('shows each line’s unit price × quantity, and the discount as one amount', async () => {
    storeCart([{ productId: '1', sizeId: '11', quantity: 2 }], 'ENZO15');
    const { dialog } = await openDrawer();
    const line = within(dialog).getByRole('listitem');
    expect(within(line).getByText(/× 2/)).toHaveTextContent('$ 45.000 × 2 unidades');
    expect(within(line).getByText('$ 90.000')).toBeInTheDocument();
    // "−" and the amount never part across lines (a wrapped "− $" / "26.100" reads as two figures).
    expect(figure(dialog, 'Descuento (ENZO15, 15 %)').textContent).toBe('−\u00a0$ 13.500');
  });

  it('never holds more than the stock: adding the last unit again keeps 1, says why, and the totals stay right', async () => {
    const store = createStore();
    const last = { productId: '4', sizeId: '41', quantity: 1, available: 1, sizeLabel: 'M' };
    store.set(addToCartAtom, last);
    store.set(addToCartAtom, last);
    const { dialog } = await openDrawer(store);
    expect(within(dialog).getByText('Solo queda 1 unidad de talla M y ya está en tu carro.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('enzo.cart.v1')!).lines).toEqual([
      { productId: '4', sizeId: '41', quantity: 1 },
    ]);
    expect(figure(dialog, 'Subtotal')).toHaveTextContent('$ 52.000');
    expect(figure(dialog, 'Total')).toHaveTextContent('$ 68.500');
    expect(within(dialog).queryByText('$ 0')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Agregar una unidad de Arnés Bosque, talla M' })).toBeDisabled();
    expect(within(dialog).getByText('Solo queda 1 unidad de esta talla.')).toBeInTheDocument();
  });

  it('counts every tap on + even before the quote comes back', async () => {
    storeCart([{ productId: '1', sizeId: '11', quantity: 1 }]);
    const { dialog, user } = await openDrawer();
    const plus = within(dialog).getByRole('button', { name: /Agregar una unidad/ });
    await user.click(plus);
    await user.click(plus);
    expect(JSON.parse(localStorage.getItem('enzo.cart.v1')!).lines).toEqual([
      { productId: '1', sizeId: '11', quantity: 3 },
    ]);
    await waitFor(() => expect(figure(dialog, 'Subtotal')).toHaveTextContent('$ 135.000'));
  });

  it('says which lines the totals leave out instead of showing $ 0', async () => {
    storeCart([{ productId: '4', sizeId: '41', quantity: 3 }]);
    const { dialog, user } = await openDrawer();
    expect(
      within(dialog).getByText('Corrige los productos marcados para ver el total de tu compra.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('$ 0')).toBeNull();
    expect(within(dialog).getByText('Solo queda 1 unidad')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ir a Pagar' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Dejar 1 unidad' }));
    await waitFor(() => expect(figure(dialog, 'Subtotal')).toHaveTextContent('$ 52.000'));
  });

  it('tells how much is missing for free shipping', async () => {
    storeCart([{ productId: '5', sizeId: '51', quantity: 1 }]);
    const { dialog } = await openDrawer();
    expect(within(dialog).getByText(/Te faltan/)).toHaveTextContent('Te faltan $ 12.000 para envío gratis.');
    expect(within(dialog).getByRole('progressbar', { name: 'Camino al envío gratis' })).toHaveAttribute(
      'value',
      '138000',
    );
  });

  it('says why shipping came back when the discount brings the products under the threshold', async () => {
    storeCart([{ productId: '2', sizeId: '21', quantity: 2 }], 'ENZO15');
    const { dialog } = await openDrawer();
    expect(figure(dialog, 'ENVÍO')).toHaveTextContent('$ 16.500');
    expect(within(dialog).getByText(/Con el descuento/)).toHaveTextContent(
      'Con el descuento tu compra queda en $ 136.000, por debajo de $ 150.000: por eso se cobra el envío. Te faltan $ 14.000 para envío gratis.',
    );
  });

  it('offers to finish an order placed from this cart, and lets it go when the cart changes', async () => {
    storeCart([{ productId: '1', sizeId: '11', quantity: 1 }]);
    localStorage.setItem(
      'enzo.order.v1',
      JSON.stringify({ reference: 'ENZ-AAAAAA', token: 'tok-0123456789abcdef', cart: '1:11:1|' }),
    );
    const released: string[] = [];
    mswServer.use(
      graphql.query(PendingOrderDocument, () =>
        HttpResponse.json({
          data: {
            orderReceipt: {
              ...{ __typename: 'OrderReceipt' as const },
              reference: 'ENZ-AAAAAA',
              canPay: true,
              mayRelease: true,
              confirmed: false,
              ended: false,
              payBefore: '2025-11-12T20:45:00.000Z',
              total: 61_500,
              shippingAddress: PENDING_ORDER_DESTINATION,
            },
          },
        }),
      ),
      graphql.mutation(ReleaseOrderDocument, ({ variables }) => {
        released.push(variables.reference);
        return HttpResponse.json({
          data: {
            releaseOrder: { ...{ __typename: 'OrderReleased' as const }, reference: 'ENZ-AAAAAA', status: 'CANCELADO' },
          },
        });
      }),
    );
    const { dialog, user } = await openDrawer();
    const link = await within(dialog).findByRole('link', { name: 'Completar el pago' });
    expect(link).toHaveAttribute('href', '/pago-exitoso?ref=ENZ-AAAAAA&token=tok-0123456789abcdef');
    // One full stop after «p. m.» (the abbreviation's own).
    expect(within(dialog).getByText(/está esperando el pago/)).toHaveTextContent(
      /^Tu pedido ENZ-AAAAAA por \$ 61\.500, con envío a Ábrego \(Norte de Santander\), está esperando el pago y tus productos están apartados hasta las 3:45 p\. m\.$/,
    );

    await user.click(within(dialog).getByRole('button', { name: /Agregar una unidad/ }));
    expect(await within(dialog).findByText(/liberamos el pedido ENZ-AAAAAA/)).toBeInTheDocument();
    expect(released).toEqual(['ENZ-AAAAAA']);
    expect(within(dialog).queryByRole('link', { name: 'Completar el pago' })).toBeNull();
    expect(localStorage.getItem('enzo.order.v1')).toBe('null');
  });

  it.each([
    {
      what: 'confirmed (paid meanwhile): the cart it came from is bought and emptied',
      answer: { canPay: false, mayRelease: false, confirmed: true, ended: false },
      cartLeft: 0,
    },
    {
      what: 'ended unpaid: the order is forgotten and the cart stays, nothing is released',
      answer: { canPay: false, mayRelease: false, confirmed: false, ended: true },
      cartLeft: 1,
    },
    {
      what: 'declined past its hold: ended although the shopper could still let it go; the cart stays',
      answer: { canPay: false, mayRelease: true, confirmed: false, ended: true },
      cartLeft: 1,
    },
  ])('a remembered order the server says is $what', async ({ answer, cartLeft }) => {
    storeCart([{ productId: '1', sizeId: '11', quantity: 1 }]);
    localStorage.setItem(
      'enzo.order.v1',
      JSON.stringify({ reference: 'ENZ-AAAAAA', token: 'tok-0123456789abcdef', cart: '1:11:1|' }),
    );
    const released: string[] = [];
    mswServer.use(
      graphql.query(PendingOrderDocument, () =>
        HttpResponse.json({
          data: {
            orderReceipt: {
              ...{ __typename: 'OrderReceipt' as const },
              reference: 'ENZ-AAAAAA',
              ...answer,
              payBefore: null,
              total: 61_500,
              shippingAddress: PENDING_ORDER_DESTINATION,
            },
          },
        }),
      ),
      graphql.mutation(ReleaseOrderDocument, ({ variables }) => {
        released.push(variables.reference);
        return HttpResponse.json({
          data: { releaseOrder: { ...{ __typename: 'NotFound' as const }, message: 'No encontramos este pedido.' } },
        });
      }),
    );
    serveQuotes();
    const store = createStore();
    store.set(cartOpenAtom, true);
    renderWithProviders(<CartDrawer />, { store });
    await waitFor(() => expect(localStorage.getItem('enzo.order.v1')).toBe('null'));
    expect(JSON.parse(localStorage.getItem('enzo.cart.v1')!).lines).toHaveLength(cartLeft);
    expect(screen.queryByRole('link', { name: 'Completar el pago' })).toBeNull();
    expect(released).toEqual([]);
  });
});
