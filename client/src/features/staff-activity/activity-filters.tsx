import { AUDIT_KIND_LABELS, ENTITY_LABELS, OPERATION_LABELS } from '#shared/audit.js';
import { FilterBar } from '../../components/staff/filter-bar';
import { FilterSelect, DateRangeFields } from '../../components/staff/filter-fields';

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
          <FilterSelect
            label="Persona"
            all="Todo el equipo"
            value={draft.persona}
            onChange={set('persona')}
            options={people.map((p) => [p.uid, p.label] as const)}
            unknown={(uid) => uid}
          />
          <FilterSelect
            label="Registro"
            all="Todos"
            value={draft.registro}
            onChange={set('registro')}
            options={byLabel(ENTITY_LABELS)}
          />
          <label>
            Número del registro
            <input value={draft.id} onChange={set('id')} maxLength={80} inputMode="text" />
          </label>
          <FilterSelect
            label="Acción"
            all="Todas"
            value={draft.op}
            onChange={set('op')}
            options={byLabel(OPERATION_LABELS)}
          />
          <FilterSelect
            label="Tipo"
            all="Todos"
            value={draft.tipo}
            onChange={set('tipo')}
            options={AUDIT_KIND_LABELS}
          />
          <DateRangeFields from={draft.desde} to={draft.hasta} onFromChange={set('desde')} onToChange={set('hasta')} />
        </>
      )}
    </FilterBar>
  );
}
