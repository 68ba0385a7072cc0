import { badInput } from './errors.js';

/** Opaque offset cursors: base64url of `o:<offset>`. */
export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

export function decodeOffsetCursor(cursor: string | null | undefined): number {
  if (cursor == null || cursor === '') return 0;
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^o:(\d{1,9})$/.exec(raw);
  if (!match) throw badInput('El cursor de paginación no es válido.', 'after');
  return Number(match[1]);
}

export function checkPageSize(first: number | null | undefined, max: number, fallback: number): number {
  const size = first ?? fallback;
  if (!Number.isInteger(size) || size < 1)
    throw badInput('El tamaño de página debe ser un número entero mayor que 0.', 'first');
  if (size > max) throw badInput(`El tamaño de página máximo es ${max}.`, 'first');
  return size;
}
