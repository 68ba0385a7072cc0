/** Plain-text aligned tables (numbers right-aligned, text left-aligned). */
export type Cell = string | number | null | undefined;

const isNumeric = (s: string) => /^[-+]?[\d.,]+(?: ?(?:ms|[s%×]|KB))?$/.test(s);

/** `align`: per column 'l' or 'r'; by default numbers are right-aligned. */
export function formatTable(title: string, header: string[], rows: Cell[][], align?: Array<'l' | 'r'>): string {
  const text = rows.map((r) => r.map((c) => (c === null || c === undefined ? '—' : String(c))));
  const widths = header.map((h, i) => Math.max(h.length, ...text.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[], body: boolean) =>
    cells
      .map((c, i) =>
        body && (align?.[i] ?? (isNumeric(c) ? 'r' : 'l')) === 'r' ? c.padStart(widths[i]!) : c.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  const sep = widths.map((w) => '─'.repeat(w)).join('  ');
  return [`\n${title}`, line(header, false), sep, ...text.map((r) => line(r, true))].join('\n');
}

export const fmt = {
  int: (n: number | null | undefined) =>
    n === null || n === undefined || Number.isNaN(n) ? null : Math.round(n).toLocaleString('en-US'),
  ms: (n: number | null | undefined, digits = 1) =>
    n === null || n === undefined || Number.isNaN(n) ? null : `${n.toFixed(digits)} ms`,
  s: (ms: number | null | undefined) => (ms === null || ms === undefined ? null : `${(ms / 1000).toFixed(1)} s`),
  /**
   * Rounded down: every ratio target is a floor («≥ 70 %»), and 69.6 % printed as «70 %» beside a ✖ reads as a
   * contradiction. (The epsilon keeps 0.29 at 29 %: 0.29 × 100 is 28.999… in floating point.)
   */
  pct: (r: number | null | undefined) => (r === null || r === undefined ? null : `${Math.floor(r * 100 + 1e-9)} %`),
  kb: (bytes: number | null | undefined) =>
    bytes === null || bytes === undefined || Number.isNaN(bytes) ? null : `${(bytes / 1024).toFixed(1)} KB`,
  mark: (ok: boolean | null | undefined) => (ok === null || ok === undefined ? 'n/d' : ok ? '✔' : '✖'),
};
