import { Link } from 'react-router';
import { formatCop } from '#shared/money.js';
import { formatShopTime } from '#shared/order-tracking.js';
import { PAGE_PATHS } from '#shared/storefront-routes.js';
import { endSentence } from '#shared/sentence.js';
import type { ResumableOrder } from './use-pending-order';

/** The order's page (reference + token): status, payment, tracking. */
export function orderPagePath(order: { reference: string; token: string }): string {
  return `${PAGE_PATHS.receipt}?ref=${encodeURIComponent(order.reference)}&token=${encodeURIComponent(order.token)}`;
}

/** `Ábrego (Norte de Santander)`; Bogotá D.C. once. */
function placeName(place: ResumableOrder['destination']): string {
  return place.municipalityName === place.departmentName
    ? place.municipalityName
    : `${place.municipalityName} (${place.departmentName})`;
}

/** Tells a shopper who comes back that their order waits for its payment, and what changing the cart does. */
export function PendingOrderNotice({
  resumable,
  released,
  onNavigate,
}: {
  resumable: ResumableOrder | null;
  released: string | null;
  onNavigate?: () => void;
}) {
  if (resumable) {
    return (
      <div className="pending-order" role="status">
        <p>
          Tu pedido <strong>{resumable.reference}</strong> por {formatCop(resumable.total)}, con envío a{' '}
          {placeName(resumable.destination)},{' '}
          {endSentence(
            `está esperando el pago${resumable.payBefore ? ` y tus productos están apartados hasta las ${formatShopTime(resumable.payBefore)}` : ''}`,
          )}
        </p>
        <Link className="button" to={orderPagePath(resumable)} onClick={onNavigate}>
          Completar el pago
        </Link>
        <p className="pending-order__hint">Si cambias tu carrito, liberaremos ese pedido y pagarás el carrito nuevo.</p>
      </div>
    );
  }
  if (released) {
    return (
      <p className="pending-order pending-order--released" role="status">
        Cambiaste tu carrito: liberamos el pedido {released} sin ningún cobro. Paga tu carrito actualizado cuando
        quieras.
      </p>
    );
  }
  return null;
}
