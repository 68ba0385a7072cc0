import { SHOPPER_STATUS_TITLES, deliveryWindow, formatShopDateTime } from '#shared/order-tracking.js';
import { RETURN_KIND_LABELS, SHOPPER_RETURN_STATUS } from '#shared/returns.js';
import type { OrderLookupQuery } from './orders.generated';
import { FulfilmentStages, OrderTimeline, TrackingInfo } from './order-progress';
import { endSentence } from '#shared/sentence.js';

type Found = Extract<OrderLookupQuery['orderLookup'], { __typename: 'OrderLookup' }>;

/** What «Consulta tu pedido» shows: the order page's own status, stages, tracking and history (nothing personal). */
export function OrderLookupResult({ order }: { order: Found }) {
  const d = order.delivery;
  const paid = order.confirmed;
  const arrives =
    paid && order.status !== 'ENTREGADO' && d
      ? d.earliest && d.latest
        ? `Llega ${deliveryWindow(d.earliest, d.latest)} (${d.label} desde el pago).`
        : `Llega en ${d.label} desde el pago.`
      : null;
  return (
    <>
      <div className={`receipt__status${paid ? ' receipt__status--ok' : ''}`}>
        <h2>{SHOPPER_STATUS_TITLES[order.status]}</h2>
        <p>
          Pedido <strong>{order.reference}</strong>, {endSentence(`hecho el ${formatShopDateTime(order.createdAt)}`)}
        </p>
        {arrives ? <p>{arrives}</p> : null}
        <p className="form-field__hint">
          Para ver el detalle, pagar o pedir una devolución, abre el enlace del correo de tu pedido.
        </p>
      </div>
      <FulfilmentStages receipt={order} />
      <TrackingInfo receipt={order} />
      {order.returns.length ? (
        <section aria-labelledby="lookup-returns-title">
          <h2 id="lookup-returns-title">Devoluciones</h2>
          <ul className="order-returns__list">
            {order.returns.map((r, i) => (
              <li key={i} className="order-returns__item">
                {RETURN_KIND_LABELS[r.kind]} pedida el {formatShopDateTime(r.requestedAt)}:{' '}
                <strong>{SHOPPER_RETURN_STATUS[r.status]}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <OrderTimeline receipt={order} />
    </>
  );
}
