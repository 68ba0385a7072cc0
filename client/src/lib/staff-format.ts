/** Whole pesos as staff type them: `85000`, `85.000` or `$ 85.000` (dots group thousands, no decimals). */
export function parsePesos(text: string): number | null {
  const compact = text.replace(/[\s$\u00a0]/g, '');
  if (!/^(\d+|\d{1,3}(\.\d{3})+)$/.test(compact)) return null;
  const value = Number(compact.replace(/\./g, ''));
  return Number.isSafeInteger(value) ? value : null;
}

const dateTime = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium', timeStyle: 'short' });

/** Date and time in Bogotá, e.g. `4 mar 2025, 3:00 p. m.`. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
