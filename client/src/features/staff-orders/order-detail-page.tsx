import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { formatCop } from '#shared/money.js';
import { PAYMENT_METHOD_LABELS } from '#shared/orders.js';
import { formatDateTime } from '../../lib/staff-format';
import { StatusBadge } from '../../components/staff/status-badge';
import { OrderActions } from './order-actions';
import { CashCollection } from './cash-collection';
import { OrderHistory } from './order-history';
import { QueryError } from '../../components/staff/query-error';
import { StaffOrderDetailDocument } from './staff-orders.generated';
import { OrderReturns } from '../staff-returns';
import { OrderDocuments } from '../staff-invoicing';

const FLAG_LABELS: Record<string, string> = {
  MONTO_NO_COINCIDE: 'El monto pagado no coincide',
  REEMBOLSO_PENDIENTE: 'Reembolso pendiente',
  PAGO_ANULADO: 'La pasarela anuló el pago',
};

/** `/detail-order/:id`: everything about one order, its history and the allowed actions. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
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
  const flags = [...new Set([...o.flags, ...(o.refundPending ? ['REEMBOLSO_PENDIENTE'] : [])])];
  return (
    <section className="staff-page order-detail">
      <p className="no-print">
        <Link to="/orders">← Ordenes</Link>
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
            <li key={f}>{FLAG_LABELS[f] ?? f}</li>
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
            <a href={`tel:+57${o.customer.phone}`}>+57 {o.customer.phone}</a>
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
        <table className="staff-table order-lines">
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
                <td>{l.sizeLabel}</td>
                <td className="num">{l.quantity}</td>
                <td className="num">{formatCop(l.unitPrice)}</td>
                <td className="num">{formatCop(l.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="order-totals">
        <dt>Subtotal</dt>
        <dd>{formatCop(o.subtotal)}</dd>
        {o.discount > 0 ? (
          <>
            <dt>Descuento{o.discountCode ? ` (${o.discountCode})` : ''}</dt>
            <dd>−{formatCop(o.discount)}</dd>
          </>
        ) : null}
        <dt>Envío</dt>
        <dd>{o.shipping === 0 ? 'Gratis' : formatCop(o.shipping)}</dd>
        {o.paymentFee > 0 ? (
          <>
            <dt>Recargo contraentrega</dt>
            <dd>{formatCop(o.paymentFee)}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd>
          <strong>{formatCop(o.total)}</strong>
        </dd>
        <dt>IVA incluido</dt>
        <dd>{formatCop(o.ivaIncluded)}</dd>
      </dl>
      <OrderReturns orderId={o.id} onChanged={() => void refetch()} />
      <OrderDocuments orderId={o.id} />
      <OrderHistory order={o} paymentLabel={PAYMENT_METHOD_LABELS[o.paymentMethod]} />
      <CashCollection order={o} />
      <OrderActions order={o} />
    </section>
  );
}
