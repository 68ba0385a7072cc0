import { useState, type FormEvent, type ReactNode } from 'react';

export type SetFilter<K extends string> = (key: K) => (e: { target: { value: string } }) => void;

/**
 * A list's filter form: `children` draws the fields from a draft, which is applied on «Filtrar»; «Limpiar» empties
 * every field and applies that at once. Give it a `key` that changes with the applied values to start a new draft.
 */
export function FilterBar<K extends string>({
  label,
  values,
  onApply,
  children,
}: {
  /** Names the search landmark, e.g. «Filtrar órdenes». */
  label: string;
  values: Record<K, string>;
  onApply: (values: Record<K, string>) => void;
  children: (draft: Record<K, string>, set: SetFilter<K>) => ReactNode;
}) {
  const [draft, setDraft] = useState(values);
  const set: SetFilter<K> = (key) => (e) => setDraft({ ...draft, [key]: e.target.value });
  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(draft);
  }
  function clear() {
    const empty = Object.fromEntries(Object.keys(draft).map((k) => [k, ''])) as Record<K, string>;
    setDraft(empty);
    onApply(empty);
  }
  return (
    <form className="staff-filters" onSubmit={submit} role="search" aria-label={label}>
      {children(draft, set)}
      <div className="staff-filters__actions">
        <button type="submit" className="button">
          Filtrar
        </button>
        <button type="button" className="button button--secondary" onClick={clear}>
          Limpiar
        </button>
      </div>
    </form>
  );
}
