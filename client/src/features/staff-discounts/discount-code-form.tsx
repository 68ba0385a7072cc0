import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { ActionError } from '../../components/staff/query-error';
import type { DiscountCodeInput } from '../../gql/types';
import { StaffCreateDiscountCodeDocument, StaffUpdateDiscountCodeDocument } from './staff-discounts.generated';
import type { StaffDiscountCodeFieldsFragment } from './staff-discounts.generated';

export function toInput(c: StaffDiscountCodeFieldsFragment): DiscountCodeInput {
  return { code: c.code, percent: c.percent, active: c.active, validFrom: c.validFrom ?? null, validUntil: c.validUntil ?? null, usageLimit: c.usageLimit ?? null };
}

const BOGOTA_OFFSET = '-05:00';
/** ISO instant → `YYYY-MM-DD` in Bogotá (for `<input type="date">`). */
const toDay = (iso: string | null | undefined) => (iso ? new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date(iso)) : '');

/** Create or edit a code: percent 1–100, validity window (Bogotá days, end inclusive), usage limit. */
export function DiscountCodeForm({ code, onDone, onCreated }: { code: StaffDiscountCodeFieldsFragment | null; onDone: () => void; onCreated: () => void }) {
  const [value, setValue] = useState({ code: code?.code ?? '', percent: String(code?.percent ?? 10), active: code?.active ?? true, from: toDay(code?.validFrom), until: toDay(code?.validUntil), limit: code?.usageLimit ? String(code.usageLimit) : '' });
  const [error, setError] = useState<string | null>(null);
  const [create, { loading: creating }] = useMutation(StaffCreateDiscountCodeDocument);
  const [update, { loading: updating }] = useMutation(StaffUpdateDiscountCodeDocument);
  const set = (key: keyof typeof value) => (e: { target: { value: string } }) => setValue({ ...value, [key]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const codeText = value.code.trim().toUpperCase();
    if (!/^[A-Z0-9][A-Z0-9_-]{2,39}$/.test(codeText)) return setError('El código debe tener entre 3 y 40 caracteres: letras, números, guiones.');
    const percent = Number(value.percent);
    if (!Number.isInteger(percent) || percent < 1 || percent > 100) return setError('El porcentaje debe ser un número entero entre 1 y 100.');
    if (value.from && value.until && value.from > value.until) return setError('La fecha de inicio debe ser anterior a la fecha de fin.');
    const limit = value.limit.trim();
    if (limit && (!/^\d+$/.test(limit) || Number(limit) < 1)) return setError('El límite de usos debe ser un número entero mayor que 0, o quedar vacío para no tener límite.');
    const input: DiscountCodeInput = {
      code: codeText,
      percent,
      active: value.active,
      validFrom: value.from ? new Date(`${value.from}T00:00:00${BOGOTA_OFFSET}`).toISOString() : null,
      validUntil: value.until ? new Date(`${value.until}T23:59:59${BOGOTA_OFFSET}`).toISOString() : null,
      usageLimit: limit ? Number(limit) : null,
    };
    try {
      if (code) {
        const { data } = await update({ variables: { id: code.id, input } });
        const refused = refusalMessage(data?.staffUpdateDiscountCode, 'StaffDiscountCode');
        if (refused) return setError(refused);
      } else {
        const { data } = await create({ variables: { input } });
        const refused = refusalMessage(data?.staffCreateDiscountCode, 'StaffDiscountCode');
        if (refused) return setError(refused);
        onCreated();
      }
      onDone();
    } catch (err) {
      setError(staffErrorMessage(err));
    }
  }

  return (
    <form className="staff-card discount-form" onSubmit={submit} noValidate aria-label={code ? `Editar ${code.code}` : 'Nuevo código de descuento'}>
      <h2>{code ? `Editar ${code.code}` : 'Nuevo código de descuento'}</h2>
      <label>
        Código
        <input value={value.code} onChange={set('code')} maxLength={40} aria-required="true" autoCapitalize="characters" autoComplete="off" />
      </label>
      <label>
        Porcentaje
        <input type="number" inputMode="numeric" min={1} max={100} value={value.percent} onChange={set('percent')} aria-required="true" />
      </label>
      <label>
        Válido desde
        <input type="date" value={value.from} onChange={set('from')} />
      </label>
      <label>
        Válido hasta
        <input type="date" value={value.until} onChange={set('until')} />
      </label>
      <label>
        Límite de usos
        <input type="number" inputMode="numeric" min={1} value={value.limit} onChange={set('limit')} placeholder="Sin límite" />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={value.active} onChange={(e) => setValue({ ...value, active: e.target.checked })} /> Activo
      </label>
      <ActionError message={error} />
      <div className="orders-filters__actions">
        <button type="submit" className="button" disabled={creating || updating}>
          Guardar
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
