import { readWholeNumber } from '#shared/catalog-sheet.js';

/** Whole pesos as staff type them: `85000`, `85.000` or `$ 85.000` (the spreadsheet import reads them the same way). */
export function parsePesos(text: string): number | null {
  const reading = readWholeNumber(text);
  return 'value' in reading && reading.value >= 0 ? reading.value : null;
}

const dateTime = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Date and time in Bogotá, e.g. `4 mar 2025, 3:00 p. m.`. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const day = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A day in Bogotá, e.g. `5 dic 2026` (deadlines, validity of a code). */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

const BOGOTA_OFFSET = '-05:00';
const localParts = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Bogota',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** ISO instant → `YYYY-MM-DDTHH:mm` in Bogotá (for `<input type="datetime-local">`); '' for none. */
export function toBogotaLocal(iso: string | null | undefined): string {
  return iso ? localParts.format(new Date(iso)).replace(' ', 'T') : '';
}

/** ISO instant → `YYYY-MM-DD` in Bogotá (for `<input type="date">`); '' for none. */
export function toBogotaDay(iso: string | null | undefined): string {
  return toBogotaLocal(iso).slice(0, 10);
}

/** `YYYY-MM-DDTHH:mm` typed in Bogotá → ISO instant; null when empty. Bogotá has no daylight saving. */
export function fromBogotaLocal(local: string): string | null {
  return local ? new Date(`${local}:00${BOGOTA_OFFSET}`).toISOString() : null;
}

/** A whole number typed by staff (`''` → null; anything else not a whole number → NaN, which the shared rules refuse). */
export function parseWhole(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}
