import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { ORDER_STATUS_LABELS } from '#shared/orders.js';
import { formatDateTime } from '../../lib/staff-format';
import { QueryError } from '../../components/staff/query-error';
import { StaffPackingListDocument, type StaffPackingListQuery } from './staff-orders.generated';
import { countOf } from '#shared/plural.js';

type Order = StaffPackingListQuery['staffOrdersByIds'][number];

/** Units to pick for the whole batch: one row per product and size, most units first. */
function pickList(orders: Order[]) {
  const rows = new Map<string, { name: string; sizeLabel: string; quantity: number; orders: number }>();
  for (const o of orders) {
    for (const l of o.lines) {
      const key = `${l.productId ?? l.name}|${l.sizeLabel}`;
      const row = rows.get(key) ?? { name: l.name, sizeLabel: l.sizeLabel, quantity: 0, orders: 0 };
      row.quantity += l.quantity;
      row.orders += 1;
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name, 'es'));
}

/** `/orders/empaque?ids=…`: a combined packing list to print: what to pick for all, then one slip per order. */
export function PackingListPage() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  const { data, error, loading, refetch } = useQuery(StaffPackingListDocument, {
    variables: { ids },
    skip: ids.length === 0,
    fetchPolicy: 'cache-and-network',
  });
  if (ids.length === 0) {
    return (
      <section className="staff-page">
        <h1>Lista de empaque</h1>
        <p>
          Elige órdenes en <Link to="/orders">Órdenes</Link> para armar su lista de empaque.
        </p>
      </section>
    );
  }
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  if (loading && !data) return <p role="status">Cargando la lista de empaque…</p>;
  const orders = data?.staffOrdersByIds ?? [];
  const picks = pickList(orders);
  return (
    <section className="staff-page">
      <p className="no-print">
        <Link to="/orders" className="staff-solo-link">
          ← Órdenes
        </Link>
      </p>
      <div className="staff-page__head">
        <h1>Lista de empaque ({countOf(orders.length, 'orden', 'órdenes')})</h1>
        <button type="button" className="button no-print" onClick={() => window.print()}>
          Imprimir
        </button>
      </div>
      <section className="pick-list" aria-labelledby="pick-list-title">
        <h2 id="pick-list-title">Productos por alistar</h2>
        <div className="staff-table-wrap">
          <table className="staff-table staff-table--cards">
            <thead>
              <tr>
                <th scope="col">Producto</th>
                <th scope="col">Talla</th>
                <th scope="col">Unidades</th>
                <th scope="col">Órdenes</th>
              </tr>
            </thead>
            <tbody>
              {picks.map((p) => (
                <tr key={`${p.name}|${p.sizeLabel}`}>
                  <td>{p.name}</td>
                  <td data-label="Talla">{p.sizeLabel}</td>
                  <td data-label="Unidades" className="num">
                    {p.quantity}
                  </td>
                  <td data-label="Órdenes" className="num">
                    {p.orders}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {orders.map((o) => (
        <article key={o.id} className="staff-card packing-slip" aria-labelledby={`slip-${o.id}`}>
          <h2 id={`slip-${o.id}`}>
            Orden {o.reference} <span className="muted">· {ORDER_STATUS_LABELS[o.status]}</span>
          </h2>
          <p className="muted">Creada el {formatDateTime(o.createdAt)}</p>
          <p>
            <strong>{o.customer.fullName}</strong> · {o.customer.documentType} {o.customer.documentNumber} · +57{' '}
            {o.customer.phone}
          </p>
          <p>
            {o.shippingAddress.address}
            {o.shippingAddress.neighborhood ? `, ${o.shippingAddress.neighborhood}` : ''} ·{' '}
            {o.shippingAddress.municipalityName}, {o.shippingAddress.departmentName}
          </p>
          {o.carrier ? (
            <p>
              {o.carrier} · Guía {o.trackingNumber}
            </p>
          ) : null}
          <ul>
            {o.lines.map((l, i) => (
              <li key={i}>
                {l.quantity} × {l.name} — talla {l.sizeLabel}
              </li>
            ))}
          </ul>
        </article>
      ))}
      {orders.length < ids.length ? (
        <p className="muted">
          {ids.length - orders.length === 1
            ? 'Una de las órdenes elegidas ya no existe.'
            : `${ids.length - orders.length} de las órdenes elegidas ya no existen.`}
        </p>
      ) : null}
    </section>
  );
}
