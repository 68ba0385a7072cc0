import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the page's query string (so a filtered list can be reloaded, shared and gone back to):
 * `values` holds each key's text ('' when absent); `apply` writes the trimmed, non-empty ones back, plus any `extra`
 * parameter such as a page cursor. `formKey` changes with the query, to reset a filter form's draft.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  function apply(next: Record<K, string>, extra: Record<string, string | null> = {}) {
    const query = new URLSearchParams();
    for (const k of keys) if (next[k].trim()) query.set(k, next[k].trim());
    for (const [k, v] of Object.entries(extra)) if (v) query.set(k, v);
    setParams(query);
  }
  return { values, apply, params, formKey: params.toString() };
}
