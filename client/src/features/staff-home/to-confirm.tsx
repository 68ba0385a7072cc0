import { Link } from 'react-router';
import { countOf } from '#shared/plural.js';
import { lapsesIn } from '../../lib/due-date';
import { formatDateTime } from '../../lib/staff-format';
import type { StaffDashboardHomeQuery } from './staff-home.generated';

/** Contraentrega orders waiting for the shop's call, and when the oldest is cancelled if nobody confirms it. */
export function ToConfirm({ summary }: { summary: StaffDashboardHomeQuery['staffDashboard']['toConfirm'] }) {
  if (summary.count === 0) return null;
  const soon = summary.nextLapseAt !== null && Date.parse(summary.nextLapseAt) - Date.now() < 6 * 3_600_000;
  return (
    <p className={soon ? 'staff-alert staff-alert--danger' : 'staff-alert'} role="status">
      <span>
        <strong>{countOf(summary.count, 'pedido contraentrega', 'pedidos contraentrega')} por confirmar</strong>.
        {summary.nextLapseAt
          ? ` El más antiguo ${lapsesIn(summary.nextLapseAt)} (${formatDateTime(summary.nextLapseAt)}): si nadie lo confirma, se cancela solo y sus productos vuelven al inventario.`
          : ''}{' '}
        Plazo para confirmar: {countOf(summary.confirmWithinHours, 'hora', 'horas')}.
      </span>
      <Link to="/orders?estado=POR_CONFIRMAR">Llamar y confirmar</Link>
    </p>
  );
}
