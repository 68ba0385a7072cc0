import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useMutation } from '@apollo/client/react';
import { cashOnDeliveryInputSchema } from '#shared/cash-on-delivery.js';
import type { z } from 'zod';
import { formatCop } from '#shared/money.js';
import { countOf } from '#shared/plural.js';
import { endSentence } from '#shared/sentence.js';
import { sharedRules } from '../../lib/shared-rules';
import { NETWORK_ERROR, staffErrorMessage } from '../../lib/staff-errors';
import { formatDateTime, parsePesos, parseWhole } from '../../lib/staff-format';
import { StaffField } from '../../components/staff/staff-field';
import { ActionError } from '../../components/staff/query-error';
import { StaffSaveCashOnDeliveryDocument, type CashOnDeliveryFieldsFragment } from './staff-payments.generated';

interface FormValues {
  enabled: boolean;
  maxTotal: string;
  fee: string;
  confirmWithinHours: string;
}

const fromForm = (v: FormValues) => ({
  enabled: v.enabled,
  maxTotal: parsePesos(v.maxTotal) ?? Number.NaN,
  fee: v.fee.trim() ? (parsePesos(v.fee) ?? Number.NaN) : 0,
  confirmWithinHours: parseWhole(v.confirmWithinHours) ?? Number.NaN,
});

/** Contraentrega: on/off, the highest order total it accepts and its fee (the server applies the same rules). */
export function CashOnDeliveryForm({ settings }: { settings: CashOnDeliveryFieldsFragment }) {
  const { register, handleSubmit, formState, setError, watch } = useForm<
    FormValues,
    unknown,
    z.output<typeof cashOnDeliveryInputSchema>
  >({
    defaultValues: {
      enabled: settings.enabled,
      maxTotal: String(settings.maxTotal),
      fee: String(settings.fee),
      confirmWithinHours: String(settings.confirmWithinHours),
    },
    resolver: sharedRules(cashOnDeliveryInputSchema, fromForm),
  });
  const [save] = useMutation(StaffSaveCashOnDeliveryDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { errors, isSubmitting } = formState;
  const enabled = watch('enabled');

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    setSaved(false);
    try {
      const result = (await save({ variables: { input } })).data?.staffSaveCashOnDelivery;
      if (result?.__typename === 'CashOnDeliverySettings') return setSaved(true);
      if (result?.__typename === 'ValidationErrors')
        for (const e of result.errors) setError(e.field as Path<FormValues>, { type: 'server', message: e.message });
      setFailure(result && 'message' in result ? result.message : NETWORK_ERROR);
    } catch (err) {
      setFailure(staffErrorMessage(err));
    }
  });

  return (
    <form className="staff-card staff-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="cod-title">
      <h2 id="cod-title">Pago contraentrega</h2>
      <p className="muted">
        El cliente paga en efectivo a la transportadora. El pedido queda «Por confirmar» con sus productos apartados
        hasta que lo confirmes por teléfono (pasa a «En preparación») o lo canceles; si nadie lo confirma dentro del
        plazo, la tienda lo cancela sola y sus productos vuelven al inventario. Cuando la transportadora entregue el
        recaudo, regístralo en la orden: solo entonces cuenta como venta.
      </p>
      <label className="checkbox">
        <input type="checkbox" {...register('enabled')} /> Ofrecer pago contraentrega
      </label>
      <div className="staff-form__row">
        <StaffField
          label="Valor máximo del pedido (COP)"
          error={errors.maxTotal?.message}
          hint="Con el envío y el recargo. Pedidos mayores no pueden pagar contraentrega."
        >
          {(a) => (
            <input {...a} {...register('maxTotal')} inputMode="numeric" aria-required="true" autoComplete="off" />
          )}
        </StaffField>
        <StaffField
          label="Recargo (COP)"
          error={errors.fee?.message}
          hint="Se suma al pedido como una línea aparte. 0: sin recargo."
        >
          {(a) => <input {...a} {...register('fee')} inputMode="numeric" autoComplete="off" />}
        </StaffField>
        <StaffField
          label="Plazo para confirmar (horas)"
          error={errors.confirmWithinHours?.message}
          hint="Un pedido sin confirmar en este plazo se cancela y libera sus productos (48 horas si no lo cambias)."
        >
          {(a) => (
            <input
              {...a}
              {...register('confirmWithinHours')}
              inputMode="numeric"
              aria-required="true"
              autoComplete="off"
            />
          )}
        </StaffField>
      </div>
      <ActionError message={failure} />
      {saved ? (
        <p className="staff-success" role="status">
          Guardado. {enabled ? 'La tienda ofrece pago contraentrega.' : 'La tienda no ofrece pago contraentrega.'}
        </p>
      ) : null}
      <p className="muted">
        {endSentence(
          `Ahora: ${
            settings.enabled
              ? `activo, hasta ${formatCop(settings.maxTotal)}${settings.fee > 0 ? `, recargo ${formatCop(settings.fee)}` : ', sin recargo'}, ${countOf(settings.confirmWithinHours, 'hora', 'horas')} para confirmar`
              : 'desactivado'
          }${settings.updatedBy ? ` · cambiado por ${settings.updatedBy} el ${formatDateTime(settings.updatedAt)}` : ''}`,
        )}
      </p>
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? 'Guardando…' : 'Guardar'}
      </button>
    </form>
  );
}
