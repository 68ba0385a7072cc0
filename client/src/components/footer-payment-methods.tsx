import { ONLINE_PAYMENT_METHODS, type PaymentMethodValue } from '#shared/orders.js';

/** How each method reads in the footer (cards split as shoppers look for them). */
const FOOTER_LABELS: Partial<Record<PaymentMethodValue, readonly string[]>> = {
  CARD: ['Tarjeta débito', 'Tarjeta crédito'],
  PSE: ['PSE'],
  NEQUI: ['Nequi'],
  BANCOLOMBIA_TRANSFER: ['Botón Bancolombia'],
  CASH_ON_DELIVERY: ['Pago contraentrega'],
};

/** The footer's list of payment methods: the ones the shop offers now. */
export function FooterPaymentMethods({
  methods = ONLINE_PAYMENT_METHODS,
  labelledBy,
}: {
  methods?: readonly PaymentMethodValue[];
  labelledBy: string;
}) {
  return (
    <ul className="site-footer__list" aria-labelledby={labelledBy}>
      {methods
        .flatMap((m) => FOOTER_LABELS[m] ?? [])
        .map((label) => (
          <li key={label}>{label}</li>
        ))}
    </ul>
  );
}
