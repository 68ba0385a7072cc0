import { formatCop } from '#shared/money.js';
import { formatShopDateTime } from '#shared/order-tracking.js';
import { RETURN_KIND_LABELS } from '#shared/returns.js';
import type { ReceiptFieldsFragment } from './orders.generated';

/** Lines, totals (with `IVA incluido`) and the shipping address of a receipt. */
export function ReceiptDetails({ receipt }: { receipt: ReceiptFieldsFragment }) {
  const a = receipt.shippingAddress;
  return (
    <>
      <section aria-labelledby="receipt-lines">
        <h2 id="receipt-lines">Productos</h2>
        <ul className="receipt__lines">
          {receipt.lines.map((l, i) => (
            <li key={i} className="receipt__line">
              {l.imageUrl ? <img src={l.imageUrl} alt="" width={56} height={56} loading="lazy" /> : <span />}
              <div>
                <p>
                  <strong>{l.name}</strong>
                </p>
                <p className="form-field__hint">
                  Talla {l.sizeLabel} · {l.quantity} × {formatCop(l.unitPrice)}
                </p>
              </div>
              <p>
                <strong>{formatCop(l.lineTotal)}</strong>
              </p>
            </li>
          ))}
        </ul>
        <dl className="cart-totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCop(receipt.subtotal)}</dd>
          </div>
          {receipt.discount > 0 ? (
            <div className="cart-totals__discount">
              <dt>Descuento{receipt.discountCode ? ` (${receipt.discountCode})` : ''}</dt>
              <dd>− {formatCop(receipt.discount)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Envío</dt>
            <dd>{receipt.shipping > 0 ? formatCop(receipt.shipping) : 'Gratis'}</dd>
          </div>
          {receipt.paymentFee > 0 ? (
            <div>
              <dt>Recargo pago contraentrega</dt>
              <dd>{formatCop(receipt.paymentFee)}</dd>
            </div>
          ) : null}
          <div className="cart-totals__total">
            <dt>Total</dt>
            <dd>{formatCop(receipt.total)}</dd>
          </div>
          <div className="cart-totals__iva">
            <dt>IVA incluido</dt>
            <dd>{formatCop(receipt.ivaIncluded)}</dd>
          </div>
          {receipt.refunds.map((r, i) => (
            <div key={i} className="cart-totals__discount">
              <dt>
                Te devolvimos ({RETURN_KIND_LABELS[r.kind].toLowerCase()}, {formatShopDateTime(r.refundedAt)})
              </dt>
              <dd>− {formatCop(r.amount)}</dd>
            </div>
          ))}
          {receipt.refunded > 0 ? (
            <div className="cart-totals__total">
              <dt>Pagaste en total</dt>
              <dd>{formatCop(receipt.netPaid)}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section aria-labelledby="receipt-address">
        <h2 id="receipt-address">Dirección de envío</h2>
        <p>
          {receipt.customerName}
          <br />
          {a.address}
          {a.neighborhood ? (
            <>
              <br />
              {a.neighborhood}
            </>
          ) : null}
          <br />
          {a.municipalityName}, {a.departmentName}
        </p>
      </section>
    </>
  );
}
