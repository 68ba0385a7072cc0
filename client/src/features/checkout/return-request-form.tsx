import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { RETURN_REASON_MAX, RETURN_REASON_MIN, type ReturnKindValue } from '#shared/returns.js';
import { FormField } from './form-field';
import { OrderReceiptDocument, RequestReturnDocument, type ReceiptFieldsFragment } from './checkout.generated';
import { formatDeadline } from './return-dates';

const NETWORK = 'No pudimos enviar tu solicitud. Revisa tu conexión e inténtalo de nuevo.';

const SENT: Record<ReturnKindValue, string> = {
  RETRACTO: 'Recibimos tu solicitud de retracto. Te escribimos al correo con los pasos para devolver los productos.',
  GARANTIA: 'Recibimos tu solicitud de garantía. La revisamos y te escribimos al correo.',
  REVERSION: 'Recibimos tu solicitud de reversión del pago. La revisamos y te escribimos al correo.',
};

/** Asks for retracto or warranty (which units, why) or a payment reversal (the whole payment, why). */
export function ReturnRequestForm({ receipt, token, onSent, onCancel }: { receipt: ReceiptFieldsFragment; token: string; onSent: (text: string) => void; onCancel: () => void }) {
  const options = receipt.returnOptions;
  const kinds: Array<{ kind: ReturnKindValue; label: string; hint: string }> = [
    ...(options.retractoUntil ? [{ kind: 'RETRACTO' as const, label: 'Retracto', hint: `Cambiaste de opinión: devuelve productos sin usar hasta el ${formatDeadline(options.retractoUntil)}.` }] : []),
    ...(options.warrantyUntil ? [{ kind: 'GARANTIA' as const, label: 'Garantía', hint: 'Un producto llegó o salió con un defecto.' }] : []),
    ...(options.canRequestReversal
      ? [{ kind: 'REVERSION' as const, label: 'Reversión del pago', hint: 'Fraude, un cobro que no hiciste, o un producto que no llegó o no es el que pediste: revertimos todo el pago.' }]
      : []),
  ];
  const [kind, setKind] = useState<ReturnKindValue>(kinds[0]!.kind);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ items?: string; reason?: string; form?: string }>({});
  const [request, { loading }] = useMutation(RequestReturnDocument, { refetchQueries: [OrderReceiptDocument], awaitRefetchQueries: true });
  const legend = useRef<HTMLHeadingElement>(null);
  useEffect(() => legend.current?.focus(), []);
  const needsItems = kind !== 'REVERSION';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const items = Object.entries(units)
      .filter(([, q]) => q > 0)
      .map(([lineId, quantity]) => ({ lineId, quantity }));
    const text = reason.replace(/\s+/g, ' ').trim();
    const local = {
      items: needsItems && items.length === 0 ? 'Elige al menos un producto y cuántas unidades.' : undefined,
      reason: text.length < RETURN_REASON_MIN ? `Cuéntanos el motivo en al menos ${RETURN_REASON_MIN} caracteres.` : undefined,
    };
    setErrors(local);
    if (local.items || local.reason) return;
    try {
      const { data } = await request({ variables: { reference: receipt.reference, token, input: { kind, reason: text, items: needsItems ? items : null } } });
      const result = data?.requestReturn;
      if (result?.__typename === 'ReturnRequest') return onSent(SENT[kind]);
      if (result?.__typename === 'ValidationErrors') {
        const byField = Object.fromEntries(result.errors.map((er) => [er.field, er.message]));
        return setErrors({ items: byField.items, reason: byField.reason, form: byField.items || byField.reason ? undefined : result.message });
      }
      setErrors({ form: result?.message ?? NETWORK });
    } catch {
      setErrors({ form: NETWORK });
    }
  }

  return (
    <form className="return-form" onSubmit={submit} noValidate aria-labelledby="return-form-title">
      <h3 id="return-form-title" tabIndex={-1} ref={legend}>
        ¿Qué necesitas?
      </h3>
      <fieldset className="return-form__kinds">
        <legend className="visually-hidden">Tipo de solicitud</legend>
        {kinds.map((k) => (
          <label key={k.kind} className="return-form__kind">
            <input type="radio" name="return-kind" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
            <span>
              <strong>{k.label}</strong>
              <span className="form-field__hint">{k.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {needsItems ? (
        <fieldset className="return-form__items" aria-describedby={errors.items ? 'return-items-error' : undefined}>
          <legend>Productos y unidades</legend>
          {options.returnableLines.length === 0 ? <p>Todos los productos de este pedido ya están en otra solicitud.</p> : null}
          {options.returnableLines.map((l) => (
            <label key={l.lineId} className="return-form__item">
              <span>
                {l.name} (talla {l.sizeLabel})
              </span>
              <select value={units[l.lineId] ?? 0} onChange={(e) => setUnits({ ...units, [l.lineId]: Number(e.target.value) })} aria-label={`Unidades de ${l.name}, talla ${l.sizeLabel}`}>
                {Array.from({ length: l.quantity + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n === 0 ? 'Ninguna' : n === 1 ? '1 unidad' : `${n} unidades`}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {errors.items ? (
            <p id="return-items-error" className="form-field__error">
              {errors.items}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <p>Se revierte todo el pago del pedido ({receipt.reference}).</p>
      )}
      <FormField label="Motivo" error={errors.reason} hint={`Entre ${RETURN_REASON_MIN} y ${RETURN_REASON_MAX} caracteres.`}>
        {(p) => <textarea {...p} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={RETURN_REASON_MAX} />}
      </FormField>
      {errors.form ? (
        <p className="checkout-notice" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="return-form__buttons">
        <button type="submit" className="button" disabled={loading}>
          {loading ? 'Enviando…' : 'Enviar solicitud'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
