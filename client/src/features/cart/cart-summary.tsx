import { formatCop } from '#shared/money.js';
import { CartLineItem } from './cart-line-item';
import { FreeShippingNote } from './free-shipping-note';
import './cart.css';
import type { CartQuoteFieldsFragment } from './cart.generated';

export interface CartSummaryProps {
  quote: CartQuoteFieldsFragment;
  /** Stepper and remove buttons (the drawer); checkout may show a read-only list. */
  editable?: boolean;
  /** Called when a product or category link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The priced lines and the totals of a quote; every figure comes from the server. */
export function CartSummary({ quote, editable = true, onNavigate }: CartSummaryProps) {
  return (
    <div className="cart-summary">
      <ul className="cart-summary__lines" aria-label="Productos en el carro">
        {quote.lines.map((line) => (
          <CartLineItem
            key={`${line.productId}-${line.sizeId}`}
            line={line}
            editable={editable}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      <CartTotals quote={quote} />
      {quote.hasProblems ? null : <FreeShippingNote quote={quote} />}
    </div>
  );
}

export function CartTotals({ quote }: { quote: CartQuoteFieldsFragment }) {
  const hasMerchandise = quote.itemCount > 0;
  // Lines with a problem are not counted: say so instead of showing totals that silently leave them out.
  if (quote.hasProblems && !hasMerchandise) {
    return <p className="cart-totals__pending">Corrige los productos marcados para ver el total de tu compra.</p>;
  }
  return (
    <>
      {quote.hasProblems ? (
        <p className="cart-totals__pending">Estos totales no incluyen los productos marcados.</p>
      ) : null}
      <dl className="cart-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCop(quote.subtotal)}</dd>
        </div>
        {quote.appliedDiscount && quote.discount > 0 ? (
          <div className="cart-totals__discount">
            <dt>
              Descuento ({quote.appliedDiscount.code}, {quote.appliedDiscount.percent} %)
            </dt>
            <dd>−&nbsp;{formatCop(quote.discount)}</dd>
          </div>
        ) : null}
        {hasMerchandise ? (
          <div>
            <dt>ENVÍO</dt>
            <dd>
              {quote.shipping > 0
                ? `${quote.shippingIsEstimate ? 'desde ' : ''}${formatCop(quote.shipping)}`
                : 'Gratis'}
            </dd>
          </div>
        ) : null}
        {quote.paymentFee > 0 ? (
          <div>
            <dt>Recargo pago contraentrega</dt>
            <dd>{formatCop(quote.paymentFee)}</dd>
          </div>
        ) : null}
        <div className="cart-totals__total">
          <dt>Total</dt>
          <dd>{formatCop(quote.total)}</dd>
        </div>
        {hasMerchandise ? (
          <div className="cart-totals__iva">
            <dt>IVA incluido</dt>
            <dd>{formatCop(quote.ivaIncluded)}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}
