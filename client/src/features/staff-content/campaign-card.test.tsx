import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import {
  StaffCampaignPreviewDocument,
  StaffUpdateCampaignDocument,
  type StaffUpdateCampaignMutationVariables,
} from './staff-content.generated';
import { CampaignCard } from './campaign-card';

const HALLOWEEN = {
  __typename: 'StaffCampaign' as const,
  slug: 'halloween',
  path: '/halloween',
  title: 'Halloween',
  description: 'Bandanas de edición limitada para el Halloween más peludo.',
  collection: 'halloween',
  active: true,
  productCount: 4,
};

describe('campaign card', () => {
  it('switches the campaign page off and makes a preview link that works while off', async () => {
    const user = userEvent.setup();
    const sent: StaffUpdateCampaignMutationVariables[] = [];
    mswServer.use(
      graphql.mutation(StaffUpdateCampaignDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({ data: { staffUpdateCampaign: { ...HALLOWEEN, ...variables.input } } });
      }),
      graphql.mutation(StaffCampaignPreviewDocument, () =>
        HttpResponse.json({
          data: {
            staffCampaignPreview: {
              __typename: 'CampaignPreviewLink',
              url: '/halloween?vista-previa=abc123',
              expiresAt: '2026-11-24T05:00:00.000Z',
            },
          },
        }),
      ),
    );
    renderWithProviders(<CampaignCard campaign={HALLOWEEN} />);
    expect(screen.getByText('4 productos publicados en la colección.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Encendida (visible en la tienda y en el menú)'));
    await user.click(screen.getByRole('button', { name: 'Guardar campaña' }));
    expect(
      await screen.findByText('La página /halloween está apagada: los clientes ya no la ven.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { slug: 'halloween', input: { title: 'Halloween', description: HALLOWEEN.description, active: false } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Crear enlace de vista previa' }));
    expect(await screen.findByRole('link', { name: 'Abrir la vista previa de /halloween' })).toHaveAttribute(
      'href',
      '/halloween?vista-previa=abc123',
    );
  });

  it('refuses a too short title with the shared message', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CampaignCard campaign={HALLOWEEN} />);
    await user.clear(screen.getByLabelText('Título de la página'));
    await user.type(screen.getByLabelText('Título de la página'), 'H');
    await user.click(screen.getByRole('button', { name: 'Guardar campaña' }));
    expect(await screen.findByText('Escribe el título de la campaña (de 3 a 80 caracteres).')).toBeInTheDocument();
  });
});
