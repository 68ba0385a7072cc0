import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { fill } from '../../test-utils/fill';
import {
  StaffLegalSettingsDocument,
  StaffSaveLegalSettingsDocument,
  type StaffSaveLegalSettingsMutationVariables,
} from './staff-invoicing.generated';
import { LegalSettingsPage } from './legal-settings-page';

const SETTINGS = {
  __typename: 'LegalSettings' as const,
  legalName: 'Enzo Accesorios para Mascotas S.A.S.',
  tradeName: 'Enzo',
  nit: '901.234.567-7',
  organizationType: 'JURIDICA' as const,
  taxRegime: 'RESPONSABLE_IVA' as const,
  taxResponsibilities: ['R-99-PN'],
  address: 'Calle 10 # 4-38, local 2',
  departmentCode: '54',
  municipalityCode: '54001',
  postalCode: null,
  phone: '+57 313 456 7890',
  email: 'servicioalcliente@enzo.com.co',
  saved: false,
  updatedAt: null,
  updatedBy: null,
};

describe('staff: the shop’s legal identity', () => {
  it('checks the NIT’s check digit with the shared rule before sending', async () => {
    const user = userEvent.setup();
    mswServer.use(
      graphql.query(StaffLegalSettingsDocument, () => HttpResponse.json({ data: { staffLegalSettings: SETTINGS } })),
    );
    renderWithProviders(<LegalSettingsPage />);
    const nit = await screen.findByLabelText('NIT');
    await fill(user, nit, '901.234.567-8');
    await user.click(screen.getByRole('button', { name: 'Guardar los datos legales' }));
    expect(nit).toHaveAccessibleDescription(
      /El dígito de verificación no corresponde a ese NIT \(para 901234567 es 7\)/,
    );
  });

  it('saves the identity with the responsibilities of the RUT', async () => {
    const user = userEvent.setup();
    const sent: StaffSaveLegalSettingsMutationVariables[] = [];
    mswServer.use(
      graphql.query(StaffLegalSettingsDocument, () => HttpResponse.json({ data: { staffLegalSettings: SETTINGS } })),
      graphql.mutation(StaffSaveLegalSettingsDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({ data: { staffSaveLegalSettings: { ...SETTINGS, saved: true } } });
      }),
    );
    renderWithProviders(<LegalSettingsPage />);
    await user.click(await screen.findByRole('checkbox', { name: /R-99-PN/ }));
    await user.click(screen.getByRole('checkbox', { name: /O-13/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar los datos legales' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Datos legales guardados.');
    expect(sent[0]!.input).toMatchObject({
      nit: '901.234.567-7',
      taxResponsibilities: ['O-13'],
      municipalityCode: '54001',
      postalCode: null,
    });
  });
});
