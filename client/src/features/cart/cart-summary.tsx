import { formatCop } from '#shared/money.js';
import { CartLineItem } from './cart-line-item';
import { lineFromQuote, type LineView } from './cart-line-view';
import { FreeShippingNote } from './free-shipping-note';
import { PendingFigure } from './pending-figure';
import './cart.css';
import type { CartQuoteFieldsFragment } from './cart.generated';

export interface CartSummaryProps {
  /** The server's quote for these lines; null while it has not come (every figure is a placeholder). */
  quote: CartQuoteFieldsFragment | null;
  /** The lines to draw (the drawer draws the cart's at once); by default the quote's. */
  lines?: LineView[];
  /** A discount code is entered: its line is kept in place while the quote comes. */
  discountPending?: boolean;
  /** Stepper and remove buttons (the drawer); checkout may show a read-only list. */
  editable?: boolean;
  /** Called when a product or category link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The lines and the totals of a cart; every figure comes from the server's quote. */
export function CartSummary({ quote, lines, discountPending = false, editable = true, onNavigate }: CartSummaryProps) {
  const shown = lines ?? quote?.lines.map(lineFromQuote) ?? [];
  return (
    <div className="cart-summary">
      <ul className="cart-summary__lines" aria-label="Productos en el carro">
        {shown.map((line) => (
          <CartLineItem
            key={`${line.productId}-${line.sizeId}`}
            line={line}
            editable={editable}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      {quote ? <CartTotals quote={quote} /> : <PendingTotals discount={discountPending} />}
      {quote ? (
        quote.hasProblems ? null : (
          <FreeShippingNote quote={quote} />
        )
      ) : (
        // The room of its most usual answer («Te faltan $ … para envío gratis.» and its bar).
        <div className="free-shipping" aria-hidden="true">
          <p>
            <PendingFigure width="16ch" />
          </p>
          <progress />
        </div>
      )}
    </div>
  );
}

/** The totals' rows as they will be, their figures to come. */
function PendingTotals({ discount }: { discount: boolean }) {
  const rows = ['Subtotal', ...(discount ? ['Descuento'] : []), 'ENVÍO'];
  return (
    <dl className="cart-totals">
      {rows.map((label) => (
        <div key={label} className={label === 'Descuento' ? 'cart-totals__discount' : undefined}>
          <dt>{label}</dt>
          <dd>
            <PendingFigure />
          </dd>
        </div>
      ))}
      <div className="cart-totals__total">
        <dt>Total</dt>
        <dd>
          <PendingFigure />
        </dd>
      </div>
      <div className="cart-totals__iva">
        <dt>IVA incluido</dt>
        <dd>
          <PendingFigure />
        </dd>
      </div>
    </dl>
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
