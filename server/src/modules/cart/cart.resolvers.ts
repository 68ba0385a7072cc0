import type { Resolvers } from '../../generated/graphql.js';

/** Thin: the cart service prices everything. */
export const cartResolvers: Resolvers = {
  Query: {
    cartQuote: (_p, { input }, ctx) => ctx.services.cart.quote(input),
  },
  CartQuote: {
    appliedDiscount: (q) => (q.appliedDiscount ? { code: q.appliedDiscount.code, percent: q.appliedDiscount.percent } : null),
  },
};
