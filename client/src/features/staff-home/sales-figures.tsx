import { useQuery } from '@apollo/client/react';
import { formatCop } from '#shared/money.js';
import { QueryError } from '../../components/staff/query-error';
import { SalesChart } from './sales-chart';
import { StaffSalesHomeDocument } from './staff-home.generated';

/** Sales today, this month and the last 30 days (roles that see reports). */
export function SalesFigures() {
  const { data, error, refetch } = useQuery(StaffSalesHomeDocument, { fetchPolicy: 'cache-and-network' });
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  if (!data) return null;
  const s = data.staffSales;
  return (
    <>
      <div className="staff-cards">
        <div className="staff-card">
          <p className="staff-card__label">Ventas de hoy</p>
          <p className="staff-card__value">{formatCop(s.salesToday)}</p>
        </div>
        <div className="staff-card">
          <p className="staff-card__label">Ventas del mes</p>
          <p className="staff-card__value">{formatCop(s.salesThisMonth)}</p>
        </div>
      </div>
      <h2>Ventas de los últimos 30 días</h2>
      <SalesChart days={s.salesLast30Days} />
    </>
  );
}
