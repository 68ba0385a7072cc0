import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { cartSignatureAtom, forgetOrderAtom, orderPaidAtom, pendingOrderAtom } from '../cart';
import { OrderReceiptDocument, type ReceiptFieldsFragment } from './orders.generated';
import { FulfilmentStages, OrderTimeline, TrackingInfo } from './order-progress';
import { OrderStatus } from './order-status';
import { ReceiptDetails } from './receipt-view';
import { OrderInvoices } from './order-invoices';
import { OrderReturns } from '../returns';
import '../../components/shopper-forms.css';
import './order-page.css';

/** Reads `ref`, `token` and `id` (tolerating a gateway that appends `?id=` to a URL with a query). */
function useOrderParams() {
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
        <p>
          El enlace no es válido o está incompleto. Si ya pagaste, revisa el correo de confirmación o escríbenos con tu
          número de pedido.
        </p>
        <Link to="/">Volver a la tienda</Link>
      </div>
    </div>
  );
}

/**
 * The order remembered by this browser follows what its page says: confirmed → cart emptied; ended → forgotten.
 * Both are the server's answer (read from its order lifecycle), never worked out here from the status.
 */
function useSettleRememberedOrder(receipt: ReceiptFieldsFragment | null | undefined) {
  const remembered = useAtomValue(pendingOrderAtom);
  // Subscribed so the stored cart is read fresh (another tab may have changed it) before it is compared.
  useAtomValue(cartSignatureAtom);
  const markPaid = useSetAtom(orderPaidAtom);
  const forget = useSetAtom(forgetOrderAtom);
  const mine = Boolean(receipt && remembered?.reference === receipt.reference);
  useEffect(() => {
    if (!mine || !receipt) return;
    if (receipt.confirmed) markPaid(receipt.reference);
    else if (receipt.ended) forget();
  }, [mine, receipt, markPaid, forget]);
}

/**
 * `/pago-exitoso?ref=…&token=…`: the order's page. The gateway sends the shopper back here and every
 * email links here: live status (polled while unpaid), paying (again) with card or PSE, the progress of a
 * paid order, its carrier and tracking link, its history, and the receipt.
 */
export function OrderPage() {
  const { reference, token, transactionId } = useOrderParams();
  const skip = !reference || !token;
  const { data, loading, error, startPolling, stopPolling } = useQuery(OrderReceiptDocument, {
    variables: { reference, token, transactionId },
    skip,
    fetchPolicy: 'network-only',
  });
  const receipt = data?.orderReceipt;
  const awaiting = receipt?.awaitingGateway ?? false;
  useSettleRememberedOrder(receipt);
  useEffect(() => {
    if (!awaiting) return;
    startPolling(transactionId ? 2500 : 10_000);
    return () => stopPolling();
  }, [awaiting, transactionId, startPolling, stopPolling]);

  if (skip) return <NotFound />;
  if (!receipt && loading) return <p className="receipt">Cargando tu pedido…</p>;
  if (!receipt && error)
    return <p className="receipt checkout-notice">No pudimos cargar tu pedido. Recarga la página.</p>;
  if (!receipt) return <NotFound />;
  return (
    <div className="receipt">
      <OrderStatus receipt={receipt} token={token} returnedFromGateway={Boolean(transactionId)} />
      <FulfilmentStages receipt={receipt} />
      <TrackingInfo receipt={receipt} />
      <OrderReturns receipt={receipt} token={token} orderQuery={OrderReceiptDocument} />
      <ReceiptDetails receipt={receipt} />
      <OrderInvoices receipt={receipt} />
      <OrderTimeline receipt={receipt} />
    </div>
  );
}
