import { useId } from 'react';

export interface ShipmentDraft {
  orderId: string;
  reference: string;
  trackingNumber: string;
}

/**
 * Shipping several orders at once: one carrier for all (they usually leave with the same one) and each order's own
 * guide number, in the order of the list.
 */
export function BulkShipments({
  carrier,
  onCarrier,
  shipments,
  onTracking,
}: {
  carrier: string;
  onCarrier: (value: string) => void;
  shipments: ShipmentDraft[];
  onTracking: (orderId: string, value: string) => void;
}) {
  const carrierId = useId();
  return (
    <fieldset className="bulk-shipments">
      <legend>Guías de envío</legend>
      <label className="staff-field" htmlFor={carrierId}>
        Transportadora (para todas)
      </label>
      <input
        id={carrierId}
        value={carrier}
        onChange={(e) => onCarrier(e.target.value)}
        maxLength={80}
        aria-required="true"
        autoComplete="off"
      />
      <ul className="bulk-shipments__list">
        {shipments.map((s) => (
          <li key={s.orderId}>
            <label className="staff-field">
              Número de guía de {s.reference}
              <input
                value={s.trackingNumber}
                onChange={(e) => onTracking(s.orderId, e.target.value)}
                maxLength={80}
                aria-required="true"
                autoComplete="off"
              />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
