import { z } from 'zod';
import { checkoutSchema, fieldErrors, type CheckoutInput as FormInput, type FieldError } from '#shared/checkout.js';
import type { Place } from '#shared/divipola.js';
import { clientText } from '#shared/client-text.js';

export type { FieldError };

/** `placeOrder`'s input as far as validation goes: the shared checkout form plus the cart and the request key. */
export interface CheckoutInput extends Omit<FormInput, 'paymentMethod'> {
  /** Any method the schema names; the checkout rules accept only the ones a shopper may choose. */
  paymentMethod: string;
  idempotencyKey: string;
  lines: unknown[];
}

export interface ValidCheckout {
  customer: z.output<typeof checkoutSchema>['customer'];
  department: Place;
  municipality: Place;
  address: string;
  neighborhood: string | null;
  paymentMethod: z.output<typeof checkoutSchema>['paymentMethod'];
}

/** The shared checkout rules (the same the checkout form applies) plus what only the server sees. */
const placeOrderSchema = checkoutSchema.extend({
  lines: z.array(z.unknown()).min(1, 'Tu carrito está vacío.'),
  idempotencyKey: clientText(100, 'La clave de la solicitud no es válida. Recarga la página.')
    .trim()
    .min(8, 'La clave de la solicitud no es válida. Recarga la página.')
    .max(100, 'La clave de la solicitud no es válida. Recarga la página.'),
});

/** Checks every checkout field; Spanish messages keyed by input path. */
export function validateCheckout(
  input: CheckoutInput,
): { ok: true; value: ValidCheckout } | { ok: false; errors: FieldError[] } {
  const result = placeOrderSchema.safeParse(input);
  if (!result.success) return { ok: false, errors: fieldErrors(result.error) };
  const { customer, shipping, paymentMethod } = result.data;
  return { ok: true, value: { customer, ...shipping, paymentMethod } };
}
