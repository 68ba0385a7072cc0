import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import {
  StaffChangeMemberRoleDocument,
  StaffInviteMemberDocument,
  StaffTeamDocument,
  type StaffMemberFieldsFragment,
} from './staff-team.generated';
import { TeamPage } from './team-page';

// Apollo asks for __typename on every object: the answers carry it (the fragment types leave it out).
const member = (over: Partial<StaffMemberFieldsFragment>) => {
  const fields: StaffMemberFieldsFragment = {
    uid: 'u1',
    email: 'duena@enzo.test',
    name: 'Dueña Enzo',
    role: 'propietario',
    roleLabel: 'Propietario',
    disabled: false,
    invitedBy: null,
    invitedAt: null,
    lastSignInAt: '2026-03-02T15:04:00.000Z',
    createdAt: '2026-03-01T15:04:00.000Z',
    isYou: true,
    ...over,
  };
  return { __typename: 'StaffMember' as const, ...fields };
};
const owner = member({});
const operator = member({
  uid: 'u2',
  email: 'olga@enzo.test',
  name: 'Olga',
  role: 'operador',
  roleLabel: 'Operador',
  isYou: false,
  lastSignInAt: null,
  invitedBy: 'duena@enzo.test',
});

function team(members: Array<ReturnType<typeof member>>) {
  const staffTeam = {
    __typename: 'StaffTeam' as const,
    members,
    enabledOwners: members.filter((m) => m.role === 'propietario' && !m.disabled).length,
  };
  return graphql.query(StaffTeamDocument, () => HttpResponse.json({ data: { staffTeam } }));
}

describe('«Equipo»', () => {
  it('lists the team, explains the last-owner rule on the only owner, and marks a pending invitation', async () => {
    mswServer.use(team([owner, operator]));
    renderWithProviders(<TeamPage />);
    const ownerCard = (await screen.findByRole('heading', { name: /Dueña Enzo/ })).closest('li')!;
    expect(within(ownerCard).getByRole('note')).toHaveTextContent(
      'La tienda siempre necesita al menos una persona propietaria activa',
    );
    // Nobody disables themselves.
    expect(within(ownerCard).queryByRole('button', { name: 'Desactivar' })).toBeNull();
    const operatorCard = screen.getByRole('heading', { name: 'Olga' }).closest('li')!;
    expect(operatorCard).toHaveTextContent('Operador · Invitación pendiente');
    expect(within(operatorCard).getByRole('button', { name: 'Reenviar invitación' })).toBeInTheDocument();
    expect(within(operatorCard).queryByRole('note')).toBeNull();
  });

  // Types a whole form (like the other long form tests): 30 s leaves room on a loaded machine.
  it(
    'checks an invitation with the shared rules before sending it, then says where it went',
    { timeout: 30_000 },
    async () => {
      let sent: unknown = null;
      mswServer.use(
        team([owner]),
        graphql.mutation(StaffInviteMemberDocument, ({ variables }) => {
          sent = variables.input;
          return HttpResponse.json({
            data: { staffInviteMember: { ...operator, role: 'consulta' as const } },
          });
        }),
      );
      renderWithProviders(<TeamPage />);
      await screen.findByRole('heading', { name: /Dueña Enzo/ });
      await userEvent.type(screen.getByLabelText('Correo electrónico'), 'olga@');
      await userEvent.type(screen.getByLabelText('Nombre'), 'Olga');
      await userEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Escribe un correo válido');
      expect(sent).toBeNull();
      await userEvent.type(screen.getByLabelText('Correo electrónico'), 'enzo.test');
      await userEvent.selectOptions(screen.getByLabelText('Rol'), 'consulta');
      // The chosen role's description is the select's own description (the page's legend repeats it).
      expect(screen.getByLabelText('Rol')).toHaveAccessibleDescription(/^Solo lectura: pedidos/);
      await userEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
      expect(await screen.findByText(/Enviamos la invitación a olga@enzo\.test/)).toBeInTheDocument();
      expect(sent).toEqual({ email: 'olga@enzo.test', name: 'Olga', role: 'consulta' });
    },
  );

  it('shows the server’s refusal when the change would leave no owner', async () => {
    const second = member({ uid: 'u3', name: 'Socia', email: 'socia@enzo.test', isYou: false });
    mswServer.use(
      team([owner, second]),
      graphql.mutation(StaffChangeMemberRoleDocument, () =>
        HttpResponse.json({
          data: {
            staffChangeMemberRole: {
              __typename: 'LastOwner' as const,
              message: 'La tienda siempre necesita al menos una persona propietaria activa: …',
            },
          },
        }),
      ),
    );
    renderWithProviders(<TeamPage />);
    const card = (await screen.findByRole('heading', { name: 'Socia' })).closest('li')!;
    await userEvent.selectOptions(within(card).getByLabelText('Rol de Socia'), 'administrador');
    await userEvent.click(within(card).getByRole('button', { name: 'Cambiar rol' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'siempre necesita al menos una persona propietaria',
    );
  });
});
