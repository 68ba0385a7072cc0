import type { Resolvers } from '../../generated/graphql.js';
import type { OrderPlacementService } from './order-placement.service.js';
import type { OrderReceiptService } from './order-receipt.service.js';

/** Thin: the order services do the work. */
export function createOrderResolvers(services: { placement: OrderPlacementService; receipts: OrderReceiptService }): Resolvers {
  return {
    Query: {
      orderReceipt: (_p, { reference, token, transactionId }) => services.receipts.receipt(reference, token, transactionId),
    },
    Mutation: {
      placeOrder: (_p, { input }, ctx) => services.placement.placeOrder(input, ctx.ip || null),
      retryPayment: (_p, { reference, token }) => services.receipts.retryPayment(reference, token),
    },
    PlaceOrderResult: {
      __resolveType: (r) => r.__typename ?? null,
    },
    RetryPaymentResult: {
      __resolveType: (r) => r.__typename ?? null,
    },
  };
}
