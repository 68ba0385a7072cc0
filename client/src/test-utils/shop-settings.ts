import { graphql, HttpResponse } from 'msw';
import { ShopSettingsDocument, type ShopSettingsQuery } from '../lib/shop-settings.generated';

/** The shop settings as the server answers them (typed by the generated document), with the demo shop's values. */
export function shopSettings(overrides: Partial<ShopSettingsQuery['shopSettings']> = {}): ShopSettingsQuery['shopSettings'] & { __typename: 'ShopSettings' } {
  return {
    __typename: 'ShopSettings',
    freeShippingThreshold: 150_000,
    shippingFee: 12_000,
    delivery: { __typename: 'DeliveryEstimate', minDays: 1, maxDays: 8, label: '1 a 8 días hábiles' } as ShopSettingsQuery['shopSettings']['delivery'],
    legal: {
      __typename: 'LegalInfo',
      legalName: 'Enzo Accesorios para Mascotas S.A.S.',
      nit: '901.234.567-8',
      address: 'Calle 10 # 4-38, local 2, Cúcuta, Norte de Santander',
      phone: '+57 313 456 7890',
      email: 'servicioalcliente@enzo.com.co',
      sicUrl: 'https://www.sic.gov.co',
    } as ShopSettingsQuery['shopSettings']['legal'],
    ...overrides,
  };
}

/** MSW handler answering the ShopSettings query. */
export function shopSettingsHandler(overrides: Partial<ShopSettingsQuery['shopSettings']> = {}) {
  return graphql.query(ShopSettingsDocument, () => HttpResponse.json({ data: { shopSettings: shopSettings(overrides) } }));
}
