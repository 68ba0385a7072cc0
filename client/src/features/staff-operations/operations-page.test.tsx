import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import {
  StaffOperationsDocument,
  StaffRunBackupNowDocument,
  StaffUpdateOperationsSettingsDocument,
} from './staff-operations.generated';
import { OperationsPage } from './operations-page';

const settings = {
  __typename: 'OperationsSettings' as const,
  backupEnabled: true,
  backupTime: '03:00',
  keepDaily: 7,
  keepWeekly: 4,
  keepMonthly: 12,
  backupMaxAgeHours: 26,
  paymentFailurePercent: 50,
  paymentMinAttempts: 5,
  paymentWindowMinutes: 60,
  noPaidOrderHours: 6,
  openingHour: 8,
  closingHour: 20,
  jobStuckMinutes: 15,
  diskFreePercent: 10,
  updatedAt: '2026-03-02T15:04:00.000Z',
  updatedBy: null,
};

function overview(canManage: boolean) {
  return {
    staffOperations: {
      __typename: 'OperationsOverview' as const,
      canManage,
      backupDir: '/srv/enzo/.data/backups',
      remoteBackups: false,
      notifyEmail: 'pedidos@enzo.com.co',
      settings,
      alerts: [
        {
          __typename: 'OperationsAlert' as const,
          key: 'backup-stale',
          label: 'Copia de seguridad vencida',
          firing: true,
          message: 'La última copia de seguridad falló: pg_dump falló',
          since: '2026-03-02T15:04:00.000Z',
          checkedAt: '2026-03-02T15:05:00.000Z',
          notifiedAt: '2026-03-02T15:04:00.000Z',
        },
        {
          __typename: 'OperationsAlert' as const,
          key: 'disk-low',
          label: 'Disco casi lleno',
          firing: false,
          message: null,
          since: null,
          checkedAt: '2026-03-02T15:05:00.000Z',
          notifiedAt: null,
        },
      ],
      backups: [
        {
          __typename: 'BackupRun' as const,
          id: '3',
          trigger: 'SCHEDULED' as const,
          status: 'FAILED' as const,
          startedAt: '2026-03-02T08:00:00.000Z',
          finishedAt: '2026-03-02T08:00:05.000Z',
          fileName: null,
          bytes: null,
          locations: [],
          orders: null,
          error: 'pg_dump falló',
        },
        {
          __typename: 'BackupRun' as const,
          id: '2',
          trigger: 'MANUAL' as const,
          status: 'OK' as const,
          startedAt: '2026-03-01T08:00:00.000Z',
          finishedAt: '2026-03-01T08:00:09.000Z',
          fileName: 'enzo-backup-2026-03-01T08-00-00Z.tar.gz',
          bytes: 2_500_000,
          locations: ['local'],
          orders: 41,
          error: null,
        },
      ],
    },
  };
}

describe('OperationsPage', () => {
  it('shows the firing alert, the backups, and asks for a backup now', async () => {
    let asked = false;
    mswServer.use(
      graphql.query(StaffOperationsDocument, () => HttpResponse.json({ data: overview(true) })),
      graphql.mutation(StaffRunBackupNowDocument, () => {
        asked = true;
        return HttpResponse.json({
          data: {
            staffRunBackupNow: { message: 'Copia de seguridad en camino.' },
          },
        });
      }),
    );
    renderWithProviders(<OperationsPage />);
    expect(await screen.findByRole('heading', { name: 'Copias de seguridad y alertas' })).toBeInTheDocument();
    expect(screen.getByText(/La última copia de seguridad falló: pg_dump falló/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Últimas copias de seguridad' });
    expect(within(table).getByText('enzo-backup-2026-03-01T08-00-00Z.tar.gz')).toBeInTheDocument();
    expect(within(table).getByText('2,4 MB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hacer una copia ahora' }));
    expect(await screen.findByText('Copia de seguridad en camino.')).toBeInTheDocument();
    expect(asked).toBe(true);
  });

  it('checks the settings with the shared rules before saving, then saves', async () => {
    let saved: Record<string, unknown> | null = null;
    mswServer.use(
      graphql.query(StaffOperationsDocument, () => HttpResponse.json({ data: overview(true) })),
      graphql.mutation(StaffUpdateOperationsSettingsDocument, ({ variables }) => {
        saved = variables.input as Record<string, unknown>;
        return HttpResponse.json({
          data: {
            staffUpdateOperationsSettings: {
              __typename: 'OperationsSettingsSaved' as const,
              message: 'Ajustes de copias de seguridad y alertas guardados.',
              settings: { ...settings, backupTime: '02:30' },
            },
          },
        });
      }),
    );
    renderWithProviders(<OperationsPage />);
    const time = await screen.findByLabelText('Hora de la copia (HH:MM, hora de Colombia)');
    await userEvent.clear(time);
    await userEvent.type(time, '25:00');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText(/usa el formato HH:MM/)).toBeInTheDocument();
    expect(saved).toBeNull();
    await userEvent.clear(time);
    await userEvent.type(time, '02:30');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText('Ajustes de copias de seguridad y alertas guardados.')).toBeInTheDocument();
    expect(saved).toMatchObject({ backupTime: '02:30', keepDaily: 7 });
  });

  it('shows the settings read-only to a role that may not change them', async () => {
    mswServer.use(graphql.query(StaffOperationsDocument, () => HttpResponse.json({ data: overview(false) })));
    renderWithProviders(<OperationsPage />);
    expect(
      await screen.findByText('Solo el propietario de la tienda puede cambiar estos ajustes.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar ajustes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hacer una copia ahora' })).toBeNull();
    expect(screen.getByLabelText('Hora de la copia (HH:MM, hora de Colombia)')).toBeDisabled();
  });
});
