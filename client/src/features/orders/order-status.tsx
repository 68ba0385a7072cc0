import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCop } from '#shared/money.js';
import { SHOPPER_STATUS_TITLES, deliveryWindow, formatShopTime } from '#shared/order-tracking.js';
import type { ReceiptFieldsFragment } from './orders.generated';
import { PayAgain } from './pay-again';
import { endSentence } from '#shared/sentence.js';

const CART_KEPT = 'Tu carrito sigue guardado en este navegador: puedes revisarlo y hacer el pedido de nuevo.';

/** What the shopper can do now, by status (pay, pay again, wait, follow the package). */
export function OrderStatus({
  receipt,
  token,
  returnedFromGateway,
}: {
  receipt: ReceiptFieldsFragment;
  token: string;
  returnedFromGateway: boolean;
}) {
  const title = SHOPPER_STATUS_TITLES[receipt.status];
  const pay = (label: string) => (
    <PayAgain
      reference={receipt.reference}
      token={token}
      total={receipt.total}
      method={receipt.paymentMethod}
      label={label}
    />
  );
  const deadline = receipt.payBefore ? (
    <> {endSentence(`Tus productos están apartados hasta las ${formatShopTime(receipt.payBefore)}`)}</>
  ) : null;

  if (receipt.status === 'PENDIENTE_PAGO' && (receipt.paymentProcessing || returnedFromGateway)) {
    return (
      <Box tone="neutral" title="Estamos confirmando tu pago…">
        <p>
          Pedido {receipt.reference}. Esta página se actualiza sola; no cierres ni pagues de nuevo mientras confirmamos.
        </p>
        {!receipt.paymentProcessing && receipt.canPay ? (
          <details className="pay-again__later">
            <summary>¿No terminaste el pago en la pasarela?</summary>
            {pay('Pagar')}
          </details>
        ) : null}
      </Box>
    );
  }
  if (receipt.status === 'PENDIENTE_PAGO') {
    return (
      <Box tone="neutral" title={title}>
        <p>
          Pedido {receipt.reference} por {formatCop(receipt.total)}.{deadline}
        </p>
        {receipt.canPay ? (
          pay('Pagar')
        ) : (
          <p>Ya no es posible iniciar otro pago para este pedido. Escríbenos por WhatsApp y te ayudamos.</p>
        )}
      </Box>
    );
  }
  if (receipt.status === 'PAGO_RECHAZADO') {
    return (
      <Box tone="bad" title={title}>
        <p>
          No se hizo ningún cobro por el pedido {receipt.reference}.{receipt.canPay ? deadline : null}
        </p>
        {receipt.canPay ? (
          <>
            <p>Puedes intentarlo de nuevo con tarjeta, PSE, Nequi o Botón Bancolombia.</p>
            {pay('Pagar')}
          </>
        ) : (
          <p>
            Los productos ya no están apartados. {CART_KEPT} <Link to="/">Volver a la tienda</Link>
          </p>
        )}
      </Box>
    );
  }
  const cashOnDelivery = receipt.paymentMethod === 'CASH_ON_DELIVERY';
  if (receipt.status === 'POR_CONFIRMAR') {
    return (
      <Box tone="ok" title={title}>
        <p>
          Pedido <strong>{receipt.reference}</strong>. Te llamaremos al celular que nos diste para confirmarlo; después
          lo preparamos y te escribimos a {receipt.email} con cada novedad.
        </p>
        <p>
          No pagas nada ahora: pagarás <strong>{formatCop(receipt.total)}</strong> en efectivo a la transportadora
          cuando lo recibas.
          {receipt.delivery ? ` Llega en ${receipt.delivery.label} desde la confirmación.` : ''}
        </p>
      </Box>
    );
  }
  if (receipt.confirmed) {
    const d = receipt.delivery;
    const since = cashOnDelivery ? 'desde la confirmación' : 'desde el pago';
    const arrives =
      d?.earliest && d.latest
        ? `Llega ${deliveryWindow(d.earliest, d.latest)} (${d.label} ${since}).`
        : d
          ? `Llega en ${d.label} ${since}.`
          : null;
    return (
      <Box tone="ok" title={title}>
        <p>
          Pedido <strong>{receipt.reference}</strong>. Te escribimos a {receipt.email} con cada novedad.
        </p>
        {receipt.status === 'PAGADO' || receipt.status === 'EN_PREPARACION' ? (
          <p>Te avisaremos cuando salga; aquí verás la transportadora y el número de guía.</p>
        ) : null}
        {receipt.status !== 'ENTREGADO' && arrives ? <p>{arrives}</p> : null}
        {cashOnDelivery && receipt.status !== 'ENTREGADO' ? (
          <p>Pagarás {formatCop(receipt.total)} en efectivo a la transportadora cuando lo recibas.</p>
        ) : null}
        {receipt.refundPending ? (
          <p>
            Recibimos un pago de más por este pedido: te lo devolveremos y nuestro equipo te contactará para hacerlo.
          </p>
        ) : null}
      </Box>
    );
  }
  if (receipt.status === 'DEVUELTO') {
    return (
      <Box tone="bad" title={title}>
        <p>
          La transportadora nos devolvió el pedido {receipt.reference}: no se pudo entregar o fue rechazado.{' '}
          {receipt.refundPending
            ? `Como ya lo habías pagado, te devolveremos ${formatCop(receipt.netPaid)}; nuestro equipo te contactará para hacerlo.`
            : 'No se hizo ningún cobro.'}
        </p>
        <p>
          Si fue un error, escríbenos y te ayudamos. <Link to="/">Volver a la tienda</Link>
        </p>
      </Box>
    );
  }
  return (
    <Box tone="bad" title={title}>
      {receipt.status === 'CANCELADO' && receipt.refundPending ? (
        <p>
          Pedido {receipt.reference}. Como ya lo habías pagado, te devolveremos {formatCop(receipt.netPaid)}; nuestro
          equipo te contactará para hacerlo.
        </p>
      ) : (
        <p>
          Pedido {receipt.reference}. No se hizo ningún cobro. {CART_KEPT} <Link to="/">Volver a la tienda</Link>
        </p>
      )}
    </Box>
  );
}

/** The status box; its heading is a live region, so a status that changes while the page is open is announced. */
function Box({ tone, title, children }: { tone: 'ok' | 'bad' | 'neutral'; title: string; children: ReactNode }) {
  return (
    <div className={`receipt__status${tone === 'neutral' ? '' : ` receipt__status--${tone}`}`}>
      <div role="status">
        <h1>{title}</h1>
      </div>
      {children}
    </div>
  );
}
