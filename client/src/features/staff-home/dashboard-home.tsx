import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { ORDER_STATUS_LABELS } from '#shared/orders.js';
import { StatusBadge } from '../../components/staff/status-badge';
import { QueryError } from '../../components/staff/query-error';
import { useCan } from '../../lib/staff-permissions';
import { SalesFigures } from './sales-figures';
import { StaffDashboardHomeDocument } from './staff-home.generated';
import { ReturnsDue } from './returns-due';
import { FailingJobs } from './failing-jobs';
import { ToConfirm } from './to-confirm';
import { unitsText, countOf } from '#shared/plural.js';
import { OperationsNotice } from './operations-notice';
import { StaffLink } from '../../components/staff/staff-link';

/**
 * `/dashboard` (Inicio): greeting, failing jobs, low-stock alert, returns due, orders to ship and per state, and (for
 * roles that see reports) sales today, this month and the 30-day chart.
 */
export function DashboardHome() {
  const can = useCan();
  const { data, error, loading, refetch } = useQuery(StaffDashboardHomeDocument, { fetchPolicy: 'cache-and-network' });
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  if (loading && !data) return <p role="status">Cargando…</p>;
  if (!data) return null;
  const { me, staffDashboard: d } = data;
  return (
    <section className="staff-page">
      <h1>Hola, {me.name || me.email || 'equipo Enzo'}</h1>
      {can('jobs.manage') ? <FailingJobs /> : null}
      {can('operations.view') ? <OperationsNotice /> : null}
      {d.lowStockCount > 0 ? (
        <p className="staff-alert" role="status">
          <span>
            <strong>{countOf(d.lowStockCount, 'talla', 'tallas')}</strong> con{' '}
            {d.lowStockThreshold === 0 ? 'el inventario agotado' : `${unitsText(d.lowStockThreshold)} o menos`}.
          </span>
          <StaffLink to="/dashboard/inventario">Ver inventario bajo</StaffLink>
        </p>
      ) : null}
      <ToConfirm summary={d.toConfirm} />
      {can('returns.view') ? <ReturnsDue summary={d.returns} /> : null}
      {d.invoicingWarnings.length ? (
        <div className="staff-alert" role="status">
          <ul aria-label="Avisos de facturación electrónica">
            {d.invoicingWarnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
          <StaffLink to="/dashboard/facturacion">Ver facturación electrónica</StaffLink>
        </div>
      ) : null}
      <div className="staff-cards">
        <div className="staff-card">
          <p className="staff-card__label">Por enviar</p>
          <p className="staff-card__value">
            <Link to="/orders?estado=PAGADO,EN_PREPARACION">{countOf(d.awaitingShipment, 'orden', 'órdenes')}</Link>
          </p>
        </div>
      </div>
      <h2>Órdenes por estado</h2>
      <ul className="staff-status-counts">
        {d.ordersByStatus.map((s) => (
          <li key={s.status}>
            <Link to={`/orders?estado=${s.status}`} aria-label={`${ORDER_STATUS_LABELS[s.status]}: ${s.count}`}>
              <StatusBadge status={s.status} /> <strong>{s.count}</strong>
            </Link>
          </li>
        ))}
      </ul>
      {can('reports.view') ? <SalesFigures /> : null}
    </section>
  );
}
