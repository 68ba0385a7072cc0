import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { deliveryDaysLabel } from '#shared/shipping.js';
import { formatCop } from '#shared/money.js';
import { StaffField } from '../../components/staff/staff-field';
import { staffErrorMessage } from '../../lib/staff-errors';
import { formatDateTime } from '../../lib/staff-format';
import { StaffSaveShippingSettingsDocument, type ShippingSettingsFieldsFragment } from './staff-shipping.generated';
import { firstProblem, pesosText, readDays, readPesos } from './number-fields';

/** Free-shipping threshold and the fee and delivery time of destinations the table does not list. */
export function SettingsForm({ settings }: { settings: ShippingSettingsFieldsFragment }) {
  const [values, setValues] = useState({
    freeFrom: pesosText(settings.freeFrom),
    defaultFee: pesosText(settings.defaultFee),
    defaultMinDays: String(settings.defaultMinDays),
    defaultMaxDays: String(settings.defaultMaxDays),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [save, { loading }] = useMutation(StaffSaveShippingSettingsDocument);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [key]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFeedback(null);
    const input = {
      freeFrom: readPesos(values.freeFrom, 'Envío gratis desde'),
      defaultFee: readPesos(values.defaultFee, 'Tarifa general'),
      defaultMinDays: readDays(values.defaultMinDays, 'Días mínimos'),
      defaultMaxDays: readDays(values.defaultMaxDays, 'Días máximos'),
    };
    const local = Object.fromEntries(Object.entries(input).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >;
    setErrors(local);
    const problem = firstProblem(...Object.values(input));
    if (problem) return setFeedback({ ok: false, text: problem });
    try {
      const { data } = await save({
        variables: {
          input: input as { freeFrom: number; defaultFee: number; defaultMinDays: number; defaultMaxDays: number },
        },
      });
      const result = data?.staffSaveShippingSettings;
      if (result?.__typename === 'ValidationErrors') {
        setErrors(Object.fromEntries(result.errors.map((er) => [er.field, er.message])));
        return setFeedback({ ok: false, text: result.message });
      }
      if (result?.__typename === 'ShippingSettings') {
        setFeedback({
          ok: true,
          text: `Guardado: envío gratis desde ${formatCop(result.freeFrom)}; en el resto de Colombia ${formatCop(result.defaultFee)} y ${deliveryDaysLabel(result.defaultMinDays, result.defaultMaxDays)}.`,
        });
      }
    } catch (err) {
      setFeedback({ ok: false, text: staffErrorMessage(err) });
    }
  }

  const field = (key: keyof typeof values, label: string, hint?: string) => (
    <StaffField label={label} error={errors[key]} hint={hint}>
      {(p) => <input {...p} value={values[key]} onChange={set(key)} inputMode="numeric" autoComplete="off" />}
    </StaffField>
  );
  return (
    <form
      className="staff-card shipping-settings"
      onSubmit={submit}
      noValidate
      aria-labelledby="shipping-settings-title"
    >
      <h2 id="shipping-settings-title">Envío gratis y tarifa general</h2>
      <div className="shipping-grid">
        {field(
          'freeFrom',
          'Envío gratis desde (COP)',
          'Compras desde este valor, después del descuento, no pagan envío.',
        )}
        {field('defaultFee', 'Tarifa general (COP)', 'Para los destinos que la tabla no lista.')}
        {field('defaultMinDays', 'Días hábiles mínimos')}
        {field('defaultMaxDays', 'Días hábiles máximos')}
      </div>
      <p className="muted">
        Última modificación: {formatDateTime(settings.updatedAt)}
        {settings.updatedBy ? ` por ${settings.updatedBy}` : ''}
      </p>
      {feedback ? (
        <p className={feedback.ok ? 'staff-success' : 'staff-error'} role={feedback.ok ? 'status' : 'alert'}>
          {feedback.text}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={loading}>
        {loading ? 'Guardando…' : 'Guardar'}
      </button>
    </form>
  );
}
