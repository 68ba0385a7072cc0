import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { fill } from '../../test-utils/fill';
import { mswServer } from '../../test-utils/msw-server';
import { CATEGORIES, fieldRefusal, staffProduct } from '../../test-utils/staff-test-data';
import {
  StaffCreateProductDocument,
  StaffProductFormOptionsDocument,
  StaffSaveProductDocument,
  StaffProductEditorDocument,
  type StaffCreateProductMutationVariables,
  type StaffSaveProductMutationVariables,
} from './staff-catalog.generated';
import { EditProductPage, NewProductPage } from './product-form-page';

const OPTIONS = {
  categories: CATEGORIES,
  staffCampaigns: [
    { __typename: 'StaffCampaign' as const, slug: 'halloween', title: 'Halloween', collection: 'halloween' },
  ],
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderNew() {
  const sent: Array<StaffCreateProductMutationVariables['input']> = [];
  mswServer.use(
    graphql.query(StaffProductFormOptionsDocument, () => HttpResponse.json({ data: OPTIONS })),
    graphql.mutation(StaffCreateProductDocument, ({ variables }) => {
      sent.push(variables.input);
      if (variables.input.slug === 'collar-cuero-miel') {
        return HttpResponse.json({
          data: { staffCreateProduct: fieldRefusal('slug', 'Ya hay otro producto con esa dirección (slug).') },
        });
      }
      return HttpResponse.json({
        data: { staffCreateProduct: staffProduct({ id: '77', name: variables.input.name }) },
      });
    }),
  );
  renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/productos/nuevo" element={<NewProductPage />} />
        <Route path="/dashboard/productos/:id" element={<h1>Producto creado</h1>} />
      </Routes>
      <Where />
    </>,
    { route: '/dashboard/productos/nuevo' },
  );
  return sent;
}

describe('staff product form', () => {
  it('says what is missing with the shared rules before sending anything', async () => {
    const user = userEvent.setup();
    const sent = renderNew();
    await user.click(await screen.findByRole('button', { name: 'Crear producto' }));
    expect(await screen.findByText('Escribe el nombre del producto (al menos 3 caracteres).')).toBeInTheDocument();
    expect(screen.getByText('Elige una categoría.')).toBeInTheDocument();
    expect(
      screen.getByText('El precio debe ser un número entero de pesos mayor que 0 (ej. 85000).'),
    ).toBeInTheDocument();
    expect(screen.getByText('Escribe una descripción de al menos 20 caracteres.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveFocus();
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('creates a one-size leash with its length and width in cm, then opens its page', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const sent = renderNew();
    await fill(user, await screen.findByLabelText('Nombre'), 'Correa Trenzada Mostaza 1,5 m');
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Correas');
    await user.type(screen.getByLabelText('Precio (COP, IVA incluido)'), '49.000');
    await fill(
      user,
      screen.getByLabelText('Descripción'),
      'Correa trenzada de 1,5 m con mosquetón de latón y manija acolchada.',
    );
    // One size instead of XS–XL.
    for (let i = 0; i < 4; i++) await user.click(screen.getAllByRole('button', { name: /^Quitar la talla/ })[1]!);
    await fill(user, screen.getByLabelText('Talla 1'), 'Única');
    await fill(user, screen.getByLabelText('Unidades de la talla 1'), '12');
    // Choosing the category filled in the leash measurements; staff adjust them.
    await user.click(screen.getByRole('button', { name: 'Usar medidas sugeridas para la categoría' }));
    const table = screen.getByRole('table', { name: /Medidas por talla/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Talla', 'Largo (cm)', 'Ancho (cm)']);
    await fill(user, screen.getByLabelText('Largo (cm) de la talla Única'), '150');
    await fill(user, screen.getByLabelText('Ancho (cm) de la talla Única'), '2,5');
    await user.click(screen.getByRole('button', { name: 'Crear producto' }));
    expect(await screen.findByRole('heading', { name: 'Producto creado' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/productos/77');
    expect(sent).toEqual([
      {
        name: 'Correa Trenzada Mostaza 1,5 m',
        slug: null,
        categorySlug: 'correas',
        description: 'Correa trenzada de 1,5 m con mosquetón de latón y manija acolchada.',
        price: 49_000,
        active: true,
        collections: [],
        pets: ['DOG'],
        sizes: [{ id: null, label: 'Única', sku: null, stock: 12, expectedStock: null }],
        sizeGuide: {
          measurements: ['LENGTH', 'WIDTH'],
          note: null,
          rows: [
            {
              size: 'Única',
              values: [
                { min: 150, max: null },
                { min: 2.5, max: null },
              ],
            },
          ],
        },
      },
    ]);
  });

  it('puts a server refusal on its field', async () => {
    const user = userEvent.setup();
    renderNew();
    await fill(user, await screen.findByLabelText('Nombre'), 'Collar Cuero Miel Dos');
    await fill(user, screen.getByLabelText('Dirección (slug)'), 'collar-cuero-miel');
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Collares');
    await user.type(screen.getByLabelText('Precio (COP, IVA incluido)'), '58000');
    await fill(user, screen.getByLabelText('Descripción'), 'Un collar de cuero miel cosido a mano en Cúcuta.');
    await user.click(screen.getByRole('button', { name: 'Crear producto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya hay otro producto con esa dirección (slug).');
    expect(screen.getByLabelText('Dirección (slug)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a bad measurement is refused with the shared message', async () => {
    const user = userEvent.setup();
    const sent = renderNew();
    await fill(user, await screen.findByLabelText('Nombre'), 'Collar Bordado Azul');
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Collares');
    await user.type(screen.getByLabelText('Precio (COP, IVA incluido)'), '52000');
    await fill(
      user,
      screen.getByLabelText('Descripción'),
      'Collar bordado a mano con hilos azules y hebilla plástica.',
    );
    await fill(user, screen.getByLabelText('Cuello (cm) de la talla M'), 'cuarenta');
    await user.click(screen.getByRole('button', { name: 'Crear producto' }));
    expect(
      await screen.findByText('Las medidas deben ser números entre 0,1 y 500 cm, con un decimal como máximo.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('edits a product: keeps the slug, sends sizes with the stock staff saw, shows former URLs', async () => {
    const user = userEvent.setup();
    const sizes = [
      { __typename: 'StaffProductSize' as const, id: '900', label: 'M', sku: 'ENZ-77-M', stock: 6, reserved: 2 },
    ];
    const product = staffProduct({ formerPaths: ['/collares/77/collar-viejo'], sizes });
    const sent: Array<StaffSaveProductMutationVariables> = [];
    mswServer.use(
      graphql.query(StaffProductEditorDocument, () =>
        HttpResponse.json({ data: { ...OPTIONS, staffProduct: product } }),
      ),
      graphql.mutation(StaffSaveProductDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({ data: { staffSaveProduct: { ...product, name: variables.input.name } } });
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/productos/:id" element={<EditProductPage />} />
      </Routes>,
      { route: '/dashboard/productos/77' },
    );
    expect(
      await screen.findByText('Direcciones anteriores (redirigen aquí): /collares/77/collar-viejo'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 unidades reservadas por órdenes pendientes de pago.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar la talla 1' })).toBeDisabled();
    await fill(user, screen.getByLabelText('Nombre'), 'Collar Cuero Café Edición Cúcuta');
    await user.click(screen.getByLabelText('Gatos'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Producto guardado.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      id: '77',
      input: {
        name: 'Collar Cuero Café Edición Cúcuta',
        slug: 'collar-cuero-cafe',
        price: 85_000,
        pets: ['DOG'],
        sizes: [{ id: '900', label: 'M', sku: 'ENZ-77-M', stock: 6, expectedStock: 6 }],
        sizeGuide: null,
      },
    });
  });
});
