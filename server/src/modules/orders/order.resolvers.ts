import { openFields } from '../../common/access.js';
import { committedNothing } from '../../common/committed-nothing.js';
import type { Resolvers } from '../../generated/graphql.js';
import type { OrderPlacementService } from './order-placement.service.js';
import type { OrderReceiptService } from './order-receipt.service.js';
import type { OrderPayAgainService } from './order-pay-again.service.js';
import type { OrderLookupService } from './order-lookup.js';

/** Thin: the order services do the work. */
export function createOrderResolvers(services: {
  placement: OrderPlacementService;
  receipts: OrderReceiptService;
  payAgain: OrderPayAgainService;
  lookup: OrderLookupService;
}): Resolvers {
  return {
    Query: openFields({
      orderReceipt: (_p, { reference, token, transactionId }) =>
        services.receipts.receipt(reference, token, transactionId),
      orderLookup: (_p, { reference, email }) => services.lookup.lookup(reference, email),
    }),
    Mutation: openFields({
      placeOrder: async (_p, { input }, ctx) => {
        const result = await services.placement.placeOrder(input, ctx.ip ? ctx.clientKey : null);
        // Every refusal is answered before the transaction or after its rollback.
        if (result.__typename !== 'OrderPlaced') committedNothing(ctx);
        return result;
      },
      retryPayment: (_p, { reference, token, paymentMethod }) =>
        services.payAgain.retryPayment(reference, token, paymentMethod),
      releaseOrder: (_p, { reference, token }) => services.payAgain.releaseOrder(reference, token),
    }),
    PlaceOrderResult: {
      __resolveType: (r) => r.__typename ?? null,
    },
    RetryPaymentResult: {
      __resolveType: (r) => r.__typename ?? null,
    },
    OrderLookupResult: {
      __resolveType: (r) => r.__typename ?? null,
    },
    ReleaseOrderResult: {
      __resolveType: (r) => r.__typename ?? null,
    },
  };
}
