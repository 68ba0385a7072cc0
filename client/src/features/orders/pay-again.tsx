import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { formatCop } from '#shared/money.js';
import { ONLINE_PAYMENT_METHODS, type OnlinePaymentMethodValue, type PaymentMethodValue } from '#shared/orders.js';
import { RetryPaymentDocument } from './orders.generated';
import { METHOD_CHOICES } from '../../components/payment-choices';
import '../../components/shopper-forms.css';
import { leaveTo } from '../../lib/leave-to';

/** Pay an unpaid order (again), choosing an online method; goes to the gateway with a fresh attempt. */
export function PayAgain({
  reference,
  token,
  total,
  method,
  label,
}: {
  reference: string;
  token: string;
  total: number;
  method: PaymentMethodValue;
  label: string;
}) {
  const [retry, { loading }] = useMutation(RetryPaymentDocument);
  const [choice, setChoice] = useState<OnlinePaymentMethodValue>(
    (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method) ? (method as OnlinePaymentMethodValue) : 'CARD',
  );
  const [message, setMessage] = useState<string | null>(null);
  const titleId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      const { data } = await retry({ variables: { reference, token, paymentMethod: choice } });
      const result = data?.retryPayment;
      if (result?.__typename === 'OrderPlaced') leaveTo(result.checkoutUrl);
      else setMessage(result?.message ?? 'No fue posible iniciar el pago.');
    } catch {
      setMessage('No pudimos conectar con la tienda. Revisa tu conexión e intenta de nuevo.');
    }
  }

  return (
    <form className="pay-again" onSubmit={(e) => void submit(e)} aria-labelledby={titleId}>
      <fieldset className="checkout-fieldset checkout-methods">
        <legend id={titleId}>¿Cómo quieres pagar?</legend>
        {ONLINE_PAYMENT_METHODS.map((m) => (
          <label key={m} className="checkout-choice">
            <input type="radio" name="paymentMethod" value={m} checked={choice === m} onChange={() => setChoice(m)} />
            {METHOD_CHOICES[m]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button checkout-pay" disabled={loading}>
        {loading ? 'Procesando…' : `${label} ${formatCop(total)}`}
      </button>
      {message ? (
        <p className="checkout-notice" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}
