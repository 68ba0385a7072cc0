import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import {
  StaffCashOnDeliveryDocument,
  StaffSaveCashOnDeliveryDocument,
  type StaffSaveCashOnDeliveryMutationVariables,
} from './staff-payments.generated';
import { CashOnDeliveryForm } from './cash-on-delivery-form';
import { PaymentsPage } from './payments-page';

const SETTINGS = {
  __typename: 'CashOnDeliverySettings' as const,
  enabled: false,
  maxTotal: 300_000,
  fee: 0,
  confirmWithinHours: 48,
  updatedAt: '2026-11-20T15:00:00.000Z',
  updatedBy: null,
};

describe('staff: contraentrega settings', () => {
  it('checks the amounts with the shared rules before sending', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CashOnDeliveryForm settings={SETTINGS} />);
    await user.click(screen.getByRole('checkbox', { name: 'Ofrecer pago contraentrega' }));
    await user.clear(screen.getByLabelText('Valor máximo del pedido (COP)'));
    await user.type(screen.getByLabelText('Valor máximo del pedido (COP)'), 'mucho');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByLabelText('Valor máximo del pedido (COP)')).toHaveAccessibleDescription(
      /El valor máximo del pedido debe ser un número entero de pesos/,
    );
  });

  it('switches it on with a maximum and a fee written as pesos', async () => {
    const user = userEvent.setup();
    const sent: StaffSaveCashOnDeliveryMutationVariables[] = [];
    mswServer.use(
      graphql.mutation(StaffSaveCashOnDeliveryDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({
          data: {
            staffSaveCashOnDelivery: {
              ...SETTINGS,
              ...variables.input,
              confirmWithinHours: variables.input.confirmWithinHours ?? SETTINGS.confirmWithinHours,
              updatedBy: 'ana@enzo.co',
            },
          },
        });
      }),
    );
    renderWithProviders(<CashOnDeliveryForm settings={SETTINGS} />);
    await user.click(screen.getByRole('checkbox', { name: 'Ofrecer pago contraentrega' }));
    await user.clear(screen.getByLabelText('Valor máximo del pedido (COP)'));
    await user.type(screen.getByLabelText('Valor máximo del pedido (COP)'), '400.000');
    await user.clear(screen.getByLabelText('Recargo (COP)'));
    await user.type(screen.getByLabelText('Recargo (COP)'), '6.000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Guardado. La tienda ofrece pago contraentrega.');
    expect(sent).toEqual([{ input: { enabled: true, maxTotal: 400_000, fee: 6_000, confirmWithinHours: 48 } }]);
  });

  it('sets the hours staff have to confirm an order by phone, within the shared limits', async () => {
    const user = userEvent.setup();
    const sent: StaffSaveCashOnDeliveryMutationVariables[] = [];
    mswServer.use(
      graphql.mutation(StaffSaveCashOnDeliveryDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({
          data: { staffSaveCashOnDelivery: { ...SETTINGS, confirmWithinHours: 24, updatedBy: 'ana@enzo.co' } },
        });
      }),
    );
    renderWithProviders(<CashOnDeliveryForm settings={SETTINGS} />);
    const hours = screen.getByLabelText('Plazo para confirmar (horas)');
    expect(hours).toHaveValue('48');
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(hours).toHaveAccessibleDescription(/entre 1 y 720/);
    expect(sent).toEqual([]);
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Guardado.');
    expect(sent).toEqual([{ input: { enabled: false, maxTotal: 300_000, fee: 0, confirmWithinHours: 24 } }]);
  });

  it('says what is in force now once saved, without a reload (the page read the settings before)', async () => {
    const user = userEvent.setup();
    let reads = 0;
    mswServer.use(
      graphql.query(StaffCashOnDeliveryDocument, () => {
        reads += 1;
        return HttpResponse.json({ data: { staffCashOnDelivery: SETTINGS } });
      }),
      graphql.mutation(StaffSaveCashOnDeliveryDocument, ({ variables }) =>
        HttpResponse.json({
          data: {
            staffSaveCashOnDelivery: {
              ...SETTINGS,
              ...variables.input,
              confirmWithinHours: variables.input.confirmWithinHours ?? SETTINGS.confirmWithinHours,
              updatedBy: 'ana@enzo.co',
            },
          },
        }),
      ),
    );
    renderWithProviders(<PaymentsPage />);
    const now = await screen.findByText(/^Ahora:/);
    expect(now).toHaveTextContent(/^Ahora: desactivado\.$/);
    await user.click(screen.getByRole('checkbox', { name: 'Ofrecer pago contraentrega' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('status');
    expect(screen.getByText(/^Ahora:/)).toHaveTextContent(
      /^Ahora: activo, hasta \$ 300\.000, sin recargo, 48 horas para confirmar · cambiado por ana@enzo\.co el .+ [ap]\. m\.$/,
    );
    expect(reads).toBe(1);
  });
});
