import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { formatCop } from '#shared/money.js';
import { REFUND_METHOD_LABELS, type RefundMethodValue } from '#shared/returns.js';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { StaffRefundReturnDocument, type StaffReturnFieldsFragment } from './staff-returns.generated';

/**
 * Records the money going back: a void of the card payment at the gateway (offered only when the whole card
 * payment is refunded) or a bank transfer with its reference.
 */
export function RefundForm({ request, onRefunded }: { request: StaffReturnFieldsFragment; onRefunded: () => void }) {
  const [method, setMethod] = useState<RefundMethodValue>(request.canVoidAtGateway ? 'GATEWAY_VOID' : 'BANK_TRANSFER');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refund, { loading }] = useMutation(StaffRefundReturnDocument);
  const ids = { reference: `refund-reference-${request.id}`, error: `refund-error-${request.id}` };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (method === 'BANK_TRANSFER' && reference.trim().length < 3)
      return setError('Escribe la referencia de la transferencia.');
    if (
      method === 'GATEWAY_VOID' &&
      !window.confirm(`¿Anular en la pasarela el cobro de ${formatCop(request.refundAmount)}? No se puede deshacer.`)
    )
      return;
    try {
      const { data } = await refund({
        variables: { id: request.id, method, reference: method === 'BANK_TRANSFER' ? reference.trim() : null },
      });
      const refused = refusalMessage(data?.staffRefundReturn, 'ReturnRequest');
      if (refused) return setError(refused);
      onRefunded();
    } catch (err) {
      setError(staffErrorMessage(err));
    }
  }

  return (
    <form className="refund-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Reembolso de {formatCop(request.refundAmount)}</legend>
        {request.canVoidAtGateway ? (
          <label className="refund-form__choice">
            <input
              type="radio"
              name={`refund-method-${request.id}`}
              value="GATEWAY_VOID"
              checked={method === 'GATEWAY_VOID'}
              onChange={() => setMethod('GATEWAY_VOID')}
            />
            {REFUND_METHOD_LABELS.GATEWAY_VOID}
          </label>
        ) : null}
        <label className="refund-form__choice">
          <input
            type="radio"
            name={`refund-method-${request.id}`}
            value="BANK_TRANSFER"
            checked={method === 'BANK_TRANSFER'}
            onChange={() => setMethod('BANK_TRANSFER')}
          />
          {REFUND_METHOD_LABELS.BANK_TRANSFER}
        </label>
        {request.canVoidAtGateway ? null : (
          <p className="muted">Un reembolso parcial o un pago que no fue con tarjeta se devuelve por transferencia.</p>
        )}
        {method === 'BANK_TRANSFER' ? (
          <>
            <label htmlFor={ids.reference}>Referencia de la transferencia</label>
            <input
              id={ids.reference}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={120}
              autoComplete="off"
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
          </>
        ) : null}
      </fieldset>
      {error ? (
        <p id={ids.error} className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={loading}>
        {loading ? 'Registrando…' : 'Registrar reembolso'}
      </button>
    </form>
  );
}
