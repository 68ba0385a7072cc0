import type { Resolvers } from '../../generated/graphql.js';
import { prefetchProductData } from '../catalog/product-prefetch.js';

/** Thin: the cart service prices everything. */
export const cartResolvers: Resolvers = {
  Query: {
    cartQuote: async (_p, { input }, ctx, info) => {
      const quote = await ctx.services.cart.quote(input);
      const productIds = [...new Set(quote.lines.flatMap((l) => (l.product ? [l.product.id] : [])))];
      await prefetchProductData(ctx, info, ['lines', 'product'], productIds);
      return quote;
    },
  },
  CartQuote: {
    appliedDiscount: (q) => (q.appliedDiscount ? { code: q.appliedDiscount.code, percent: q.appliedDiscount.percent } : null),
  },
};
