import { AUDIT_KIND_LABELS, AUDIT_KINDS, ENTITY_LABELS, OPERATION_LABELS } from '#shared/audit.js';
import { FilterBar } from '../../components/staff/filter-bar';

/** The activity log's query parameters: person, kind of record and its number, operation, kind of entry, dates. */
export const ACTIVITY_FILTER_KEYS = ['persona', 'registro', 'id', 'op', 'tipo', 'desde', 'hasta'] as const;

export type ActivityFilterValues = Record<(typeof ACTIVITY_FILTER_KEYS)[number], string>;

const byLabel = (labels: Record<string, string>) =>
  Object.entries(labels).sort((a, b) => a[1].localeCompare(b[1], 'es'));

/** Person, kind of record (and its number), operation, kind of entry and dates; applied on submit. */
export function ActivityFilters({
  values,
  people,
  onApply,
}: {
  values: ActivityFilterValues;
  people: Array<{ uid: string; label: string }>;
  onApply: (v: ActivityFilterValues) => void;
}) {
  return (
    <FilterBar label="Filtrar la actividad" values={values} onApply={onApply}>
      {(draft, set) => (
        <>
          <label>
            Persona
            <select value={draft.persona} onChange={set('persona')}>
              <option value="">Todo el equipo</option>
              {people.map((p) => (
                <option key={p.uid} value={p.uid}>
                  {p.label}
                </option>
              ))}
              {draft.persona && !people.some((p) => p.uid === draft.persona) ? (
                <option value={draft.persona}>{draft.persona}</option>
              ) : null}
            </select>
          </label>
          <label>
            Registro
            <select value={draft.registro} onChange={set('registro')}>
              <option value="">Todos</option>
              {byLabel(ENTITY_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Número del registro
            <input value={draft.id} onChange={set('id')} maxLength={80} inputMode="text" />
          </label>
          <label>
            Acción
            <select value={draft.op} onChange={set('op')}>
              <option value="">Todas</option>
              {byLabel(OPERATION_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Tipo
            <select value={draft.tipo} onChange={set('tipo')}>
              <option value="">Todos</option>
              {AUDIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {AUDIT_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Desde
            <input type="date" value={draft.desde} onChange={set('desde')} />
          </label>
          <label>
            Hasta
            <input type="date" value={draft.hasta} onChange={set('hasta')} />
          </label>
        </>
      )}
    </FilterBar>
  );
}
