import { z } from 'zod';
import { formatCop } from './money.js';

/**
 * Cash on delivery (contraentrega): the shop's switch, its maximum order total and its fee, and the
 * rule that says whether an order may be paid that way. The server applies it to `cartQuote` and
 * `placeOrder`; the checkout shows the server's answer.
 */
export interface CashOnDeliverySettings {
  enabled: boolean;
  /** Highest order total (merchandise after discount + shipping + the fee), in COP. */
  maxTotal: number;
  /** Added to the order as its own line when the shopper chooses contraentrega, in COP. */
  fee: number;
  /** Hours staff have to confirm an order by phone; then it is cancelled and its products are freed. */
  confirmWithinHours: number;
}

/** The window staff get unless they set another, and the longest they may set (30 days). */
export const DEFAULT_CONFIRM_WITHIN_HOURS = 48;
export const MAX_CONFIRM_WITHIN_HOURS = 720;

/** When an unconfirmed cash-on-delivery order placed at `placedAt` is cancelled. */
export function confirmDeadline(placedAt: Date, confirmWithinHours: number): Date {
  return new Date(placedAt.getTime() + confirmWithinHours * 3_600_000);
}

export type CashOnDeliveryRefusal = 'DISABLED' | 'OVER_MAXIMUM';

export type CashOnDeliveryAvailability =
  { available: true } | { available: false; reason: CashOnDeliveryRefusal; message: string };

export const CASH_ON_DELIVERY_MESSAGES = {
  disabled: 'El pago contraentrega no está disponible en este momento. Elige otro medio de pago.',
  overMaximum: (maxTotal: number) =>
    `El pago contraentrega está disponible para pedidos de hasta ${formatCop(maxTotal)} (con el envío y el recargo). Elige otro medio de pago.`,
} as const;

/** Whether an order whose total *with the cash-on-delivery fee* is `totalWithFee` may be paid on delivery. */
export function cashOnDeliveryAvailability(
  settings: Pick<CashOnDeliverySettings, 'enabled' | 'maxTotal'>,
  totalWithFee: number,
): CashOnDeliveryAvailability {
  if (!settings.enabled) return { available: false, reason: 'DISABLED', message: CASH_ON_DELIVERY_MESSAGES.disabled };
  if (totalWithFee > settings.maxTotal)
    return {
      available: false,
      reason: 'OVER_MAXIMUM',
      message: CASH_ON_DELIVERY_MESSAGES.overMaximum(settings.maxTotal),
    };
  return { available: true };
}

/** Largest amount staff may set (a plain sanity bound, COP 100 millones). */
export const CASH_ON_DELIVERY_MAX_AMOUNT = 100_000_000;

const pesos = (message: string) =>
  z.number({ message }).int(message).min(0, message).max(CASH_ON_DELIVERY_MAX_AMOUNT, message);

const CONFIRM_HOURS_MESSAGE = `El plazo para confirmar debe ser un número entero de horas entre 1 y ${MAX_CONFIRM_WITHIN_HOURS}.`;

/** What staff save (the staff form and `staffSaveCashOnDelivery` apply the same rules and messages). */
export const cashOnDeliveryInputSchema = z
  .object({
    enabled: z.boolean(),
    maxTotal: pesos('El valor máximo del pedido debe ser un número entero de pesos (0 o más).'),
    fee: pesos('El recargo debe ser un número entero de pesos (0 o más).'),
    confirmWithinHours: z
      .number({ message: CONFIRM_HOURS_MESSAGE })
      .int(CONFIRM_HOURS_MESSAGE)
      .min(1, CONFIRM_HOURS_MESSAGE)
      .max(MAX_CONFIRM_WITHIN_HOURS, CONFIRM_HOURS_MESSAGE)
      // Left out (an older client): the window stays as it is.
      .nullish(),
  })
  .refine((v) => !v.enabled || v.maxTotal > v.fee, {
    path: ['maxTotal'],
    message: 'El valor máximo del pedido debe ser mayor que el recargo.',
  });
