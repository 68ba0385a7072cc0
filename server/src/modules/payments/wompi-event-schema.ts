import { z } from 'zod';

/**
 * The fields of a Wompi event that the shop reads, each with its bounds. An authentic event whose
 * fields break them (a 10 KB transaction id, a float amount, an unknown status…) is refused with 400,
 * kept for inspection and changes nothing.
 */
export const TRANSACTION_ID = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/, 'solo letras, números, _ y -');
export const PAYMENT_REFERENCE = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Z0-9-]+$/i, 'solo letras, números y -');
export const TRANSACTION_STATUS = z.enum(['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR']);

const transaction = z
  .object({
    id: TRANSACTION_ID,
    reference: PAYMENT_REFERENCE,
    amount_in_cents: z.number().int().positive().max(1e13),
    status: TRANSACTION_STATUS,
    currency: z.literal('COP').optional(),
    payment_method_type: z.string().max(40).optional(),
    status_message: z.string().max(500).nullable().optional(),
    redirect_url: z.string().max(2000).nullable().optional(),
    customer_email: z.string().max(254).nullable().optional(),
  })
  .loose();

export const transactionUpdatedEvent = z.object({
  event: z.literal('transaction.updated'),
  data: z.object({ transaction }).loose(),
  environment: z.enum(['test', 'prod']).optional(),
  signature: z.object({
    properties: z.array(z.string().max(100)).min(1).max(20),
    checksum: z.string().regex(/^[0-9a-f]{64}$/i),
  }),
  timestamp: z.number().int().positive().max(1e11),
  sent_at: z.string().max(40).optional(),
});

/** Other event kinds Wompi may send (tokens…): authentic, but nothing for the shop to do. */
export const anyEvent = z.object({ event: z.string().min(1).max(60) }).loose();

/** `data.transaction.id: debe tener como máximo 100 caracteres`-style lines for the stored reason. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(raíz)'}: ${i.message}`)
    .join('; ')
    .slice(0, 1000);
}
