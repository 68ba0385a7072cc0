import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import type { DiscountCodeState } from '../../gql/types';
import { StaffDiscountCodesListDocument } from './staff-discounts.generated';
import { DiscountCodesPage } from './discount-codes-page';

const code = (id: string, name: string, state: DiscountCodeState, active = state !== 'INACTIVE') => ({
  __typename: 'StaffDiscountCode' as const,
  id,
  code: name,
  percent: 10,
  active,
  state,
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  uses: 0,
  minSubtotal: null,
  firstPurchaseOnly: false,
  perCustomerLimit: null,
  categories: [],
});

describe('staff discount codes list', () => {
  it('shows an expired, scheduled or used-up code as such, not as «Activo», from the server’s state', async () => {
    mswServer.use(
      graphql.query(StaffDiscountCodesListDocument, () =>
        HttpResponse.json({
          data: {
            categories: [],
            staffDiscountCodes: [
              code('1', 'VIGENTE', 'ACTIVE'),
              code('2', 'VENCIDO', 'EXPIRED'),
              code('3', 'NAVIDAD', 'SCHEDULED'),
              code('4', 'AGOTADO', 'USED_UP'),
              code('5', 'APAGADO', 'INACTIVE'),
            ],
          },
        }),
      ),
    );
    renderWithProviders(<DiscountCodesPage />);
    const rows = await screen.findAllByRole('row');
    const stateOf = (name: string) =>
      within(rows.find((r) => within(r).queryByText(name))!).getByText(/^(Activo|Vencido|Programado|Agotado|Inactivo)$/)
        .textContent;
    expect(stateOf('VIGENTE')).toBe('Activo');
    expect(stateOf('VENCIDO')).toBe('Vencido');
    expect(stateOf('NAVIDAD')).toBe('Programado');
    expect(stateOf('AGOTADO')).toBe('Agotado');
    expect(stateOf('APAGADO')).toBe('Inactivo');
  });
});
