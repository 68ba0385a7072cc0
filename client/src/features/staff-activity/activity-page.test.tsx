import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import {
  StaffActivityDocument,
  StaffActivityPeopleDocument,
  type AuditEntryFieldsFragment,
} from './staff-activity.generated';
import { ActivityPage } from './activity-page';

// Apollo asks for __typename on every object: the answers carry it (the fragment types leave it out).
const entry = (id: string, over: Partial<AuditEntryFieldsFragment> = {}) => {
  const fields: AuditEntryFieldsFragment = {
    id,
    at: '2026-03-02T15:04:00.000Z',
    kind: 'change',
    kindLabel: 'Cambio',
    actorUid: 'u2',
    actorEmail: 'olga@enzo.test',
    actorRole: 'operador',
    operation: 'staffTransitionOrder',
    operationLabel: 'Cambió el estado de una orden',
    entityType: 'order',
    entityLabel: 'Orden',
    entityId: '41',
    changes: [{ field: 'status', label: 'Estado', before: 'En preparación', after: 'Enviado' }],
    summary: null,
    clientIp: '2001:db8::7',
    ...over,
  };
  return { __typename: 'AuditEntry' as const, ...fields };
};

const olga = { __typename: 'StaffMember' as const, uid: 'u2', email: 'olga@enzo.test', name: 'Olga' };
const people = { __typename: 'StaffTeam' as const, members: [olga] };

describe('«Actividad»', () => {
  // Many steps through the page (like the other long form tests): 30 s leaves room on a loaded machine.
  it(
    'shows who did what, on which record, before and after; filters by person; pages with «Ver más»',
    { timeout: 30_000 },
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      mswServer.use(
        graphql.query(StaffActivityPeopleDocument, () =>
          HttpResponse.json({
            data: {
              staffTeam: people,
            },
          }),
        ),
        graphql.query(StaffActivityDocument, ({ variables }) => {
          asked.push(variables);
          const second = Boolean(variables.after);
          const page = {
            __typename: 'StaffActivityPage' as const,
            entries: second
              ? [
                  entry('2', {
                    kind: 'refused',
                    kindLabel: 'Intento rechazado',
                    operationLabel: 'staffProducts',
                    entityType: null,
                    entityLabel: null,
                    entityId: null,
                    changes: [],
                    summary: 'Permiso que faltó: Ver productos del panel',
                  }),
                ]
              : [entry('1')],
            hasNextPage: !second,
            endCursor: second ? null : 'c1',
            retentionDays: 730,
          };
          return HttpResponse.json({ data: { staffActivity: page } });
        }),
      );
      renderWithProviders(<ActivityPage />, { route: '/dashboard/actividad' });
      const list = await screen.findByRole('list', { name: 'Entradas de actividad' });
      const first = within(list).getByRole('listitem');
      expect(first).toHaveTextContent('Cambió el estado de una orden');
      expect(within(first).getByRole('link', { name: 'Orden 41' })).toHaveAttribute('href', '/detail-order/41');
      expect(first).toHaveTextContent('olga@enzo.test (Operador)');
      expect(first).toHaveTextContent('desde 2001:db8::7');
      expect(within(first).getByRole('row', { name: /Estado/ })).toHaveTextContent('En preparaciónEnviado');
      expect(screen.getByText(/se conservan 2 años/)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Ver más' }));
      expect(await within(list).findByText('Permiso que faltó: Ver productos del panel')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();

      const person = await screen.findByLabelText('Persona');
      expect(within(person).getAllByRole('option')[0]).toHaveTextContent('Todo el equipo');
      expect(
        within(screen.getByLabelText('Tipo'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Todos', 'Cambio', 'Inicio de sesión', 'Intento rechazado', 'Exportación']);
      await userEvent.selectOptions(person, 'u2');
      await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'Cambio');
      await userEvent.type(screen.getByLabelText('Desde'), '2026-03-01');
      await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
      await screen.findByRole('list', { name: 'Entradas de actividad' });
      expect(asked.at(-1)).toMatchObject({ filter: { actorUid: 'u2', kind: 'change', from: '2026-03-01' } });
    },
  );
});
