import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a shopper or staff member reads is Spanish with its accents: «Órdenes», never «Ordenes». Common words
 * that always carry one are looked for, written without it, in the code's texts, the emails and the docs.
 * Identifiers, route slugs and keys (`/dashboard/envios`, `id: 'garantia'`, `GARANTIA`) are not prose and are
 * left alone: a word in capitals, inside a path or a slug, or alone between quotes.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

const ACCENTED = `
  órdenes código códigos envío envíos teléfono teléfonos categoría categorías próximo próxima próximos próximas
  número números dirección página páginas información descripción último última últimos últimas también aquí
  días método métodos política políticas catálogo acción sesión contraseña artículo artículos imágenes título
  títulos crédito débito mínimo mínima máximo máxima país búsqueda cédula identificación opción configuración
  electrónico electrónica transacción rápido única único válido éxito automático automática común día todavía
  después así técnico razón cancelación confirmación devolución notificación operación verificación sábado
  miércoles compañía sección posición condición selección ubicación promoción vehículo cálculo límite límites
  vacío vacía recibirás podrás verás tendrás pagarás están garantía guía guías
`
  .split(/\s+/)
  .filter(Boolean);

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');
const WITHOUT_ACCENT = new Map(ACCENTED.map((w) => [fold(w), w]));
const WORD = /\p{L}+/gu;
/** Next to one of these the word is part of a path, a slug, a key or a template, not prose. */
const CODE_NEIGHBOUR = /[-/_{}=.#@$\\[\]]/;

/** Texts kept word for word on purpose. */
const KEPT = ['Código de Descuento no valido.'];

export interface Missing {
  line: number;
  word: string;
  accented: string;
}

/** Words of `text` written without the accent they always carry in Spanish. */
export function missingAccents(text: string): Missing[] {
  const found: Missing[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = KEPT.reduce((l, kept) => l.replaceAll(kept, ''), raw);
    for (const m of line.matchAll(WORD)) {
      const word = m[0];
      const accented = WITHOUT_ACCENT.get(word.toLowerCase());
      if (!accented || word.length < 3 || word === word.toUpperCase()) continue;
      const before = line[m.index - 1] ?? '';
      const after = line[m.index + word.length] ?? '';
      if (CODE_NEIGHBOUR.test(before) || CODE_NEIGHBOUR.test(after)) continue;
      if (/['"`]/.test(before) && before === after) continue;
      const cased = word[0] === word[0]!.toUpperCase() ? accented[0]!.toUpperCase() + accented.slice(1) : accented;
      found.push({ line: i + 1, word, accented: cased });
    }
  });
  return found;
}

function sourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out
    .split('\0')
    .filter((f) => /^(?:client\/src|server\/src|shared)\/.*\.(?:tsx?|html)$|^docs\/.*\.md$|^README\.md$/.test(f))
    .filter((f) => !/\.generated\.ts$|^client\/src\/gql\//.test(f))
    .filter((f) => fs.existsSync(path.join(ROOT, f)));
}

describe('Spanish keeps its accents', () => {
  it('in the texts of the shop, the panel, the emails and the docs', () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const f of missingAccents(text)) found.push(`${file}:${f.line}: «${f.word}» → «${f.accented}»`);
    }
    expect(found).toEqual([]);
  });

  it.each([
    ['<h1>Ordenes</h1>', 'Órdenes'],
    ["text: 'Te enviamos el codigo al correo.'", 'código'],
    ['`Próximo intento: ${when}` y el ultimo', 'último'],
  ])('finds the word in %s', (text, accented) => {
    expect(missingAccents(text).map((m) => m.accented)).toContain(accented);
  });

  it.each([
    ["<NavLink to='/dashboard/envios'>Envíos</NavLink>"],
    ["{ id: 'garantia', heading: 'Garantía' }"],
    ["kind: 'GARANTIA'"],
    ["'https://envia.co/rastrear-envios?guia={guia}'"],
    ['Código de Descuento no valido.'],
  ])('leaves code and kept texts alone: %s', (text) => {
    expect(missingAccents(text)).toEqual([]);
  });
});
