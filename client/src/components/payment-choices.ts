import type { CheckoutPaymentMethodValue } from '#shared/orders.js';

/** How each method reads at checkout and when paying again. */
export const METHOD_CHOICES: Record<CheckoutPaymentMethodValue, string> = {
  CARD: 'Tarjeta de crédito o débito',
  PSE: 'PSE',
  NEQUI: 'Nequi',
  BANCOLOMBIA_TRANSFER: 'Botón Bancolombia',
  CASH_ON_DELIVERY: 'Pago contraentrega (en efectivo al recibir)',
};
