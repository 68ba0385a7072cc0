import type { Resolvers } from '../../generated/graphql.js';
import type { GraphQLContext } from '../../common/context.js';
import { ONLINE_PAYMENT_METHODS } from '#shared/orders.js';
import type { CashOnDeliveryService } from './cash-on-delivery.service.js';

/** Staff check, given by the staff module. */
export type StaffGuard = (ctx: GraphQLContext) => Promise<{ email: string | null; uid: string }>;

/** The payment methods the shop offers (public) and the staff's cash-on-delivery settings. */
export function createCashOnDeliveryResolvers(cod: CashOnDeliveryService, requireStaff: StaffGuard): Resolvers {
  return {
    Query: {
      paymentOptions: async () => {
        const settings = await cod.settings();
        return {
          methods: settings.enabled
            ? [...ONLINE_PAYMENT_METHODS, 'CASH_ON_DELIVERY' as const]
            : [...ONLINE_PAYMENT_METHODS],
          cashOnDelivery: settings,
        };
      },
      staffCashOnDelivery: async (_p, _a, ctx) => {
        await requireStaff(ctx);
        return cod.record();
      },
    },
    Mutation: {
      staffSaveCashOnDelivery: async (_p, { input }, ctx) => {
        const staff = await requireStaff(ctx);
        return cod.save(input, staff.email ?? staff.uid);
      },
    },
    CashOnDeliverySettingsResult: {
      __resolveType: (r) =>
        '__typename' in r && r.__typename === 'ValidationErrors' ? 'ValidationErrors' : 'CashOnDeliverySettings',
    },
  };
}
