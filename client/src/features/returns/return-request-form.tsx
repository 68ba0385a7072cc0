import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { RETURN_REASON_MAX, RETURN_REASON_MIN, type ReturnKindValue } from '#shared/returns.js';
import {
  returnRequestFormSchema,
  type ReturnRequestForm as FormValues,
  type ReturnRequestValues,
} from '#shared/return-request.js';
import { paidForUnits } from '#shared/paid-amounts.js';
import { formatCop } from '#shared/money.js';
import { unitsText } from '#shared/plural.js';
import { FormField } from '../../components/form-field';
import type { DocumentNode } from 'graphql';
import { RequestReturnDocument, type OrderReturnsFieldsFragment } from './returns.generated';
import { formatDeadline } from './return-dates';

const NETWORK = 'No pudimos enviar tu solicitud. Revisa tu conexión e inténtalo de nuevo.';

const SENT: Record<ReturnKindValue, string> = {
  RETRACTO: 'Recibimos tu solicitud de retracto. Te escribimos al correo con los pasos para devolver los productos.',
  GARANTIA: 'Recibimos tu solicitud de garantía. La revisamos y te escribimos al correo.',
  REVERSION: 'Recibimos tu solicitud de reversión del pago. La revisamos y te escribimos al correo.',
};

/** Asks for retracto or warranty (which units, why) or a payment reversal (the whole payment, why). */
export function ReturnRequestForm({
  receipt,
  token,
  orderQuery,
  onSent,
  onCancel,
}: {
  receipt: OrderReturnsFieldsFragment;
  token: string;
  /** The page's query of the order: refetched before `onSent`, so the page shows the request and what is left. */
  orderQuery: DocumentNode;
  onSent: (text: string) => void;
  onCancel: () => void;
}) {
  const options = receipt.returnOptions;
  const kinds: Array<{ kind: ReturnKindValue; label: string; hint: string }> = [
    ...(options.retractoUntil
      ? [
          {
            kind: 'RETRACTO' as const,
            label: 'Retracto',
            hint: `Cambiaste de opinión: devuelve productos sin usar hasta el ${formatDeadline(options.retractoUntil)}.`,
          },
        ]
      : []),
    ...(options.warrantyUntil
      ? [{ kind: 'GARANTIA' as const, label: 'Garantía', hint: 'Un producto llegó o salió con un defecto.' }]
      : []),
    ...(options.canRequestReversal
      ? [
          {
            kind: 'REVERSION' as const,
            label: 'Reversión del pago',
            hint: 'Fraude, un cobro que no hiciste, o un producto que no llegó o no es el que pediste: revertimos todo el pago.',
          },
        ]
      : []),
  ];
  const { register, handleSubmit, watch, setError, formState } = useForm<FormValues, unknown, ReturnRequestValues>({
    resolver: zodResolver(returnRequestFormSchema),
    defaultValues: {
      kind: kinds[0]!.kind,
      items: options.returnableLines.map((l) => ({ lineId: l.lineId, quantity: 0 })),
      reason: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [request] = useMutation(RequestReturnDocument, {
    refetchQueries: [orderQuery],
    awaitRefetchQueries: true,
  });
  const legend = useRef<HTMLHeadingElement>(null);
  useEffect(() => legend.current?.focus(), []);
  const kind = watch('kind');
  const needsItems = kind !== 'REVERSION';
  const chosen = watch('items');
  // What the chosen units were paid (the shared rule the server refunds with: each unit's price less its share of
  // the discount); shipping comes back with the request that completes the order.
  const paid = options.returnableLines.reduce((sum, l, i) => {
    const line = receipt.lines.find((x) => x.id === l.lineId);
    const n = Number(chosen[i]?.quantity ?? 0);
    return line && n > 0 ? sum + paidForUnits(line, line.quantity - l.quantity, n) : sum;
  }, 0);
  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  const submit = handleSubmit(async (input) => {
    setRefusal(null);
    try {
      const { data } = await request({ variables: { reference: receipt.reference, token, input } });
      const result = data?.requestReturn;
      if (result?.__typename === 'ReturnRequest') return onSent(SENT[input.kind]);
      if (result?.__typename === 'ValidationErrors') {
        let placed = false;
        for (const e of result.errors) {
          if (e.field === 'items' || e.field === 'reason') {
            setError(e.field, { type: 'server', message: e.message });
            placed = true;
          }
        }
        if (!placed) setRefusal(result.message);
        return;
      }
      setRefusal(result?.message ?? NETWORK);
    } catch {
      setRefusal(NETWORK);
    }
  });

  return (
    <form className="return-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="return-form-title">
      <h3 id="return-form-title" tabIndex={-1} ref={legend}>
        ¿Qué necesitas?
      </h3>
      <fieldset className="return-form__kinds">
        <legend className="visually-hidden">Tipo de solicitud</legend>
        {kinds.map((k) => (
          <label key={k.kind} className="return-form__kind">
            <input type="radio" value={k.kind} {...register('kind')} />
            <span>
              <strong>{k.label}</strong>
              <span className="form-field__hint">{k.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {needsItems ? (
        <fieldset className="return-form__items" aria-describedby={itemsError ? 'return-items-error' : undefined}>
          <legend>Productos y unidades</legend>
          {options.returnableLines.length === 0 ? (
            <p>Todos los productos de este pedido ya están en otra solicitud.</p>
          ) : null}
          {options.returnableLines.map((l, i) => (
            <label key={l.lineId} className="return-form__item">
              <span>
                {l.name} (talla {l.sizeLabel})
              </span>
              <select
                {...register(`items.${i}.quantity`)}
                aria-label={`Unidades de ${l.name}, talla ${l.sizeLabel}`}
                aria-invalid={itemsError ? true : undefined}
              >
                {Array.from({ length: l.quantity + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n === 0 ? 'Ninguna' : unitsText(n)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {paid > 0 ? (
            <p className="form-field__hint" aria-live="polite">
              Por estas unidades pagaste {formatCop(paid)} (con su parte del descuento); eso es lo que te devolvemos.
            </p>
          ) : null}
          {itemsError ? (
            <p id="return-items-error" className="form-field__error">
              {itemsError}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <p>Se revierte todo el pago del pedido ({receipt.reference}).</p>
      )}
      <FormField
        label="Motivo"
        error={errors.reason?.message}
        hint={`Entre ${RETURN_REASON_MIN} y ${RETURN_REASON_MAX} caracteres.`}
      >
        {(p) => <textarea {...p} {...register('reason')} rows={3} maxLength={RETURN_REASON_MAX} />}
      </FormField>
      {refusal ? (
        <p className="checkout-notice" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="return-form__buttons">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Enviando…' : 'Enviar solicitud'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
