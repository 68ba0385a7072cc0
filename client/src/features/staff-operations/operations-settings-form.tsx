import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useMutation } from '@apollo/client/react';
import type { z } from 'zod';
import { operationsSettingsSchema } from '#shared/operations.js';
import { sharedRules } from '../../lib/shared-rules';
import { NETWORK_ERROR, staffErrorMessage } from '../../lib/staff-errors';
import { formatDateTime, parseWhole } from '../../lib/staff-format';
import { StaffField } from '../../components/staff/staff-field';
import { ActionError } from '../../components/staff/query-error';
import {
  StaffUpdateOperationsSettingsDocument,
  type OperationsSettingsFieldsFragment,
} from './staff-operations.generated';

const NUMBER_FIELDS = [
  'keepDaily',
  'keepWeekly',
  'keepMonthly',
  'backupMaxAgeHours',
  'paymentFailurePercent',
  'paymentMinAttempts',
  'paymentWindowMinutes',
  'noPaidOrderHours',
  'openingHour',
  'closingHour',
  'jobStuckMinutes',
  'diskFreePercent',
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
type FormValues = { backupEnabled: boolean; backupTime: string } & Record<NumberField, string>;

const LABELS: Record<NumberField, { label: string; hint?: string }> = {
  keepDaily: { label: 'Copias diarias a conservar' },
  keepWeekly: { label: 'Copias semanales a conservar' },
  keepMonthly: { label: 'Copias mensuales a conservar' },
  backupMaxAgeHours: { label: 'Alertar si la última copia tiene más de (horas)' },
  paymentFailurePercent: { label: 'Alertar si fallan más de este % de los pagos' },
  paymentMinAttempts: { label: '…con al menos estos pagos', hint: 'Con menos pagos no se calcula el porcentaje.' },
  paymentWindowMinutes: { label: '…en estos minutos' },
  noPaidOrderHours: { label: 'Alertar tras estas horas sin pedidos pagados' },
  openingHour: { label: 'Hora de apertura (0–23)', hint: 'Solo se alerta por falta de ventas en este horario.' },
  closingHour: { label: 'Hora de cierre (1–24)' },
  jobStuckMinutes: { label: 'Tarea atascada tras (minutos)' },
  diskFreePercent: { label: 'Espacio libre mínimo en disco (%)' },
};

const GROUPS: Array<{ title: string; fields: NumberField[] }> = [
  { title: 'Cuántas copias conservar', fields: ['keepDaily', 'keepWeekly', 'keepMonthly', 'backupMaxAgeHours'] },
  { title: 'Pagos', fields: ['paymentFailurePercent', 'paymentMinAttempts', 'paymentWindowMinutes'] },
  { title: 'Ventas', fields: ['noPaidOrderHours', 'openingHour', 'closingHour'] },
  { title: 'Tareas y disco', fields: ['jobStuckMinutes', 'diskFreePercent'] },
];

const toForm = (s: OperationsSettingsFieldsFragment): FormValues => ({
  backupEnabled: s.backupEnabled,
  backupTime: s.backupTime,
  ...(Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(s[f])])) as Record<NumberField, string>),
});

const fromForm = (v: FormValues) => ({
  backupEnabled: v.backupEnabled,
  backupTime: v.backupTime,
  ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f, parseWhole(v[f]) ?? Number.NaN])),
});

/** The backup schedule, retention and alert thresholds: every role with operations.view sees them, the owner edits. */
export function OperationsSettingsForm({
  settings,
  canManage,
}: {
  settings: OperationsSettingsFieldsFragment;
  canManage: boolean;
}) {
  const { register, handleSubmit, formState, setError } = useForm<
    FormValues,
    unknown,
    z.output<typeof operationsSettingsSchema>
  >({ defaultValues: toForm(settings), resolver: sharedRules(operationsSettingsSchema, fromForm) });
  const [save] = useMutation(StaffUpdateOperationsSettingsDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    setSaved(null);
    try {
      const result = (await save({ variables: { input } })).data?.staffUpdateOperationsSettings;
      if (result?.__typename === 'OperationsSettingsSaved') return setSaved(result.message);
      if (result?.__typename === 'ValidationErrors')
        for (const e of result.errors) setError(e.field as Path<FormValues>, { type: 'server', message: e.message });
      setFailure(result && 'message' in result ? result.message : NETWORK_ERROR);
    } catch (err) {
      setFailure(staffErrorMessage(err));
    }
  });

  return (
    <form className="staff-card staff-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="ops-settings">
      <h2 id="ops-settings">Ajustes</h2>
      {canManage ? null : <p className="muted">Solo el propietario de la tienda puede cambiar estos ajustes.</p>}
      <fieldset disabled={!canManage} className="staff-ops-fieldset">
        <legend>Copia diaria</legend>
        <label className="staff-checks">
          <input type="checkbox" {...register('backupEnabled')} /> Hacer una copia de seguridad cada día
        </label>
        <StaffField label="Hora de la copia (HH:MM, hora de Colombia)" error={errors.backupTime?.message}>
          {(a) => <input {...a} {...register('backupTime')} inputMode="numeric" autoComplete="off" />}
        </StaffField>
      </fieldset>
      {GROUPS.map((g) => (
        <fieldset key={g.title} disabled={!canManage} className="staff-ops-fieldset">
          <legend>{g.title}</legend>
          <div className="staff-form__row">
            {g.fields.map((f) => (
              <StaffField key={f} label={LABELS[f].label} hint={LABELS[f].hint} error={errors[f]?.message}>
                {(a) => <input {...a} {...register(f)} inputMode="numeric" autoComplete="off" />}
              </StaffField>
            ))}
          </div>
        </fieldset>
      ))}
      <ActionError message={failure} />
      {saved ? (
        <p className="staff-success" role="status">
          {saved}
        </p>
      ) : null}
      {settings.updatedBy ? (
        <p className="muted">
          Cambiado por {settings.updatedBy} el {formatDateTime(settings.updatedAt)}.
        </p>
      ) : null}
      {canManage ? (
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Guardando…' : 'Guardar ajustes'}
        </button>
      ) : null}
    </form>
  );
}
