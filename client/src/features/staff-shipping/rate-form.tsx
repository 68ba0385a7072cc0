import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { DEPARTMENTS, findDepartment, findMunicipality, municipalitiesOf } from '#shared/divipola.js';
import { formatCop } from '#shared/money.js';
import { deliveryDaysLabel } from '#shared/shipping.js';
import { StaffField } from '../../components/staff/staff-field';
import { staffErrorMessage } from '../../lib/staff-errors';
import { StaffSaveShippingRateDocument, type ShippingRateFieldsFragment } from './staff-shipping.generated';
import { firstProblem, pesosText, readDays, readPesos } from './number-fields';

export type RateDraft = Pick<
  ShippingRateFieldsFragment,
  'departmentCode' | 'municipalityCode' | 'fee' | 'minDays' | 'maxDays'
>;

/**
 * Creates or changes the rate of a department, or of one of its municipalities (an override), with the
 * DANE DIVIPOLA lists. Saving a place that already has a rate replaces it.
 */
export function RateForm({
  initial,
  editing,
  onDone,
  onSaved,
}: {
  initial: RateDraft | null;
  editing: boolean;
  onDone: () => void;
  onSaved: (text: string) => void;
}) {
  const [department, setDepartment] = useState(initial?.departmentCode ?? '');
  const [municipality, setMunicipality] = useState(initial?.municipalityCode ?? '');
  const [fee, setFee] = useState(initial ? pesosText(initial.fee) : '');
  const [minDays, setMinDays] = useState(initial ? String(initial.minDays) : '');
  const [maxDays, setMaxDays] = useState(initial ? String(initial.maxDays) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { loading }] = useMutation(StaffSaveShippingRateDocument);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    const local: Record<string, string> = {};
    if (!department) local.departmentCode = 'Elige un departamento de la lista.';
    const input = {
      fee: readPesos(fee, 'Valor del envío'),
      minDays: readDays(minDays, 'Días mínimos'),
      maxDays: readDays(maxDays, 'Días máximos'),
    };
    for (const [k, v] of Object.entries(input)) if (typeof v === 'string') local[k] = v;
    setErrors(local);
    const first = Object.values(local)[0] ?? firstProblem(...Object.values(input));
    if (first) return setProblem(first);
    try {
      const { data } = await save({
        variables: {
          input: {
            departmentCode: department,
            municipalityCode: municipality || null,
            fee: input.fee as number,
            minDays: input.minDays as number,
            maxDays: input.maxDays as number,
          },
        },
      });
      const result = data?.staffSaveShippingRate;
      if (result?.__typename === 'ValidationErrors') {
        setErrors(Object.fromEntries(result.errors.map((er) => [er.field, er.message])));
        return setProblem(result.message);
      }
      if (result?.__typename === 'ShippingRate') {
        const place = result.municipalityName
          ? `${result.municipalityName} (${result.departmentName})`
          : result.departmentName;
        onSaved(
          `Tarifa de ${place} guardada: ${formatCop(result.fee)}, ${deliveryDaysLabel(result.minDays, result.maxDays)}.`,
        );
      }
    } catch (err) {
      setProblem(staffErrorMessage(err));
    }
  }

  const departmentName = findDepartment(department)?.name;
  const municipalities = department ? municipalitiesOf(department) : [];
  const title = editing
    ? `Editar tarifa de ${municipality ? (findMunicipality(department, municipality)?.name ?? municipality) : (departmentName ?? department)}`
    : 'Nueva tarifa';
  return (
    <form className="staff-card rate-form" onSubmit={submit} noValidate aria-labelledby="rate-form-title">
      <h2 id="rate-form-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <div className="shipping-grid">
        <StaffField label="Departamento" error={errors.departmentCode}>
          {(p) => (
            <select
              {...p}
              value={department}
              disabled={editing}
              onChange={(e) => {
                setDepartment(e.target.value);
                setMunicipality('');
              }}
            >
              <option value="">Elige…</option>
              {DEPARTMENTS.map((d) => (
                <option key={d.code} value={d.code}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField
          label="Municipio"
          error={errors.municipalityCode}
          hint="Déjalo en «Todo el departamento» para la tarifa del departamento."
        >
          {(p) => (
            <select
              {...p}
              value={municipality}
              disabled={editing || !department}
              onChange={(e) => setMunicipality(e.target.value)}
            >
              <option value="">Todo el departamento</option>
              {municipalities.map((m) => (
                <option key={m.code} value={m.code}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField label="Valor del envío (COP)" error={errors.fee}>
          {(p) => (
            <input {...p} value={fee} onChange={(e) => setFee(e.target.value)} inputMode="numeric" autoComplete="off" />
          )}
        </StaffField>
        <StaffField label="Días hábiles mínimos" error={errors.minDays}>
          {(p) => (
            <input
              {...p}
              value={minDays}
              onChange={(e) => setMinDays(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </StaffField>
        <StaffField label="Días hábiles máximos" error={errors.maxDays}>
          {(p) => (
            <input
              {...p}
              value={maxDays}
              onChange={(e) => setMaxDays(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </StaffField>
      </div>
      {problem ? (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="return-actions__buttons">
        <button type="submit" className="button" disabled={loading}>
          {loading ? 'Guardando…' : 'Guardar tarifa'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
