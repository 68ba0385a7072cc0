import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatCop } from '#shared/money.js';
import { formatShopDateTime } from '#shared/order-tracking.js';
import { PAGE_PATHS } from '#shared/storefront-routes.js';
import { REFUND_METHOD_LABELS, RETURN_KIND_LABELS, SHOPPER_RETURN_STATUS } from '#shared/returns.js';
import type { DocumentNode } from 'graphql';
import type { OrderReturnsFieldsFragment, ShopperReturnFieldsFragment } from './returns.generated';
import { ReturnRequestForm } from './return-request-form';
import { formatDeadline } from './return-dates';
import { endSentence } from '#shared/sentence.js';
import './returns.css';

/**
 * The order page's «Devoluciones y garantía» (`#devoluciones`, where the return emails land): until when the
 * shopper may retract and the warranty runs, their requests and how each is going, and the form to ask.
 * `orderQuery` is the page's query of the order, refetched once a request is in (its deadlines and lines change).
 */
export function OrderReturns({
  receipt,
  token,
  orderQuery,
}: {
  receipt: OrderReturnsFieldsFragment;
  token: string;
  orderQuery: DocumentNode;
}) {
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const shown = receipt.confirmed || receipt.returns.length > 0;
  // The return emails link here (`#devoluciones`): the section exists only once the order has loaded.
  useEffect(() => {
    if (hash === '#devoluciones' && shown && section.current) {
      section.current.scrollIntoView?.();
      section.current.focus({ preventScroll: true });
    }
  }, [hash, shown]);
  const options = receipt.returnOptions;
  if (!shown) return null;
  const canAsk = Boolean(options.retractoUntil || options.warrantyUntil || options.canRequestReversal);
  return (
    <section
      ref={section}
      id="devoluciones"
      className="order-returns"
      aria-labelledby="order-returns-title"
      tabIndex={-1}
    >
      <h2 id="order-returns-title">Devoluciones y garantía</h2>
      {options.retractoUntil ? (
        <p>
          <strong>Puedes retractarte hasta el {formatDeadline(options.retractoUntil)}.</strong> Te devolvemos el dinero
          sin preguntas, con los productos sin usar y en su empaque.
        </p>
      ) : receipt.status === 'ENTREGADO' ? (
        <p>El plazo de retracto (5 días hábiles desde la entrega) ya terminó.</p>
      ) : (
        <p>Cuando recibas tu pedido tendrás 5 días hábiles para retractarte.</p>
      )}
      {options.warrantyUntil ? (
        <p>
          Tu garantía va hasta el {formatDeadline(options.warrantyUntil)}: si un producto tiene un defecto, pídela aquí.
        </p>
      ) : null}
      {receipt.returns.length ? (
        <ul className="order-returns__list">
          {receipt.returns.map((r) => (
            <ReturnItem key={r.id} request={r} />
          ))}
        </ul>
      ) : null}
      {sent ? (
        <p className="order-returns__sent" role="status">
          {sent}
        </p>
      ) : null}
      {canAsk && !asking ? (
        <button type="button" className="button button--secondary" onClick={() => (setSent(null), setAsking(true))}>
          Solicitar una devolución, garantía o reversión
        </button>
      ) : null}
      {canAsk && asking ? (
        <ReturnRequestForm
          receipt={receipt}
          token={token}
          orderQuery={orderQuery}
          onCancel={() => setAsking(false)}
          onSent={(text) => {
            setAsking(false);
            setSent(text);
          }}
        />
      ) : null}
      <p className="form-field__hint">
        Lee las condiciones en la <Link to={PAGE_PATHS.returnsPolicy}>política de devoluciones</Link>.
      </p>
    </section>
  );
}

function ReturnItem({ request: r }: { request: ShopperReturnFieldsFragment }) {
  const open = r.status !== 'REEMBOLSADA' && r.status !== 'RECHAZADA';
  return (
    <li className={`order-returns__item order-returns__item--${r.status.toLowerCase()}`}>
      <p>
        <strong>{RETURN_KIND_LABELS[r.kind]}</strong> · pedida el {formatShopDateTime(r.requestedAt)}
      </p>
      <p>
        Estado: <strong>{SHOPPER_RETURN_STATUS[r.status]}</strong>
      </p>
      {r.lines.length ? (
        <p>{r.lines.map((l) => `${l.quantity} × ${l.name} (talla ${l.sizeLabel})`).join(', ')}</p>
      ) : null}
      {r.status === 'REEMBOLSADA' && r.refundedAt ? (
        <p>
          {endSentence(
            `Te devolvimos ${formatCop(r.refundAmount)} el ${formatShopDateTime(r.refundedAt)}${
              r.refundMethod
                ? ` (${REFUND_METHOD_LABELS[r.refundMethod].toLowerCase()}${r.refundReference ? `, referencia ${r.refundReference}` : ''})`
                : ''
            }`,
          )}
        </p>
      ) : null}
      {open ? (
        <p>
          Te devolveremos {formatCop(r.refundAmount)} a más tardar el {formatDeadline(r.refundDueAt)}
          {r.status === 'SOLICITADA' ? ' si la aceptamos' : ''}.
        </p>
      ) : null}
      {r.decisionNote ? <p>Nota de la tienda: {r.decisionNote}</p> : null}
    </li>
  );
}
