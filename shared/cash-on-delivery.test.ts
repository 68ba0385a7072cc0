import { describe, expect, it } from 'vitest';
import { cashOnDeliveryAvailability, cashOnDeliveryInputSchema } from './cash-on-delivery.js';
import { paymentMethodFromGateway } from './orders.js';
import { priceCart } from './pricing.js';

describe('cash on delivery rule', () => {
  const on = { enabled: true, maxTotal: 200_000, fee: 6_000 };

  it('accepts a total with its fee exactly at the maximum and refuses one peso over', () => {
    expect(cashOnDeliveryAvailability(on, 200_000)).toEqual({ available: true });
    expect(cashOnDeliveryAvailability(on, 200_001)).toEqual({
      available: false,
      reason: 'OVER_MAXIMUM',
      message:
        'El pago contraentrega está disponible para pedidos de hasta $ 200.000 (con el envío y el recargo). Elige otro medio de pago.',
    });
  });

  it('is off whatever the total while staff have it off', () => {
    expect(cashOnDeliveryAvailability({ ...on, enabled: false }, 10_000)).toMatchObject({
      available: false,
      reason: 'DISABLED',
    });
  });

  it('adds the fee to the total as its own figure, never on an empty cart', () => {
    const r = priceCart({ lines: [{ unitPrice: 45_000, quantity: 2 }], discountPercent: null, paymentFee: 6_000 });
    expect(r).toMatchObject({ subtotal: 90_000, shipping: 16_500, paymentFee: 6_000, total: 112_500 });
    expect(r.ivaIncluded).toBe(112_500 - Math.round(112_500 / 1.19));
    expect(priceCart({ lines: [], discountPercent: null, paymentFee: 6_000 })).toMatchObject({
      paymentFee: 0,
      total: 0,
    });
    expect(priceCart({ lines: [{ unitPrice: 45_000, quantity: 1 }], discountPercent: null }).paymentFee).toBe(0);
  });

  it('takes whole non-negative pesos, and a maximum above the fee when on', () => {
    expect(cashOnDeliveryInputSchema.safeParse({ enabled: true, maxTotal: 300_000, fee: 0 }).success).toBe(true);
    expect(
      cashOnDeliveryInputSchema.safeParse({ enabled: true, maxTotal: 300_000.5, fee: 0 }).error?.issues[0],
    ).toMatchObject({ path: ['maxTotal'] });
    expect(
      cashOnDeliveryInputSchema.safeParse({ enabled: false, maxTotal: 0, fee: -1 }).error?.issues[0],
    ).toMatchObject({ path: ['fee'], message: 'El recargo debe ser un número entero de pesos (0 o más).' });
    expect(
      cashOnDeliveryInputSchema.safeParse({ enabled: true, maxTotal: 5_000, fee: 5_000 }).error?.issues[0],
    ).toMatchObject({ path: ['maxTotal'] });
    expect(cashOnDeliveryInputSchema.safeParse({ enabled: false, maxTotal: 5_000, fee: 5_000 }).success).toBe(true);
    expect(
      cashOnDeliveryInputSchema.safeParse({ enabled: true, maxTotal: 300_000, fee: 0, confirmWithinHours: 0 }).error
        ?.issues[0],
    ).toMatchObject({ path: ['confirmWithinHours'], message: expect.stringMatching(/entre 1 y 720/) });
    expect(
      cashOnDeliveryInputSchema.safeParse({ enabled: true, maxTotal: 300_000, fee: 0, confirmWithinHours: 72 }).data,
    ).toMatchObject({ confirmWithinHours: 72 });
  });
});

describe('the method the gateway reports', () => {
  it("maps Wompi's payment_method_type to the order's method", () => {
    for (const type of ['CARD', 'PSE', 'NEQUI', 'BANCOLOMBIA_TRANSFER', 'DAVIPLATA', 'BANCOLOMBIA_QR'] as const)
      expect(paymentMethodFromGateway(type)).toBe(type);
  });

  it('ignores a type it does not know, an empty one and cash on delivery', () => {
    expect(paymentMethodFromGateway('SU_PLUS')).toBeNull();
    expect(paymentMethodFromGateway(null)).toBeNull();
    expect(paymentMethodFromGateway('')).toBeNull();
    expect(paymentMethodFromGateway('CASH_ON_DELIVERY')).toBeNull();
  });
});
