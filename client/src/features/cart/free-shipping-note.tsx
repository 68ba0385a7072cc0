import { formatCop } from '#shared/money.js';
import { shippingProgress } from '#shared/shipping-progress.js';
import type { CartQuoteFieldsFragment } from './cart.generated';

/**
 * How far the cart is from free shipping, from the server's quote (its fee and its threshold, which staff
 * may change): what is missing, or why shipping came back after a discount.
 */
export function FreeShippingNote({
  quote,
}: {
  quote: Pick<CartQuoteFieldsFragment, 'subtotal' | 'discount' | 'shipping' | 'itemCount' | 'freeShippingFrom'>;
}) {
  const progress = shippingProgress(quote);
  switch (progress.kind) {
    case 'none':
      return null;
    case 'free':
      return <p className="free-shipping free-shipping--reached">¡Tu envío es gratis!</p>;
    case 'missing':
      return (
        <div className="free-shipping">
          <p>
            Te faltan <strong className="nowrap">{formatCop(progress.missing)}</strong> para envío gratis.
          </p>
          <progress
            max={progress.threshold}
            value={progress.threshold - progress.missing}
            aria-label="Camino al envío gratis"
          />
        </div>
      );
    case 'lostByDiscount':
      return (
        <p className="free-shipping free-shipping--lost">
          Con el descuento tu compra queda en <span className="nowrap">{formatCop(progress.merchandise)}</span>, por
          debajo de <span className="nowrap">{formatCop(progress.threshold)}</span>: por eso se cobra el envío. Te
          faltan <strong className="nowrap">{formatCop(progress.missing)}</strong> para envío gratis.
        </p>
      );
  }
}
