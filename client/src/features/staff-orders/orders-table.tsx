import { Link } from 'react-router';
import { formatCop } from '#shared/money.js';
import { PAYMENT_METHOD_LABELS } from '#shared/orders.js';
import { formatDateTime } from '../../lib/staff-format';
import { lapsesIn } from '../../lib/due-date';
import { StatusBadge } from '../../components/staff/status-badge';
import type { StaffOrdersListQuery } from './staff-orders.generated';

type Order = StaffOrdersListQuery['staffOrders']['edges'][number]['node'];

/** The page of orders, each with a checkbox to choose it for a bulk change or the packing list. */
export function OrdersTable({
  orders,
  selected,
  onToggle,
  onToggleAll,
}: {
  orders: Order[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (all: boolean) => void;
}) {
  const all = orders.length > 0 && orders.every((o) => selected.has(o.id));
  return (
    <div className="staff-table-wrap">
      <table className="staff-table orders-table staff-table--cards">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                checked={all}
                onChange={(e) => onToggleAll(e.target.checked)}
                aria-label="Elegir todas las órdenes de esta página"
              />
            </th>
            <th scope="col">Referencia</th>
            <th scope="col">Fecha</th>
            <th scope="col">Cliente</th>
            <th scope="col">Municipio</th>
            <th scope="col">Total</th>
            <th scope="col">Estado</th>
            <th scope="col">Pago</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <td>
                <input
                  type="checkbox"
                  checked={selected.has(o.id)}
                  onChange={() => onToggle(o.id)}
                  aria-label={`Elegir la orden ${o.reference}`}
                />
              </td>
              <td data-label="Referencia">
                <Link to={`/detail-order/${o.id}`}>{o.reference}</Link>
              </td>
              <td data-label="Fecha">{formatDateTime(o.createdAt)}</td>
              <td data-label="Cliente">{o.customer.fullName}</td>
              <td data-label="Municipio">
                {o.shippingAddress.municipalityName} <span className="muted">({o.shippingAddress.departmentName})</span>
              </td>
              <td data-label="Total" className="num">
                {formatCop(o.total)}
              </td>
              <td data-label="Estado">
                <StatusBadge status={o.status} />
                {o.confirmBy ? (
                  <span
                    className={`orders-table__lapse${lapsesIn(o.confirmBy).startsWith('vence en') && Date.parse(o.confirmBy) - Date.now() < 6 * 3_600_000 ? ' orders-table__lapse--soon' : ''}`}
                  >
                    {' '}
                    {lapsesIn(o.confirmBy)}
                  </span>
                ) : null}
              </td>
              <td data-label="Pago">{PAYMENT_METHOD_LABELS[o.paymentMethod]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {orders.length === 0 ? <p className="muted">No hay órdenes con estos filtros.</p> : null}
    </div>
  );
}
