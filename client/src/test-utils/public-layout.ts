import { graphql, HttpResponse } from 'msw';
import { ONLINE_PAYMENT_METHODS, type PaymentMethodValue } from '#shared/orders.js';
import { PublicLayoutDocument, type PublicLayoutQuery } from '../lib/public-layout.generated';

type Settings = PublicLayoutQuery['shopSettings'];

/** The shop settings as the server answers them (typed by the generated document), with the demo shop's values. */
export function shopSettings(overrides: Partial<Settings> = {}): Settings & { __typename: 'ShopSettings' } {
  return {
    __typename: 'ShopSettings',
    electronicInvoicing: true,
    freeShippingThreshold: 150_000,
    shippingFee: 12_000,
    delivery: {
      __typename: 'DeliveryEstimate',
      minDays: 1,
      maxDays: 8,
      label: '1 a 8 días hábiles',
    } as Settings['delivery'],
    legal: {
      __typename: 'LegalInfo',
      legalName: 'Enzo Accesorios para Mascotas S.A.S.',
      nit: '901.234.567-7',
      address: 'Calle 10 # 4-38, local 2, Cúcuta, Norte de Santander',
      phone: '+57 313 456 7890',
      email: 'servicioalcliente@enzo.com.co',
      sicUrl: 'https://www.sic.gov.co',
    } as Settings['legal'],
    ...overrides,
  };
}

interface PublicLayoutAnswer {
  settings?: Partial<Settings>;
  campaigns?: Array<{ slug: string; path: string; title: string }>;
  paymentMethods?: readonly PaymentMethodValue[];
}

/**
 * MSW handler answering the public layout's query (shop settings, campaign links, payment methods): by default
 * the demo shop's settings, no campaign on and the online payment methods.
 */
export function publicLayoutHandler({
  settings = {},
  campaigns = [],
  paymentMethods = ONLINE_PAYMENT_METHODS,
}: PublicLayoutAnswer = {}) {
  return graphql.query(PublicLayoutDocument, () =>
    HttpResponse.json({
      data: {
        shopSettings: shopSettings(settings),
        campaigns: campaigns.map((c) => ({ __typename: 'Campaign' as const, ...c })),
        paymentOptions: {
          __typename: 'PaymentOptions',
          methods: [...paymentMethods],
        } as PublicLayoutQuery['paymentOptions'],
      },
    }),
  );
}
