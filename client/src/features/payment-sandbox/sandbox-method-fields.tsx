import { useId } from 'react';
import { ONLINE_PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type OnlinePaymentMethodValue } from '#shared/orders.js';

/** What the shopper types at the sandbox for each method (Wompi's sandbox test data). */
export interface SandboxEntry {
  card: string;
  bank: string;
  nequiPhone: string;
}

export const SANDBOX_DEFAULTS: SandboxEntry = { card: '4242 4242 4242 4242', bank: '1', nequiPhone: '399 111 1111' };

/** Methods as the gateway's own page names them. */
const SANDBOX_METHOD_LABELS: Record<OnlinePaymentMethodValue, string> = {
  CARD: 'Tarjeta de crédito o débito',
  PSE: 'PSE',
  NEQUI: PAYMENT_METHOD_LABELS.NEQUI,
  BANCOLOMBIA_TRANSFER: PAYMENT_METHOD_LABELS.BANCOLOMBIA_TRANSFER,
};

/** The method picker (every method the shop's gateway offers, like Wompi's checkout) and the chosen method's test data. */
export function SandboxMethodFields({
  method,
  onMethod,
  entry,
  onEntry,
}: {
  method: OnlinePaymentMethodValue;
  onMethod: (m: OnlinePaymentMethodValue) => void;
  entry: SandboxEntry;
  onEntry: (e: SandboxEntry) => void;
}) {
  const bankId = useId();
  return (
    <>
      <fieldset className="checkout-fieldset checkout-methods">
        <legend>Medio de pago</legend>
        {ONLINE_PAYMENT_METHODS.map((m) => (
          <label key={m} className="checkout-choice">
            <input type="radio" name="sandbox-method" value={m} checked={method === m} onChange={() => onMethod(m)} />
            {SANDBOX_METHOD_LABELS[m]}
          </label>
        ))}
      </fieldset>
      {method === 'CARD' ? (
        <label>
          Número de tarjeta
          <input
            inputMode="numeric"
            autoComplete="off"
            value={entry.card}
            onChange={(e) => onEntry({ ...entry, card: e.target.value })}
          />
          <small>4242 4242 4242 4242 aprueba · 4111 1111 1111 1111 rechaza</small>
        </label>
      ) : null}
      {method === 'PSE' ? (
        <div className="sandbox-card__field">
          <label htmlFor={bankId}>Banco</label>
          <select id={bankId} value={entry.bank} onChange={(e) => onEntry({ ...entry, bank: e.target.value })}>
            <option value="1">Banco que aprueba</option>
            <option value="2">Banco que rechaza</option>
          </select>
        </div>
      ) : null}
      {method === 'NEQUI' ? (
        <label>
          Celular Nequi
          <input
            inputMode="tel"
            autoComplete="off"
            value={entry.nequiPhone}
            onChange={(e) => onEntry({ ...entry, nequiPhone: e.target.value })}
          />
          <small>399 111 1111 aprueba · 399 222 2222 rechaza</small>
        </label>
      ) : null}
      {method === 'BANCOLOMBIA_TRANSFER' ? (
        <p className="sandbox-card__note">
          Simula la respuesta de la sucursal virtual de Bancolombia: aprueba o rechaza la transferencia.
        </p>
      ) : null}
    </>
  );
}
