import type { ChangeEvent } from 'react';

/**
 * A select's choices: `[value, label]` pairs in the order shown, or a labels map (shown in its declaration order, which
 * the maps in `shared/` keep equal to their lists).
 */
export type FilterOptions = ReadonlyArray<readonly [value: string, label: string]> | Readonly<Record<string, string>>;

type OnChange<E extends HTMLElement> = (e: ChangeEvent<E>) => void;

/**
 * A list filter's labelled select: first an «all» choice with the empty value, then `options`. With `unknown`, a value
 * the options do not list (a combination from a link, a person no longer listed) is kept as one more choice named by
 * it, so the select shows the filter that is applied; without it such a value shows as the first choice, for lists
 * whose page ignores values it does not know.
 */
export function FilterSelect({
  label,
  all,
  value,
  onChange,
  options,
  unknown,
}: {
  label: string;
  /** The empty value's text, e.g. «Todos los estados». */
  all: string;
  value: string;
  onChange: OnChange<HTMLSelectElement>;
  options: FilterOptions;
  /** Names a value the options do not list, e.g. «Varios estados». */
  unknown?: (value: string) => string;
}) {
  const pairs: ReadonlyArray<readonly [string, string]> = Array.isArray(options) ? options : Object.entries(options);
  const keep = unknown && value !== '' && !pairs.some(([v]) => v === value);
  return (
    <label>
      {label}
      <select value={value} onChange={onChange}>
        <option value="">{all}</option>
        {pairs.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
        {keep ? <option value={value}>{unknown(value)}</option> : null}
      </select>
    </label>
  );
}

/** A list filter's «Desde»/«Hasta» calendar days (two labelled date inputs; either may stay empty). */
export function DateRangeFields({
  from,
  to,
  onFromChange,
  onToChange,
}: {
  from: string;
  to: string;
  onFromChange: OnChange<HTMLInputElement>;
  onToChange: OnChange<HTMLInputElement>;
}) {
  return (
    <>
      <label>
        Desde
        <input type="date" value={from} onChange={onFromChange} />
      </label>
      <label>
        Hasta
        <input type="date" value={to} onChange={onToChange} />
      </label>
    </>
  );
}
