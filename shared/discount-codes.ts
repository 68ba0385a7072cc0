import { z } from 'zod';
import { formatCop } from './money.js';
import { clientText } from './client-text.js';
import { SHOP_TIME_ZONE } from './shop.js';

/**
 * Discount codes: the staff form's rules (the server validates `staffCreateDiscountCode` and
 * `staffUpdateDiscountCode` with `discountCodeInputSchema`) and the one rule that words why a code
 * does not apply to a cart, used by the cart quote and by `placeOrder` alike.
 */

export const DISCOUNT_CODE_MESSAGES = {
  code: 'El código debe tener entre 3 y 40 caracteres: letras, números, guiones.',
  percent: 'El porcentaje debe ser un número entero entre 1 y 100.',
  dates: 'La fecha de inicio debe ser anterior a la fecha de fin.',
  usageLimit: 'El límite de usos debe ser un número entero mayor que 0, o quedar vacío para no tener límite.',
  minSubtotal: 'La compra mínima debe ser un número entero de pesos mayor que 0, o quedar vacía.',
  perCustomerLimit: 'El límite por cliente debe ser un número entero mayor que 0, o quedar vacío.',
  unknownCategory: 'Una de las categorías elegidas no existe.',
  duplicate: 'Ya existe un código de descuento con ese nombre.',
} as const;

const M = DISCOUNT_CODE_MESSAGES;

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

const optionalPositiveInt = (message: string) =>
  z
    .number({ message })
    .int(message)
    .min(1, message)
    .max(1_000_000_000, message)
    .nullish()
    .transform((v) => v ?? null);

const instant = z
  .union([z.date(), z.string()])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : v instanceof Date ? v : new Date(v)))
  .refine((d) => d === null || !Number.isNaN(d.getTime()), M.dates);

export const discountCodeInputSchema = z
  .object({
    code: clientText(40, M.code)
      .transform((v) => v.trim().toUpperCase())
      .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, M.code)),
    percent: z.number({ message: M.percent }).int(M.percent).min(1, M.percent).max(100, M.percent),
    active: z.boolean(),
    validFrom: instant,
    validUntil: instant,
    usageLimit: optionalPositiveInt(M.usageLimit),
    minSubtotal: optionalPositiveInt(M.minSubtotal),
    categorySlugs: z
      .array(clientText(80, M.unknownCategory))
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
    firstPurchaseOnly: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    perCustomerLimit: optionalPositiveInt(M.perCustomerLimit),
  })
  .superRefine((d, ctx) => {
    if (d.validFrom && d.validUntil && d.validFrom >= d.validUntil)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: M.dates });
  });

export type DiscountCodeFormInput = z.input<typeof discountCodeInputSchema>;
export type ValidDiscountCode = z.output<typeof discountCodeInputSchema>;

// ------------------------------------------------------------------ why a code does not apply

export const DISCOUNT_PROBLEM_REASONS = [
  'INVALID',
  'EXPIRED',
  'NOT_YET_VALID',
  'USED_UP',
  'MINIMUM_NOT_MET',
  'NO_ELIGIBLE_PRODUCTS',
  'NOT_FOR_THIS_ORDER',
] as const;
export type DiscountProblemReason = (typeof DISCOUNT_PROBLEM_REASONS)[number];

/** The message for an unknown or switched-off code, word for word as the shop has always said it. */
export const INVALID_DISCOUNT_MESSAGE = 'Código de Descuento no valido.';

/**
 * The one answer for every rule about who is buying (first purchase only, uses per customer): the same words
 * whichever rule refused, so the refusal never tells which one (nor whether an email has bought here).
 */
export const NOT_FOR_THIS_ORDER_MESSAGE = 'Este código no aplica a este pedido.';

export type DiscountProblemDetail =
  | { reason: 'INVALID' }
  | { reason: 'EXPIRED'; validUntil: Date }
  | { reason: 'NOT_YET_VALID'; validFrom: Date }
  | { reason: 'USED_UP' }
  | { reason: 'MINIMUM_NOT_MET'; minSubtotal: number; subtotal: number }
  | { reason: 'NO_ELIGIBLE_PRODUCTS'; categoryNames: string[] }
  | { reason: 'NOT_FOR_THIS_ORDER' };

/** `Collares`, `Collares o Correas`, `Collares, Correas o Arneses`. */
export function orList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} o ${names.at(-1)}`;
}

/** `20 de noviembre` (Bogotá), with the year when it is not this year's: `20 de noviembre de 2025`. */
export function codeDay(date: Date, now: Date = new Date()): string {
  const year = (d: Date) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: SHOP_TIME_ZONE }).format(d);
  return new Intl.DateTimeFormat('es-CO', {
    day: 'numeric',
    month: 'long',
    ...(year(date) === year(now) ? {} : { year: 'numeric' }),
    timeZone: SHOP_TIME_ZONE,
  }).format(date);
}

/** What the shopper reads when a code does not apply (the cart and the order say the same). */
export function discountProblemMessage(problem: DiscountProblemDetail, now: Date = new Date()): string {
  switch (problem.reason) {
    case 'INVALID':
      return INVALID_DISCOUNT_MESSAGE;
    case 'EXPIRED':
      return `Este código venció el ${codeDay(problem.validUntil, now)}.`;
    case 'NOT_YET_VALID':
      return `Este código es válido desde el ${codeDay(problem.validFrom, now)}.`;
    case 'USED_UP':
      return 'Este código ya se agotó: se usaron todos sus cupos.';
    case 'MINIMUM_NOT_MET':
      return `Este código aplica en compras desde ${formatCop(problem.minSubtotal)}: te faltan ${formatCop(problem.minSubtotal - problem.subtotal)}.`;
    case 'NO_ELIGIBLE_PRODUCTS':
      return `Este código solo aplica a productos de ${orList(problem.categoryNames)}.`;
    case 'NOT_FOR_THIS_ORDER':
      return NOT_FOR_THIS_ORDER_MESSAGE;
  }
}

// ------------------------------------------------------------------ a code's state for staff

export const DISCOUNT_CODE_STATES = ['ACTIVE', 'INACTIVE', 'SCHEDULED', 'EXPIRED', 'USED_UP'] as const;
export type DiscountCodeState = (typeof DISCOUNT_CODE_STATES)[number];

export const DISCOUNT_CODE_STATE_LABELS: Record<DiscountCodeState, string> = {
  ACTIVE: 'Activo',
  INACTIVE: 'Inactivo',
  SCHEDULED: 'Programado',
  EXPIRED: 'Vencido',
  USED_UP: 'Agotado',
};

/**
 * Whether a code applies to anyone right now, and if not why (the staff list shows it; quotes refuse with the
 * matching reason). Switched off wins, then the dates, then the usage limit. `validUntil` is the last instant.
 */
export function discountCodeState(
  c: { active: boolean; validFrom: Date | null; validUntil: Date | null; usageLimit: number | null; uses: number },
  now: Date = new Date(),
): DiscountCodeState {
  if (!c.active) return 'INACTIVE';
  if (c.validFrom && c.validFrom.getTime() > now.getTime()) return 'SCHEDULED';
  if (c.validUntil && c.validUntil.getTime() < now.getTime()) return 'EXPIRED';
  if (c.usageLimit !== null && c.uses >= c.usageLimit) return 'USED_UP';
  return 'ACTIVE';
}

/** A code's conditions in one line for staff lists, e.g. `Desde $ 100.000 · Solo Collares · Primera compra · 1 por cliente`. */
export function describeDiscountRules(c: {
  minSubtotal: number | null;
  categoryNames: readonly string[];
  firstPurchaseOnly: boolean;
  perCustomerLimit: number | null;
}): string {
  const parts: string[] = [];
  if (c.minSubtotal) parts.push(`Desde ${formatCop(c.minSubtotal)}`);
  if (c.categoryNames.length) parts.push(`Solo ${orList(c.categoryNames)}`);
  if (c.firstPurchaseOnly) parts.push('Primera compra');
  if (c.perCustomerLimit) parts.push(`${c.perCustomerLimit} por cliente`);
  return parts.length ? parts.join(' · ') : 'Sin condiciones';
}
