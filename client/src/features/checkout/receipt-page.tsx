import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { ReceiptDetails } from './receipt-view';
import './checkout.css';
import { OrderReceiptDocument, RetryPaymentDocument } from './checkout.generated';
import type { ReceiptFieldsFragment } from './checkout.generated';

const PAID = new Set(['PAGADO', 'EN_PREPARACION', 'ENVIADO', 'ENTREGADO']);

/** Reads `ref`, `token` and `id` (tolerating a gateway that appends `?id=` to a URL with a query). */
function useReceiptParams() {
  const [params] = useSearchParams();
  const [token, appended] = (params.get('token') ?? '').split('?');
  const id = params.get('id') ?? new URLSearchParams(appended ?? '').get('id');
  return { reference: params.get('ref') ?? '', token, transactionId: id || null };
}

function NotFound() {
  return (
    <div className="receipt">
      <div className="receipt__status">
        <h1>No encontramos este pedido</h1>
        <p>El enlace no es válido o está incompleto. Si ya pagaste, revisa el correo de confirmación o escríbenos con tu número de pedido.</p>
        <Link to="/">Volver a la tienda</Link>
      </div>
    </div>
  );
}

function RetryButton({ reference, token }: { reference: string; token: string }) {
  const [retry, { loading }] = useMutation(RetryPaymentDocument);
  const [message, setMessage] = useState<string | null>(null);
  async function onClick() {
    setMessage(null);
    try {
      const { data } = await retry({ variables: { reference, token } });
      const result = data?.retryPayment;
      if (result?.__typename === 'OrderPlaced') window.location.assign(result.checkoutUrl);
      else setMessage(result?.message ?? 'No fue posible reintentar el pago.');
    } catch {
      setMessage('No pudimos conectar con la tienda. Intenta de nuevo.');
    }
  }
  return (
    <>
      <button type="button" className="button" onClick={() => void onClick()} disabled={loading}>
        Intentar de nuevo
      </button>
      {message ? (
        <p className="checkout-notice" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}

function StatusBox({ receipt, token }: { receipt: ReceiptFieldsFragment; token: string }) {
  if (PAID.has(receipt.status)) {
    return (
      <div className="receipt__status receipt__status--ok" role="status">
        <h1>¡Pago aprobado!</h1>
        <p>
          Tu pedido <strong>{receipt.reference}</strong> está confirmado. Te enviamos el resumen a {receipt.email}.
        </p>
        <p>
          <strong>¿Qué sigue?</strong> Preparamos tu pedido en 1 a 2 días hábiles y te avisaremos por correo cuando salga con el número de guía. La entrega toma de 2 a 5 días hábiles según tu ciudad.
        </p>
      </div>
    );
  }
  if (receipt.status === 'PENDIENTE_PAGO') {
    return (
      <div className="receipt__status" role="status">
        <h1>Estamos confirmando tu pago…</h1>
        <p>Pedido {receipt.reference}. Esta página se actualiza sola; no cierres ni pagues de nuevo.</p>
      </div>
    );
  }
  if (receipt.status === 'PAGO_RECHAZADO') {
    return (
      <div className="receipt__status receipt__status--bad" role="status">
        <h1>Tu pago fue rechazado</h1>
        <p>No se hizo ningún cobro por el pedido {receipt.reference}.</p>
        {receipt.canRetryPayment ? <RetryButton reference={receipt.reference} token={token} /> : <p>Los productos ya no están apartados. <Link to="/">Vuelve a la tienda</Link> para armar tu pedido de nuevo.</p>}
      </div>
    );
  }
  return (
    <div className="receipt__status receipt__status--bad" role="status">
      <h1>{receipt.status === 'EXPIRADO' ? 'El tiempo para pagar terminó' : 'Este pedido fue cancelado'}</h1>
      <p>
        Pedido {receipt.reference}. <Link to="/">Vuelve a la tienda</Link> para hacer un pedido nuevo.
      </p>
    </div>
  );
}

/** `/pago-exitoso`: the gateway's redirect lands here; pending → polls, paid → receipt, declined → retry. */
export function ReceiptPage() {
  const { reference, token, transactionId } = useReceiptParams();
  const skip = !reference || !token;
  const { data, loading, error, startPolling, stopPolling } = useQuery(OrderReceiptDocument, { variables: { reference, token, transactionId }, skip, fetchPolicy: 'network-only' });
  const receipt = data?.orderReceipt;
  const pending = receipt?.status === 'PENDIENTE_PAGO';
  useEffect(() => {
    if (!pending) return;
    startPolling(2500);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);

  if (skip) return <NotFound />;
  if (!receipt && loading) return <p className="receipt">Cargando tu pedido…</p>;
  if (!receipt && error) return <p className="receipt checkout-notice">No pudimos cargar tu pedido. Recarga la página.</p>;
  if (!receipt) return <NotFound />;
  return (
    <div className="receipt">
      <StatusBox receipt={receipt} token={token} />
      {PAID.has(receipt.status) || pending ? <ReceiptDetails receipt={receipt} /> : null}
    </div>
  );
}
