import { BRAND } from '#shared/shop.js';

/** Escapes text for HTML content and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The shop's email frame: Spanish, 600 px wide, readable without images. `body` is trusted HTML. */
export function emailLayout(title: string, body: string): string {
  return `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:16px">${body}
<p style="color:#777;font-size:12px">${BRAND} · Accesorios para mascotas hechos en Colombia</p></body></html>`;
}

const longDate = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** `lunes, 23 de noviembre de 2026` (Bogotá). */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}
