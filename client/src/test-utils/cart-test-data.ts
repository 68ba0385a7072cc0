import { DEFAULT_SHIPPING_RULE, priceCart, type ShippingRule } from '#shared/pricing.js';
import { deliveryDaysLabel } from '#shared/shipping.js';
import { cashOnDeliveryAvailability, type CashOnDeliverySettings } from '#shared/cash-on-delivery.js';
import type { CartQuoteFieldsFragment } from '../features/cart';

/**
 * Test helper: a server-shaped quote for the given lines, priced by the shop's own pricing function
 * (as the server does: problem lines keep their unit price and are left out of the totals).
 */
export function fakeQuote(
  lines: { productId: string; sizeId: string; quantity: number; price: number; name?: string; stock?: number }[],
  options: {
    code?: string | null;
    percent?: number;
    shipping?: ShippingRule;
    estimate?: boolean;
    cashOnDelivery?: Pick<CashOnDeliverySettings, 'enabled' | 'maxTotal' | 'fee'>;
    paymentMethod?: string | null;
  } = {},
): CartQuoteFieldsFragment & { __typename: 'CartQuote' } {
  // The shop's starting rule unless the test gives the server's current one (staff may change it).
  const rule = options.shipping ?? DEFAULT_SHIPPING_RULE;
  const quoted = lines.map((l) => {
    const stock = l.stock ?? 50;
    const problem =
      stock === 0
        ? { __typename: 'CartLineProblem' as const, kind: 'SOLD_OUT' as const, available: 0, message: 'Agotado' }
        : stock < l.quantity
          ? {
              __typename: 'CartLineProblem' as const,
              kind: 'INSUFFICIENT_STOCK' as const,
              available: stock,
              message: stock === 1 ? 'Solo queda 1 unidad' : `Solo quedan ${stock} unidades`,
            }
          : null;
    return {
      __typename: 'CartQuoteLine' as const,
      productId: l.productId,
      sizeId: l.sizeId,
      quantity: l.quantity,
      sizeLabel: 'M',
      unitPrice: l.price,
      lineTotal: problem ? 0 : l.price * l.quantity,
      maxQuantity: Math.min(stock, 99),
      problem,
      product: {
        __typename: 'Product' as const,
        id: l.productId,
        slug: 'collar-cuero-miel',
        name: l.name ?? 'Collar Cuero Miel',
        collections: [],
        category: { __typename: 'CategoryRef' as const, slug: 'collares', name: 'Collares' },
        images: [
          {
            __typename: 'Image' as const,
            url: '/media/products/collar.svg',
            alt: 'Collar',
            width: 800,
            height: 800,
            srcSet: null,
            fallbackSrcSet: null,
          },
        ],
      },
    };
  });
  const valid = options.code && options.percent ? options.code : null;
  // As the server: contraentrega (off unless the test turns it on) is judged with its fee, added when chosen.
  const cod = options.cashOnDelivery ?? { enabled: false, maxTotal: 0, fee: 0 };
  const pricing = {
    lines: quoted.filter((l) => !l.problem).map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
    discountPercent: valid ? options.percent! : null,
    shipping: rule,
  };
  const withFee = priceCart({ ...pricing, paymentFee: cod.fee });
  const priced = options.paymentMethod === 'CASH_ON_DELIVERY' ? withFee : priceCart(pricing);
  const availability = cashOnDeliveryAvailability(cod, withFee.total);
  const quote = {
    __typename: 'CartQuote' as const,
    itemCount: priced.itemCount,
    subtotal: priced.subtotal,
    discount: priced.discount,
    shipping: priced.shipping,
    total: priced.total,
    ivaIncluded: priced.ivaIncluded,
    discountCodeInvalid: Boolean(options.code) && !valid,
    discountProblem:
      options.code && !valid
        ? {
            __typename: 'DiscountProblem' as const,
            reason: 'INVALID' as const,
            message: 'Código de Descuento no valido.',
          }
        : null,
    hasProblems: quoted.some((l) => l.problem),
    shippingIsEstimate: options.estimate ?? false,
    freeShippingFrom: rule.freeFrom,
    delivery: { __typename: 'DeliveryEstimate' as const, label: deliveryDaysLabel(3, 8) },
    appliedDiscount: valid ? { __typename: 'AppliedDiscount' as const, code: valid, percent: options.percent! } : null,
    lines: quoted,
    paymentFee: priced.paymentFee,
    cashOnDelivery: {
      __typename: 'CashOnDeliveryOption' as const,
      available: availability.available,
      reason: availability.available ? null : availability.reason,
      message: availability.available ? null : availability.message,
      fee: cod.fee,
      maxTotal: cod.maxTotal,
    },
  };
  return quote;
}

/** Where a remembered order goes, as the server's receipt says (Ábrego, Norte de Santander). */
export const PENDING_ORDER_DESTINATION = {
  __typename: 'ShippingAddress' as const,
  departmentCode: '54',
  departmentName: 'Norte de Santander',
  municipalityCode: '54003',
  municipalityName: 'Ábrego',
  address: 'Calle 4 # 5-67',
  neighborhood: null,
};
