import { priceCart } from '#shared/pricing.js';
import type { CartQuoteFieldsFragment } from '../features/cart/cart.generated';

/** Test helper: a server-shaped quote for the given lines, priced by the shop's own pricing function. */
export function fakeQuote(
  lines: { productId: string; sizeId: string; quantity: number; price: number; name?: string; stock?: number }[],
  options: { code?: string | null; percent?: number } = {},
): CartQuoteFieldsFragment & { __typename: 'CartQuote' } {
  const quoted = lines.map((l) => {
    const stock = l.stock ?? 50;
    const problem =
      stock === 0
        ? { __typename: 'CartLineProblem' as const, kind: 'SOLD_OUT' as const, available: 0, message: 'Agotado' }
        : stock < l.quantity
          ? { __typename: 'CartLineProblem' as const, kind: 'INSUFFICIENT_STOCK' as const, available: stock, message: `Solo quedan ${stock} unidades` }
          : null;
    return {
      __typename: 'CartQuoteLine' as const,
      productId: l.productId,
      sizeId: l.sizeId,
      quantity: l.quantity,
      sizeLabel: 'M',
      unitPrice: problem ? 0 : l.price,
      lineTotal: problem ? 0 : l.price * l.quantity,
      problem,
      product: {
        __typename: 'Product' as const,
        id: l.productId,
        slug: 'collar-cuero-miel',
        name: l.name ?? 'Collar Cuero Miel',
        collections: [],
        category: { __typename: 'CategoryRef' as const, slug: 'collares', name: 'Collares' },
        images: [{ __typename: 'Image' as const, url: '/media/products/collar.svg', alt: 'Collar', width: 800, height: 800, srcSet: null, fallbackSrcSet: null }],
      },
    };
  });
  const valid = options.code && options.percent ? options.code : null;
  const priced = priceCart({
    lines: quoted.filter((l) => !l.problem).map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
    discountPercent: valid ? options.percent! : null,
  });
  const quote = {
    __typename: 'CartQuote' as const,
    itemCount: priced.itemCount,
    subtotal: priced.subtotal,
    discount: priced.discount,
    shipping: priced.shipping,
    total: priced.total,
    ivaIncluded: priced.ivaIncluded,
    discountCodeInvalid: Boolean(options.code) && !valid,
    hasProblems: quoted.some((l) => l.problem),
    appliedDiscount: valid ? { __typename: 'AppliedDiscount' as const, code: valid, percent: options.percent! } : null,
    lines: quoted,
  };
  return quote;
}
