import { carrierDisplayName } from '#shared/carriers.js';
import { formatShopDateTime, fulfilmentStages, shopperStepLabel } from '#shared/order-tracking.js';
import type { OrderProgressFieldsFragment } from './orders.generated';

/**
 * Where an order is, with the date each stage was reached: approved → in preparation → shipped →
 * delivered; for contraentrega (it started waiting for the shop's call), received → confirmed and in
 * preparation → shipped → delivered.
 */
export function FulfilmentStages({ receipt }: { receipt: OrderProgressFieldsFragment }) {
  const reached = new Map(receipt.timeline.map((s) => [s.status, s.at]));
  const stages = fulfilmentStages(
    receipt.status === 'POR_CONFIRMAR' || receipt.timeline.some((step) => step.status === 'POR_CONFIRMAR'),
  );
  const current = stages.findIndex((s) => s.status === receipt.status);
  if (current === -1) return null;
  return (
    <ol className="order-stages" aria-label="Avance de tu pedido">
      {stages.map(({ status: stage, label }, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        const at = reached.get(stage);
        return (
          <li
            key={stage}
            className={`order-stages__item order-stages__item--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="order-stages__label">{label}</span>{' '}
            {at && state !== 'todo' ? (
              <span className="order-stages__date">{formatShopDateTime(at)}</span>
            ) : (
              <span className="visually-hidden">pendiente</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Carrier, guide number and the carrier's tracking page (other carriers: the guide as text). */
export function TrackingInfo({ receipt }: { receipt: OrderProgressFieldsFragment }) {
  if (!receipt.carrier || !receipt.trackingNumber) return null;
  const carrier = carrierDisplayName(receipt.carrier);
  return (
    <section className="order-tracking" aria-labelledby="order-tracking-title">
      <h2 id="order-tracking-title">Envío</h2>
      <p>
        Transportadora: <strong>{carrier}</strong>
        <br />
        Número de guía: <strong className="nowrap">{receipt.trackingNumber}</strong>
      </p>
      {receipt.trackingUrl ? (
        <a className="button" href={receipt.trackingUrl} target="_blank" rel="noopener noreferrer">
          Rastrear en {carrier}
          <span className="visually-hidden"> (se abre en otra pestaña)</span>
        </a>
      ) : (
        <p className="form-field__hint">Rastrea tu envío en la página de {carrier} con el número de guía.</p>
      )}
    </section>
  );
}

/** Everything that happened to the order, oldest first, in the shopper's words. */
export function OrderTimeline({ receipt }: { receipt: OrderProgressFieldsFragment }) {
  return (
    <section aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">Historial del pedido</h2>
      <ol className="order-timeline">
        {receipt.timeline.map((step, i) => (
          <li key={i}>
            <span className="order-timeline__what">{shopperStepLabel(step.from ?? null, step.status)}</span>
            <time className="order-timeline__when" dateTime={step.at}>
              {formatShopDateTime(step.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
