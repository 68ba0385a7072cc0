import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { fill } from '../../test-utils/fill';
import { CATEGORIES, fieldRefusal } from '../../test-utils/staff-test-data';
import {
  StaffCreateDiscountCodeDocument,
  type StaffCreateDiscountCodeMutationVariables,
} from './staff-discounts.generated';
import { DiscountCodeForm } from './discount-code-form';

describe('discount code form', () => {
  it('creates a code with a minimum, categories, first purchase only and a per-customer limit', async () => {
    const user = userEvent.setup();
    const sent: Array<StaffCreateDiscountCodeMutationVariables['input']> = [];
    mswServer.use(
      graphql.mutation(StaffCreateDiscountCodeDocument, ({ variables }) => {
        sent.push(variables.input);
        const i = variables.input;
        return HttpResponse.json({
          data: {
            staffCreateDiscountCode: {
              __typename: 'StaffDiscountCode',
              id: '5',
              code: i.code,
              percent: i.percent,
              active: i.active,
              state: i.active ? ('ACTIVE' as const) : ('INACTIVE' as const),
              validFrom: i.validFrom ?? null,
              validUntil: i.validUntil ?? null,
              usageLimit: i.usageLimit ?? null,
              uses: 0,
              minSubtotal: i.minSubtotal ?? null,
              firstPurchaseOnly: i.firstPurchaseOnly ?? false,
              perCustomerLimit: i.perCustomerLimit ?? null,
              categories: CATEGORIES.filter((c) => i.categorySlugs?.includes(c.slug)).map((c) => ({
                __typename: 'CategoryRef' as const,
                slug: c.slug,
                name: c.name,
              })),
            },
          },
        });
      }),
    );
    const onDone = vi.fn();
    renderWithProviders(<DiscountCodeForm code={null} categories={CATEGORIES} onDone={onDone} onCreated={vi.fn()} />);
    await fill(user, screen.getByLabelText('Código'), 'bienvenida20');
    await fill(user, screen.getByLabelText('Porcentaje'), '20');
    await fill(user, screen.getByLabelText('Válido hasta'), '2026-12-31');
    await fill(user, screen.getByLabelText('Compra mínima (COP)'), '100.000');
    await fill(user, screen.getByLabelText('Usos por cliente'), '1');
    await user.click(screen.getByLabelText('Collares'));
    await user.click(screen.getByLabelText('Correas'));
    await user.click(screen.getByLabelText('Solo primera compra'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        code: 'BIENVENIDA20',
        percent: 20,
        active: true,
        validFrom: null,
        validUntil: '2027-01-01T04:59:59.000Z',
        usageLimit: null,
        minSubtotal: 100_000,
        categorySlugs: ['collares', 'correas'],
        firstPurchaseOnly: true,
        perCustomerLimit: 1,
      },
    ]);
  });

  it('shows the shared messages for bad conditions and the server refusal on its field', async () => {
    const user = userEvent.setup();
    mswServer.use(
      graphql.mutation(StaffCreateDiscountCodeDocument, () =>
        HttpResponse.json({
          data: { staffCreateDiscountCode: fieldRefusal('code', 'Ya existe un código de descuento con ese nombre.') },
        }),
      ),
    );
    renderWithProviders(<DiscountCodeForm code={null} categories={CATEGORIES} onDone={vi.fn()} onCreated={vi.fn()} />);
    await fill(user, screen.getByLabelText('Código'), 'ENZO15');
    await fill(user, screen.getByLabelText('Compra mínima (COP)'), '100,5');
    await fill(user, screen.getByLabelText('Usos por cliente'), '0');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('La compra mínima debe ser un número entero de pesos mayor que 0, o quedar vacía.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('El límite por cliente debe ser un número entero mayor que 0, o quedar vacío.'),
    ).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Compra mínima (COP)'), '');
    await fill(user, screen.getByLabelText('Usos por cliente'), '');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe un código de descuento con ese nombre.');
    expect(screen.getByLabelText('Código')).toHaveAttribute('aria-invalid', 'true');
  });
});
