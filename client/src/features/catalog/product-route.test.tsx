import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { ProductDetailDocument } from './catalog.generated';
import { ProductRoute } from './product-route';
import { lastUnitsNote } from './product-purchase';

const jacket = {
  __typename: 'Product' as const,
  id: '48',
  slug: 'chaqueta-denim-clasica-indigo',
  name: 'Chaqueta Denim Clásica Índigo',
  description: 'Denim índigo de 12 onzas con botones metálicos.',
  price: 129_000,
  collections: [],
  soldOut: false,
  category: { __typename: 'CategoryRef' as const, slug: 'chaquetas', name: 'Chaquetas (Denim For Pets)' },
  sizes: [
    { __typename: 'ProductSize' as const, id: '1', label: 'XS', stock: 0, available: false },
    { __typename: 'ProductSize' as const, id: '2', label: 'S', stock: 4, available: true },
    { __typename: 'ProductSize' as const, id: '3', label: 'M', stock: 9, available: true },
  ],
  images: [
    {
      __typename: 'Image' as const,
      url: '/media/products/chaqueta.svg',
      alt: 'Chaqueta',
      width: 800,
      height: 800,
      srcSet: null,
      fallbackSrcSet: null,
    },
  ],
  formerCategories: [],
  sizeGuide: {
    __typename: 'SizeGuide' as const,
    measurements: ['NECK', 'CHEST', 'BACK_LENGTH'] as Array<'NECK' | 'CHEST' | 'BACK_LENGTH'>,
    note: 'Si está entre dos tallas, elige la mayor.',
    rows: [
      {
        __typename: 'SizeGuideRow' as const,
        size: 'S',
        values: [28, 40, 30].map((min) => ({ __typename: 'MeasureRange' as const, min, max: null })),
      },
    ],
  },
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(route: string, onAdd = vi.fn()) {
  mswServer.use(
    graphql.query(ProductDetailDocument, ({ variables }) =>
      HttpResponse.json({ data: { product: variables.id === '48' ? jacket : null } }),
    ),
  );
  renderWithProviders(
    <>
      <Routes>
        {['/chaqueta/:id/:nombre', '/correa/:id/:nombre'].map((path) => (
          <Route
            key={path}
            path={path}
            element={<ProductRoute onAddToCart={onAdd} notFound={<h1>Página no encontrada</h1>} />}
          />
        ))}
      </Routes>
      <Where />
    </>,
    { route },
  );
  return onAdd;
}

describe('ProductRoute', () => {
  it('shows the product, disables sold-out sizes and adds the chosen size and quantity', async () => {
    const user = userEvent.setup();
    const onAdd = renderAt('/chaqueta/48/chaqueta-denim-clasica-indigo');
    expect(await screen.findByRole('heading', { level: 1, name: jacket.name })).toBeInTheDocument();
    expect(screen.getByText('$ 129.000')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'XS' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'S' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Chaquetas (Denim For Pets)' })).toHaveAttribute('href', '/chaquetas');
    const table = screen.getByRole('table', { name: `Medidas de ${jacket.name} en centímetros por talla` });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Talla', 'Cuello (cm)', 'Pecho (cm)', 'Largo de espalda (cm)']);
    expect(within(table).getByRole('rowheader', { name: 'S' }).parentElement).toHaveTextContent('S284030');
    expect(screen.getByText('Si está entre dos tallas, elige la mayor.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Agregar una unidad' }));
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
    // What the page showed goes with the line, for the cart drawer to draw it before the server prices it (no price).
    expect(onAdd).toHaveBeenCalledWith({
      productId: '48',
      sizeId: '3',
      quantity: 2,
      available: 9,
      sizeLabel: 'M',
      shown: {
        name: 'Chaqueta Denim Clásica Índigo',
        sizeLabel: 'M',
        image: '/media/products/chaqueta.svg',
        href: '/chaqueta/48/chaqueta-denim-clasica-indigo',
        categoryName: 'Chaquetas (Denim For Pets)',
        categorySlug: 'chaquetas',
      },
    });
    expect(document.title).toBe(`${jacket.name} | Enzo`);
  });

  it('writes the last units in good Spanish: singular for one, plural for more', async () => {
    jacket.sizes[1]!.stock = 1;
    try {
      renderAt('/chaqueta/48/chaqueta-denim-clasica-indigo');
      expect(await screen.findByText('¡Última unidad en talla S!')).toBeInTheDocument();
      expect(screen.queryByText(/Últimas unidad/)).toBeNull();
    } finally {
      jacket.sizes[1]!.stock = 4;
    }
    expect(lastUnitsNote(3, 'M')).toBe('¡Últimas 3 unidades en talla M!');
  });

  it('redirects a wrong slug to the canonical URL', async () => {
    renderAt('/chaqueta/48/nombre-viejo');
    expect(await screen.findByRole('heading', { level: 1, name: jacket.name })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/chaqueta/48/chaqueta-denim-clasica-indigo');
  });

  it('shows the 404 page for an unknown id or another category route', async () => {
    renderAt('/correa/48/chaqueta-denim-clasica-indigo');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown product', async () => {
    renderAt('/chaqueta/999/nada');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });
});
