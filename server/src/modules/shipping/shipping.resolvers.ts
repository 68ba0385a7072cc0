import type { Resolvers, ShopSettings } from '../../generated/graphql.js';
import { BRAND, IVA_RATE } from '#shared/shop.js';
import { deliveryDaysLabel } from '#shared/shipping.js';
import { findDepartment, findMunicipality } from '#shared/divipola.js';
import { currentStaff, open, staffOnly } from '../../common/access.js';
import type { ShippingService } from './shipping.service.js';

const memberOf = <T extends string>(result: object, record: T): T =>
  '__typename' in result && typeof result.__typename === 'string' ? (result.__typename as T) : record;

/** Shop settings as this module answers them (the legal identity is resolved from config by modules/legal). */
export type ShopSettingsView = Omit<ShopSettings, 'legal' | 'electronicInvoicing'>;

/** Public shop settings and the staff rate table. */
export function createShippingResolvers(shipping: ShippingService): Resolvers {
  return {
    Query: {
      shopSettings: open(async () => {
        const terms = await shipping.terms(null);
        return {
          freeShippingThreshold: terms.freeFrom,
          shippingFee: terms.fee,
          delivery: {
            minDays: terms.minDays,
            maxDays: terms.maxDays,
            label: deliveryDaysLabel(terms.minDays, terms.maxDays),
            earliest: null,
            latest: null,
          },
          ivaRate: IVA_RATE,
          brand: BRAND,
        };
      }),
      staffShipping: staffOnly('shipping.manage', async (_p, _a) => {
        const [settings, rates] = await Promise.all([shipping.settings(), shipping.rates()]);
        return { settings, rates };
      }),
    },
    Mutation: {
      staffSaveShippingSettings: staffOnly('shipping.manage', async (_p, { input }, ctx) => {
        const staff = await currentStaff(ctx);
        return shipping.saveSettings(input, staff.email ?? staff.uid);
      }),
      staffSaveShippingRate: staffOnly('shipping.manage', (_p, { input }) => shipping.saveRate(input)),
      staffRemoveShippingRate: staffOnly('shipping.manage', (_p, { id }) => shipping.removeRate(id)),
    },
    ShippingSettingsResult: {
      __resolveType: (r) => memberOf<'ShippingSettings' | 'ValidationErrors'>(r, 'ShippingSettings'),
    },
    ShippingRateResult: { __resolveType: (r) => memberOf<'ShippingRate' | 'ValidationErrors'>(r, 'ShippingRate') },
    RemoveShippingRateResult: { __resolveType: (r) => r.__typename ?? null },
    ShippingRate: {
      id: (r) => String(r.id),
      departmentName: (r) => findDepartment(r.departmentCode)?.name ?? r.departmentCode,
      municipalityName: (r) =>
        r.municipalityCode
          ? (findMunicipality(r.departmentCode, r.municipalityCode)?.name ?? r.municipalityCode)
          : null,
    },
  };
}
