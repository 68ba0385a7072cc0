import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatCop } from '#shared/money.js';
import { ONLINE_PAYMENT_METHODS, type OnlinePaymentMethodValue } from '#shared/orders.js';
import { SANDBOX_DEFAULTS, SandboxMethodFields } from './sandbox-method-fields';
import { SandboxCheckoutDocument, SandboxPayDocument } from './payment-sandbox.generated';
import '../../components/shopper-forms.css';
import './payment-sandbox.css';
import { leaveTo } from '../../lib/leave-to';

/** `/pasarela-sandbox`: the built-in test gateway (what Wompi's hosted checkout does in production). */
export function SandboxGatewayPage() {
  const [params] = useSearchParams();
  const session = params.get('session') ?? '';
  const { data, loading, error } = useQuery(SandboxCheckoutDocument, { variables: { session }, skip: !session });
  const [pay, { loading: paying }] = useMutation(SandboxPayDocument);
  const [chosen, setChosen] = useState<OnlinePaymentMethodValue | null>(null);
  const [entry, setEntry] = useState(SANDBOX_DEFAULTS);
  const [message, setMessage] = useState<string | null>(null);
  const checkout = data?.sandboxCheckout;

  if (!session || (!loading && (error || !checkout))) {
    return (
      <div className="sandbox-card">
        <h1>Sesión de pago no encontrada</h1>
        <p>{error?.message ?? 'El enlace de pago no es válido.'}</p>
        <a href="/">Volver a la tienda</a>
      </div>
    );
  }
  if (!checkout) return <p className="sandbox-card">Cargando la pasarela…</p>;
  // Preselected with the shopper's choice at checkout; any method the gateway offers may be used.
  const method =
    chosen ??
    ((ONLINE_PAYMENT_METHODS as readonly string[]).includes(checkout.paymentMethod)
      ? (checkout.paymentMethod as OnlinePaymentMethodValue)
      : 'CARD');

  /** Nequi is decided by the phone (as in Wompi's sandbox); the other methods by the buttons too. */
  async function decide(decision: 'APPROVE' | 'DECLINE' | null) {
    setMessage(null);
    try {
      const { data: result } = await pay({
        variables: {
          input: {
            session,
            paymentMethod: method,
            decision,
            cardNumber: method === 'CARD' ? entry.card : null,
            pseBank: method === 'PSE' ? entry.bank : null,
            nequiPhone: method === 'NEQUI' ? entry.nequiPhone : null,
          },
        },
      });
      if (result) leaveTo(result.sandboxPay.redirectUrl);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : 'No se pudo procesar el pago.');
    }
  }

  return (
    <div className="sandbox-card">
      <span className="sandbox-card__badge">Pasarela de pruebas</span>
      <h1>{checkout.shopName}</h1>
      <p className="sandbox-card__note">
        Los pagos de esta pasarela no son reales: no se cobra nada a ninguna tarjeta ni cuenta.
      </p>
      <dl>
        <div>
          <dt>Referencia</dt>
          <dd>{checkout.reference}</dd>
        </div>
        <div className="sandbox-card__amount">
          <dt>Total a pagar</dt>
          <dd>{formatCop(checkout.amountInCents / 100)}</dd>
        </div>
      </dl>
      {checkout.decided ? (
        <>
          <p>Este pago ya fue procesado.</p>
          <a className="button" href={checkout.redirectUrl}>
            Volver a la tienda
          </a>
        </>
      ) : (
        <>
          <SandboxMethodFields
            method={method}
            onMethod={(m) => {
              setChosen(m);
              setMessage(null);
            }}
            entry={entry}
            onEntry={setEntry}
          />
          {message ? (
            <p className="checkout-notice" role="alert">
              {message}
            </p>
          ) : null}
          <div className="sandbox-card__actions">
            {method === 'NEQUI' ? (
              <button type="button" className="button" disabled={paying} onClick={() => void decide(null)}>
                Pagar con Nequi
              </button>
            ) : (
              <>
                <button type="button" className="button" disabled={paying} onClick={() => void decide('APPROVE')}>
                  Aprobar pago
                </button>
                <button
                  type="button"
                  className="button button--danger"
                  disabled={paying}
                  onClick={() => void decide('DECLINE')}
                >
                  Rechazar pago
                </button>
              </>
            )}
            {/* Like closing Wompi's checkout: back to the shop without a transaction. */}
            <a className="button button--secondary" href={checkout.redirectUrl}>
              Cancelar y volver a la tienda
            </a>
          </div>
        </>
      )}
    </div>
  );
}
