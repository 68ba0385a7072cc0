import type { Resolvers } from '../../generated/graphql.js';

/** Thin: the order services do the work. */
export const orderResolvers: Resolvers = {
  Query: {
    orderReceipt: (_p, { reference, token, transactionId }, ctx) => ctx.services.orderReceipts.receipt(reference, token, transactionId),
  },
  Mutation: {
    placeOrder: (_p, { input }, ctx) => ctx.services.orders.placeOrder(input),
    retryPayment: (_p, { reference, token }, ctx) => ctx.services.orderReceipts.retryPayment(reference, token),
  },
  PlaceOrderResult: {
    __resolveType: (r) => r.__typename ?? null,
  },
  RetryPaymentResult: {
    __resolveType: (r) => r.__typename ?? null,
  },
};
