import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatCop } from '#shared/money.js';
import { ORDER_STATUS_LABELS } from '#shared/orders.js';
import { StatusBadge } from '../../components/staff/status-badge';
import { SalesChart } from './sales-chart';
import { QueryError } from '../../components/staff/query-error';
import { StaffDashboardHomeDocument } from './staff-home.generated';
import { ReturnsDue } from './returns-due';
import { FailingJobs } from './failing-jobs';
import { OperationsNotice } from './operations-notice';

/** `/dashboard` (Inicio): greeting, low-stock alert, sales today and this month, orders per state, 30-day chart. */
export function DashboardHome() {
  const { data, error, loading, refetch } = useQuery(StaffDashboardHomeDocument, { fetchPolicy: 'cache-and-network' });
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  if (loading && !data) return <p role="status">Cargando…</p>;
  if (!data) return null;
  const { me, staffDashboard: d } = data;
  return (
    <section className="staff-page">
      <h1>Hola, {me.name ?? me.email ?? 'equipo Enzo'}</h1>
      <OperationsNotice />
      <FailingJobs />
      {d.lowStockCount > 0 ? (
        <p className="staff-alert" role="status">
          <span>
            <strong>{d.lowStockCount === 1 ? '1 talla' : `${d.lowStockCount} tallas`}</strong> con{' '}
            {d.lowStockThreshold === 0 ? 'el inventario agotado' : `${d.lowStockThreshold} unidades o menos`}.
          </span>
          <Link to="/dashboard/inventario">Ver inventario bajo</Link>
        </p>
      ) : null}
      <ReturnsDue summary={d.returns} />
      <div className="staff-cards">
        <div className="staff-card">
          <p className="staff-card__label">Ventas de hoy</p>
          <p className="staff-card__value">{formatCop(d.salesToday)}</p>
        </div>
        <div className="staff-card">
          <p className="staff-card__label">Ventas del mes</p>
          <p className="staff-card__value">{formatCop(d.salesThisMonth)}</p>
        </div>
        <div className="staff-card">
          <p className="staff-card__label">Por enviar</p>
          <p className="staff-card__value">
            <Link to="/orders?estado=PAGADO,EN_PREPARACION">
              {d.awaitingShipment === 1 ? '1 orden' : `${d.awaitingShipment} órdenes`}
            </Link>
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
      <h2>Ventas de los últimos 30 días</h2>
      <SalesChart days={d.salesLast30Days} />
    </section>
  );
}
