import { z } from 'zod';
import { RETURN_REASON_MAX, RETURN_REASON_MIN } from './returns.js';
import { formatDecimal } from './money.js';
import { clientText } from './client-text.js';

/** The shopper's request form (react-hook-form) and the server check the same rules with the same words. */
export const RETURN_REQUEST_MESSAGES = {
  reasonShort: `Cuéntanos el motivo en al menos ${RETURN_REASON_MIN} caracteres.`,
  reasonLong: `El motivo es demasiado largo (máximo ${formatDecimal(RETURN_REASON_MAX, 0)} caracteres).`,
  items: 'Elige al menos un producto y cuántas unidades.',
} as const;

const M = RETURN_REQUEST_MESSAGES;

/** The reason as stored: runs of spaces and new lines made one space, trimmed. */
export const returnReasonSchema = clientText(RETURN_REASON_MAX, M.reasonLong)
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(RETURN_REASON_MIN, M.reasonShort).max(RETURN_REASON_MAX, M.reasonLong));

/** What the order page's form holds: the kind, units per returnable line (0 = none), the reason. */
export const returnRequestFormSchema = z
  .object({
    kind: z.enum(['RETRACTO', 'GARANTIA', 'REVERSION']),
    items: z.array(z.object({ lineId: clientText(20, M.items), quantity: z.coerce.number().int().min(0) })),
    reason: returnReasonSchema,
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'REVERSION' && !v.items.some((i) => i.quantity > 0))
      ctx.addIssue({ code: 'custom', path: ['items'], message: M.items });
  })
  // A reversal is of the whole payment: no units are sent.
  .transform((v) => ({
    kind: v.kind,
    reason: v.reason,
    items: v.kind === 'REVERSION' ? null : v.items.filter((i) => i.quantity > 0),
  }));

export type ReturnRequestForm = z.input<typeof returnRequestFormSchema>;
export type ReturnRequestValues = z.output<typeof returnRequestFormSchema>;
