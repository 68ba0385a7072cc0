import type { Resolvers } from '../../generated/graphql.js';
import { currentStaff, open, staffOnly } from '../../common/access.js';
import { ONLINE_PAYMENT_METHODS } from '#shared/orders.js';
import type { CashOnDeliveryService } from './cash-on-delivery.service.js';

/** The payment methods the shop offers (public) and the staff's cash-on-delivery settings. */
export function createCashOnDeliveryResolvers(cod: CashOnDeliveryService): Resolvers {
  return {
    Query: {
      paymentOptions: open(async () => {
        const settings = await cod.settings();
        return {
          methods: settings.enabled
            ? [...ONLINE_PAYMENT_METHODS, 'CASH_ON_DELIVERY' as const]
            : [...ONLINE_PAYMENT_METHODS],
          cashOnDelivery: settings,
        };
      }),
      staffCashOnDelivery: staffOnly('payments.manage', (_p, _a) => cod.record()),
    },
    Mutation: {
      staffSaveCashOnDelivery: staffOnly('payments.manage', async (_p, { input }, ctx) => {
        const staff = await currentStaff(ctx);
        return cod.save(input, staff.email ?? staff.uid);
      }),
    },
    CashOnDeliverySettingsResult: {
      __resolveType: (r) =>
        '__typename' in r && r.__typename === 'ValidationErrors' ? 'ValidationErrors' : 'CashOnDeliverySettings',
    },
  };
}
