import { z } from 'zod';
import { EMAIL_PATTERN } from './email.js';
import { clientText } from './client-text.js';

/** «Consulta tu pedido»: what a shopper types, checked by the page (react-hook-form) and by the server alike. */
export const ORDER_LOOKUP_MESSAGES = {
  reference: 'Escribe el número de tu pedido (empieza por ENZ-).',
  email: 'Escribe el correo con el que hiciste el pedido.',
} as const;

/** One answer whichever half was wrong, so it never tells whether a reference exists. */
export const ORDER_LOOKUP_MISMATCH =
  'No encontramos un pedido con ese número y ese correo. Revisa los dos datos: el número está en el correo de confirmación (empieza por ENZ-).';

const M = ORDER_LOOKUP_MESSAGES;

/**
 * Reference without spaces in capitals, email trimmed in lower case. A reference of the wrong shape is not an
 * input error: the server answers it like a wrong pair, so the answer never tells what exists.
 */
export const orderLookupSchema = z.object({
  reference: clientText(40, M.reference)
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1, M.reference)),
  email: clientText(254, M.email)
    .trim()
    .toLowerCase()
    .min(1, M.email)
    .max(254, { message: M.email, abort: true })
    .regex(EMAIL_PATTERN, M.email),
});

export type OrderLookupForm = z.input<typeof orderLookupSchema>;
export type OrderLookupValues = z.output<typeof orderLookupSchema>;
