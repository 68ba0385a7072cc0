import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { formatCop } from '#shared/money.js';
import { ORDER_FLAG_LABELS, PAYMENT_METHOD_LABELS, type OrderFlagValue } from '#shared/orders.js';
import { formatDateTime } from '../../lib/staff-format';
import { StatusBadge } from '../../components/staff/status-badge';
import { OrderActions } from './order-actions';
import { CashCollection } from './cash-collection';
import { OrderHistory } from './order-history';
import { QueryError } from '../../components/staff/query-error';
import { StaffOrderDetailDocument } from './staff-orders.generated';
import { OrderReturns } from '../staff-returns';
import { OrderTotals } from './order-totals';
import { EntityHistory } from '../staff-activity';
import { useCan } from '../../lib/staff-permissions';
import { OrderDocuments } from '../staff-invoicing';

/** `/detail-order/:id`: everything about one order, its history and the allowed actions. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const can = useCan();
  const { data, error, loading, refetch } = useQuery(StaffOrderDetailDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  if (loading && !data) return <p role="status">Cargando la orden…</p>;
  const o = data?.staffOrder;
  if (!o) {
    return (
      <section className="staff-page">
        <h1>Orden no encontrada</h1>
        <Link to="/orders">Volver a las órdenes</Link>
      </section>
    );
  }
  const flags = [
    ...new Set<OrderFlagValue>([...o.flags, ...(o.refundPending ? (['REEMBOLSO_PENDIENTE'] as const) : [])]),
  ];
  return (
    <section className="staff-page order-detail">
      <p className="no-print">
        <Link to="/orders" className="staff-solo-link">
          ← Órdenes
        </Link>
      </p>
      <div className="staff-page__head">
        <h1>
          Orden {o.reference} <StatusBadge status={o.status} />
        </h1>
        <button type="button" className="button button--secondary no-print" onClick={() => window.print()}>
          Imprimir guía de empaque
        </button>
      </div>
      <p className="muted">Creada el {formatDateTime(o.createdAt)}</p>
      {flags.length ? (
        <ul className="order-flags" aria-label="Alertas">
          {flags.map((f) => (
            <li key={f}>{ORDER_FLAG_LABELS[f]}</li>
          ))}
        </ul>
      ) : null}
      <div className="order-detail__grid">
        <div className="staff-card">
          <h2>Cliente</h2>
          <p>{o.customer.fullName}</p>
          <p>
            {o.customer.documentType} {o.customer.documentNumber}
          </p>
          <p>{o.customer.email}</p>
          <p>
            <a href={`tel:+57${o.customer.phone}`} className="staff-solo-link">
              +57 {o.customer.phone}
            </a>
          </p>
        </div>
        <div className="staff-card">
          <h2>Envío</h2>
          <p>{o.shippingAddress.address}</p>
          {o.shippingAddress.neighborhood ? <p>{o.shippingAddress.neighborhood}</p> : null}
          <p>
            {o.shippingAddress.municipalityName}, {o.shippingAddress.departmentName}
          </p>
          {o.carrier ? (
            <p>
              {o.carrier} · Guía {o.trackingNumber}
            </p>
          ) : null}
        </div>
      </div>
      <h2>Productos</h2>
      <div className="staff-table-wrap">
        {/* A card per product on a phone: price and total in view, no sideways scroll. */}
        <table className="staff-table staff-table--cards order-lines">
          <thead>
            <tr>
              <th scope="col">Producto</th>
              <th scope="col">Talla</th>
              <th scope="col">Cantidad</th>
              <th scope="col">Precio</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l, i) => (
              <tr key={i}>
                <td>
                  <div className="order-lines__product">
                    {l.imageUrl ? <img src={l.imageUrl} alt="" width={48} height={48} /> : null}
                    <span>{l.name}</span>
                  </div>
                </td>
                <td data-label="Talla">{l.sizeLabel}</td>
                <td data-label="Cantidad" className="num">
                  {l.quantity}
                </td>
                <td data-label="Precio" className="num">
                  {formatCop(l.unitPrice)}
                </td>
                <td data-label="Total" className="num">
                  {formatCop(l.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <OrderTotals order={o} />
      <OrderReturns orderId={o.id} onChanged={() => void refetch()} />
      {can('invoices.view') ? <OrderDocuments orderId={o.id} /> : null}
      <OrderHistory order={o} paymentLabel={PAYMENT_METHOD_LABELS[o.paymentMethod]} />
      <CashCollection order={o} />
      <OrderActions order={o} />
      {can('audit.view') ? <EntityHistory entityType="order" entityId={o.id} /> : null}
    </section>
  );
}
