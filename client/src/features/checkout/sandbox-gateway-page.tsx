import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatCop } from '#shared/money.js';
import { SandboxCheckoutDocument, SandboxPayDocument } from './checkout.generated';
import './checkout.css';
import { leaveTo } from '../../lib/leave-to';

/** `/pasarela-sandbox`: the built-in test gateway (what Wompi's hosted checkout does in production). */
export function SandboxGatewayPage() {
  const [params] = useSearchParams();
  const session = params.get('session') ?? '';
  const { data, loading, error } = useQuery(SandboxCheckoutDocument, { variables: { session }, skip: !session });
  const [pay, { loading: paying }] = useMutation(SandboxPayDocument);
  const [card, setCard] = useState('4242 4242 4242 4242');
  const [bank, setBank] = useState('1');
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

  async function decide(decision: 'APPROVE' | 'DECLINE') {
    setMessage(null);
    try {
      const { data: result } = await pay({
        variables: { input: { session, decision, cardNumber: checkout?.paymentMethod === 'CARD' ? card : null, pseBank: checkout?.paymentMethod === 'PSE' ? bank : null } },
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
      <p className="sandbox-card__note">Los pagos de esta pasarela no son reales: no se cobra nada a ninguna tarjeta ni cuenta.</p>
      <dl>
        <div>
          <dt>Referencia</dt>
          <dd>{checkout.reference}</dd>
        </div>
        <div>
          <dt>Medio de pago</dt>
          <dd>{checkout.paymentMethod === 'PSE' ? 'PSE' : 'Tarjeta de crédito o débito'}</dd>
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
          {checkout.paymentMethod === 'CARD' ? (
            <label>
              Número de tarjeta
              <input inputMode="numeric" autoComplete="off" value={card} onChange={(e) => setCard(e.target.value)} />
              <small>4242 4242 4242 4242 aprueba · 4111 1111 1111 1111 rechaza</small>
            </label>
          ) : (
            <label>
              Banco
              <select value={bank} onChange={(e) => setBank(e.target.value)}>
                <option value="1">Banco que aprueba</option>
                <option value="2">Banco que rechaza</option>
              </select>
            </label>
          )}
          {message ? (
            <p className="checkout-notice" role="alert">
              {message}
            </p>
          ) : null}
          <div className="sandbox-card__actions">
            <button type="button" className="button" disabled={paying} onClick={() => void decide('APPROVE')}>
              Aprobar pago
            </button>
            <button type="button" className="button button--danger" disabled={paying} onClick={() => void decide('DECLINE')}>
              Rechazar pago
            </button>
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
