import { openFields } from '../../common/access.js';
import type { Resolvers } from '../../generated/graphql.js';
import { prefetchProductData, productData, type CatalogService } from '../catalog/index.js';
import { deliveryDaysLabel } from '#shared/shipping.js';
import type { CartService } from './cart.service.js';

/** Thin: the cart service prices everything. */
export function createCartResolvers(cart: CartService, catalog: CatalogService): Resolvers {
  return {
    Query: openFields({
      cartQuote: async (_p, { input }, ctx, info) => {
        const quote = await cart.quote(input);
        const productIds = [...new Set(quote.lines.flatMap((l) => (l.product ? [l.product.id] : [])))];
        await prefetchProductData(productData(ctx, catalog), info, ['lines', 'product'], productIds);
        return quote;
      },
    }),
    CartQuote: {
      appliedDiscount: (q) =>
        q.appliedDiscount
          ? {
              code: q.appliedDiscount.code,
              percent: q.appliedDiscount.percent,
              categorySlugs: q.appliedDiscount.categorySlugs,
            }
          : null,
      shippingIsEstimate: (q) => q.shippingTerms.estimate,
      freeShippingFrom: (q) => q.shippingTerms.freeFrom,
      delivery: (q) => ({
        minDays: q.shippingTerms.minDays,
        maxDays: q.shippingTerms.maxDays,
        label: deliveryDaysLabel(q.shippingTerms.minDays, q.shippingTerms.maxDays),
        earliest: null,
        latest: null,
      }),
    },
  };
}
