import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { mswServer } from '../test-utils/msw-server';
import { CartQuoteDocument } from '../features/cart';
import { fakeQuote } from '../test-utils/cart-test-data';
import { publicLayoutHandler } from '../test-utils/public-layout';
import { SiteHeader } from './site-header';

const PRODUCTS: Record<string, { price: number; name: string; stock?: number }> = {
  '1': { price: 45_000, name: 'Collar Cuero Miel' },
  '2': { price: 60_000, name: 'Pechera Azul' },
  '3': { price: 38_000, name: 'Bandana Calabaza', stock: 0 },
  '4': { price: 52_000, name: 'Arnés Bosque', stock: 2 },
};
const CODES: Record<string, number> = { ENZO15: 15 };

function useQuoteHandler() {
  mswServer.use(
    graphql.query(CartQuoteDocument, ({ variables }) => {
      const { lines, discountCode } = variables.input;
      const code = discountCode ?? null;
      return HttpResponse.json({
        data: {
          cartQuote: fakeQuote(
            lines.map((l) => ({
              productId: String(l.productId),
              sizeId: String(l.sizeId),
              quantity: l.quantity,
              ...PRODUCTS[String(l.productId)]!,
            })),
            { code, percent: code ? CODES[code] : undefined },
          ),
        },
      });
    }),
  );
}

function storeCart(lines: { productId: string; sizeId: string; quantity: number }[]) {
  localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 1, lines }));
}

const HALLOWEEN = { slug: 'halloween', path: '/halloween', title: 'Halloween' };

function renderHeader(campaigns = [HALLOWEEN]) {
  mswServer.use(publicLayoutHandler({ campaigns }));
  return renderWithProviders(
    <>
      <SiteHeader />
      <Routes>
        <Route path="/proceso-pago-items" element={<h1>Finalizar compra</h1>} />
        <Route path="*" element={<p>Inicio</p>} />
      </Routes>
    </>,
  );
}

describe('campaign links', () => {
  it('links the campaign pages staff have on, and none when they are off', async () => {
    const on = renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(await within(nav).findByRole('link', { name: 'Halloween' })).toHaveAttribute('href', '/halloween');
    on.unmount();
    renderHeader([]);
    const again = screen.getByRole('navigation', { name: 'Principal' });
    await within(again).findByRole('link', { name: 'Nosotros' });
    await waitFor(() => expect(within(again).queryByRole('link', { name: 'Halloween' })).toBeNull());
  });
});

describe('cart badge', () => {
  it('is hidden when the cart is empty', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: 'Carro de compras' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it('shows the sum of quantities from the stored cart', () => {
    storeCart([
      { productId: '1', sizeId: '11', quantity: 2 },
      { productId: '2', sizeId: '21', quantity: 3 },
    ]);
    renderHeader();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('5');
    // The button's name carries the count it shows (axe: label-content-name-mismatch).
    expect(screen.getByRole('button', { name: 'Carro de compras, 5 artículos' })).toBeInTheDocument();
  });

  it('ignores unreadable or outdated stored carts', () => {
    localStorage.setItem('enzo.cart.v1', '{not json');
    const first = renderHeader();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    first.unmount();
    localStorage.setItem('enzo.cart.v1', JSON.stringify({ version: 0, items: [{ id: 1 }] }));
    renderHeader();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });
});

describe('cart drawer', () => {
  it('opens as a labelled modal dialog with the server figures and shipping', async () => {
    useQuoteHandler();
    storeCart([{ productId: '1', sizeId: '11', quantity: 2 }]);
    const user = userEvent.setup();
    renderHeader();
    const opener = screen.getByRole('button', { name: /^Carro de compras/ });
    await user.click(opener);
    // The drawer's code is downloaded when it is first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Carro de Compras' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('Artículos añadidos')).toBeInTheDocument();
    expect(await within(dialog).findByText('Collar Cuero Miel')).toBeInTheDocument();
    const totals = within(dialog).getByText('ENVÍO').closest('dl')!;
    expect(within(totals).getByText('$ 16.500')).toBeInTheDocument();
    expect(within(totals).getByText('Subtotal').nextSibling).toHaveTextContent('$ 90.000');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('$ 106.500');
    expect(within(dialog).getByRole('link', { name: 'Collares' })).toHaveAttribute('href', '/collares');
    expect(within(dialog).getByRole('button', { name: 'Cerrar Carro' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: /Agregar una unidad/ }));
    await waitFor(() => expect(within(dialog).getByText('Total').nextSibling).toHaveTextContent('$ 151.500'));
    expect(within(dialog).getByText('ENVÍO').nextSibling).toHaveTextContent('$ 16.500');
    await user.click(within(dialog).getByRole('button', { name: /Agregar una unidad/ }));
    await waitFor(() => expect(within(dialog).getByText('ENVÍO').nextSibling).toHaveTextContent('Gratis'));
    expect(within(dialog).getByText('Total').nextSibling).toHaveTextContent('$ 180.000');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('4');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on Cerrar Carro, Continuar Comprando and the overlay, and keeps Tab inside', async () => {
    useQuoteHandler();
    storeCart([{ productId: '1', sizeId: '11', quantity: 1 }]);
    const user = userEvent.setup();
    renderHeader();
    const opener = screen.getByRole('button', { name: /^Carro de compras/ });
    await user.click(opener);
    await screen.findByRole('dialog');
    await screen.findByText('Collar Cuero Miel');
    await user.click(screen.getByRole('button', { name: 'Cerrar Carro' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Continuar Comprando' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 15; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.click(screen.getByTestId('cart-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Ir a Pagar closes the drawer and the mobile menu and goes to checkout', async () => {
    useQuoteHandler();
    storeCart([{ productId: '2', sizeId: '21', quantity: 1 }]);
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menú' }));
    const menu = await screen.findByRole('dialog', { name: 'Menú' });
    await user.click(within(menu).getByRole('button', { name: /Accesorios/ }));
    expect(within(menu).getByRole('link', { name: 'Collares' })).toHaveAttribute('href', '/collares');
    expect(within(menu).getByRole('link', { name: 'Chaquetas' })).toHaveAttribute('href', '/chaquetas');
    await user.click(within(menu).getByRole('button', { name: /Ver carro/ }));
    const cart = await screen.findByRole('dialog', { name: 'Carro de Compras' });
    await within(cart).findByText('Pechera Azul');
    await user.click(within(cart).getByRole('button', { name: 'Ir a Pagar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Finalizar compra' })).toBeInTheDocument();
  });

  it('shows line problems with a one-click fix', async () => {
    useQuoteHandler();
    storeCart([
      { productId: '1', sizeId: '11', quantity: 1 },
      { productId: '3', sizeId: '31', quantity: 1 },
      { productId: '4', sizeId: '41', quantity: 5 },
    ]);
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: /^Carro de compras/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Agotado')).toBeInTheDocument();
    expect(within(dialog).getByText('Solo quedan 2 unidades')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Dejar 2 unidades' }));
    await waitFor(() => expect(within(dialog).queryByText('Solo quedan 2 unidades')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Quitar del carro' }));
    await waitFor(() => expect(within(dialog).queryByText('Bandana Calabaza')).toBeNull());
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(JSON.parse(localStorage.getItem('enzo.cart.v1')!).lines).toEqual([
      { productId: '1', sizeId: '11', quantity: 1 },
      { productId: '4', sizeId: '41', quantity: 2 },
    ]);
  });
});

describe('discount code field', () => {
  it('shows exactly the shop message for an unknown code and the discount line for a valid one', async () => {
    useQuoteHandler();
    storeCart([{ productId: '2', sizeId: '21', quantity: 2 }]);
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: /^Carro de compras/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Pechera Azul');
    const input = within(dialog).getByLabelText('Código de descuento');
    await user.type(input, 'NOEXISTE');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Código de Descuento no valido\.$/);
    expect(within(dialog).queryByText(/Descuento \(/)).toBeNull();

    await user.clear(input);
    await user.type(input, 'enzo15');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await within(dialog).findByText('Descuento (ENZO15, 15 %)')).toBeInTheDocument();
    expect(within(dialog).getByText('− $ 18.000')).toBeInTheDocument();
    expect(within(dialog).queryByText('Código de Descuento no valido.')).toBeNull();
    expect(within(dialog).getByText('Total').nextSibling).toHaveTextContent('$ 118.500');
  });
});

describe('desktop menus', () => {
  it('are disclosure buttons that close on Escape and give focus back', async () => {
    const user = userEvent.setup();
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    const button = within(nav).getByRole('button', { name: 'Accesorios' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('link', { name: /Collares/ })).toHaveAttribute('href', '/collares');
    expect(within(panel).getByText('Ajustables: cuidan el cuello y la espalda.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(within(nav).getByRole('button', { name: 'Distribuidores Oficiales' }));
    expect(within(nav).getByRole('link', { name: 'Bogotá' })).toHaveAttribute('href', '/distribuidores-bogota');
    expect(within(nav).getByRole('link', { name: 'Denim For Pets' })).toHaveAttribute('href', '/chaquetas');
    // The threshold staff set (shopSettings), free from that amount on.
    expect(await screen.findByText('Envío gratis en compras desde $150.000')).toBeInTheDocument();
  });
});

describe('mobile menu', () => {
  it('stays mounted but hidden while closed, and opens with focus inside, closing on Escape back to the button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: 'Menú' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Mounted ahead of the first tap (once the page has painted), out of the accessibility tree while closed.
    await waitFor(() => expect(document.querySelector('.mobile-menu-root')).not.toBeNull());
    expect(document.querySelector('.mobile-menu-root')).toHaveAttribute('hidden');
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();

    await user.click(button);
    const menu = screen.getByRole('dialog', { name: 'Menú' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('button', { name: 'Cerrar menú' })).toHaveFocus();
    expect(within(menu).getByRole('search')).toBeInTheDocument();
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(menu.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    // Opened again: the same drawer, shown and focused anew.
    await user.click(button);
    expect(
      within(screen.getByRole('dialog', { name: 'Menú' })).getByRole('button', { name: 'Cerrar menú' }),
    ).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cerrar menú' }));
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
  });
});
