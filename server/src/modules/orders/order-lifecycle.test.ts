import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '#shared/orders.js';
import {
  allowedTransitions,
  canCollectCash,
  canTransition,
  holdsReservation,
  initialStatus,
  ORDER_EDGES,
} from './order-lifecycle.js';
import { orderMoves } from './order-moves.js';

describe('order lifecycle', () => {
  it('follows the happy path', () => {
    expect(canTransition('PENDIENTE_PAGO', 'PAGADO')).toBe(true);
    expect(canTransition('PAGADO', 'EN_PREPARACION')).toBe(true);
    expect(canTransition('EN_PREPARACION', 'ENVIADO')).toBe(true);
    expect(canTransition('ENVIADO', 'ENTREGADO')).toBe(true);
  });

  it('lets a pending payment be declined or expire', () => {
    expect(canTransition('PENDIENTE_PAGO', 'PAGO_RECHAZADO')).toBe(true);
    expect(canTransition('PENDIENTE_PAGO', 'EXPIRADO')).toBe(true);
  });

  it('never skips steps or goes back', () => {
    expect(canTransition('PENDIENTE_PAGO', 'ENVIADO')).toBe(false);
    expect(canTransition('PAGADO', 'PENDIENTE_PAGO')).toBe(false);
    expect(canTransition('ENTREGADO', 'CANCELADO')).toBe(false);
    expect(canTransition('ENVIADO', 'CANCELADO')).toBe(false);
    expect(canTransition('EXPIRADO', 'PENDIENTE_PAGO')).toBe(false);
  });

  it('lets staff cancel only before shipping', () => {
    for (const from of ['PENDIENTE_PAGO', 'PAGADO', 'EN_PREPARACION'] as const)
      expect(allowedTransitions(from, 'staff')).toContain('CANCELADO');
    for (const from of ['ENVIADO', 'ENTREGADO', 'DEVUELTO', 'CANCELADO'] as const)
      expect(allowedTransitions(from, 'staff')).not.toContain('CANCELADO');
    expect(allowedTransitions('PENDIENTE_PAGO', 'staff')).not.toContain('PAGADO');
  });

  it('gives payments to the gateway, expiry to the system and retries to the shopper', () => {
    expect(allowedTransitions('PENDIENTE_PAGO', 'gateway')).toEqual(['PAGADO', 'PAGO_RECHAZADO']);
    expect(allowedTransitions('PENDIENTE_PAGO', 'system')).toEqual(['EXPIRADO']);
    expect(allowedTransitions('PAGO_RECHAZADO', 'shopper')).toEqual(['PENDIENTE_PAGO', 'CANCELADO']);
    expect(allowedTransitions('EXPIRADO', 'shopper')).toEqual([]);
  });

  it('lets the shopper start a new payment attempt or let an unpaid order go, never more', () => {
    expect(allowedTransitions('PENDIENTE_PAGO', 'shopper')).toEqual(['PENDIENTE_PAGO', 'CANCELADO']);
    for (const from of [
      'PAGADO',
      'EN_PREPARACION',
      'ENVIADO',
      'ENTREGADO',
      'DEVUELTO',
      'EXPIRADO',
      'CANCELADO',
    ] as const)
      expect(allowedTransitions(from, 'shopper')).toEqual([]);
    expect(allowedTransitions('PENDIENTE_PAGO', 'staff')).not.toContain('PENDIENTE_PAGO');
  });

  it('queues the shopper’s email at each state they follow, and none when they cancel themselves', () => {
    expect(ORDER_EDGES.PENDIENTE_PAGO.PAGADO?.mails).toEqual(['paid', 'shopNewOrder']);
    expect(ORDER_EDGES.PENDIENTE_PAGO.PAGO_RECHAZADO?.mails).toEqual(['declined']);
    expect(ORDER_EDGES.PAGADO.EN_PREPARACION?.mails).toEqual(['preparing']);
    expect(ORDER_EDGES.EN_PREPARACION.ENVIADO?.mails).toEqual(['shipped']);
    expect(ORDER_EDGES.ENVIADO.ENTREGADO?.mails).toEqual(['delivered']);
    for (const from of ['PENDIENTE_PAGO', 'PAGO_RECHAZADO', 'PAGADO', 'EN_PREPARACION'] as const)
      expect(ORDER_EDGES[from].CANCELADO?.mails).toEqual(['cancelled']);
    expect(ORDER_EDGES.PENDIENTE_PAGO.CANCELADO?.quietFor).toEqual(['shopper']);
    expect(ORDER_EDGES.PAGADO.CANCELADO?.quietFor).toBeUndefined();
  });

  it('holds, sells and gives back stock on the right edges', () => {
    expect(ORDER_EDGES.PENDIENTE_PAGO.PAGADO?.effects).toEqual(['sellReserved']);
    for (const to of ['PAGO_RECHAZADO', 'EXPIRADO', 'CANCELADO'] as const)
      expect(ORDER_EDGES.PENDIENTE_PAGO[to]?.effects).toEqual(['releaseStock', 'returnDiscountUse']);
    expect(ORDER_EDGES.PAGO_RECHAZADO.PENDIENTE_PAGO?.effects).toEqual(['reserveStock', 'retakeDiscountUse']);
    expect(ORDER_EDGES.EXPIRADO.PAGADO?.effects).toEqual(['takeFromShelf', 'retakeDiscountUse']);
    // Cancelled before it left: the units never left the shop; money received is flagged to give back.
    for (const from of ['PAGADO', 'EN_PREPARACION'] as const)
      expect(ORDER_EDGES[from].CANCELADO?.effects).toEqual(['restockSold', 'returnUnpaidDiscountUse', 'flagRefund']);
    expect(ORDER_EDGES.EN_PREPARACION.ENVIADO?.requires).toEqual(['carrier', 'trackingNumber']);
  });

  it('takes a parcel that came back to the shop: units back on the shelf, money received flagged', () => {
    expect(allowedTransitions('ENVIADO', 'staff')).toEqual(['ENTREGADO', 'DEVUELTO']);
    expect(ORDER_EDGES.ENVIADO.DEVUELTO?.effects).toEqual(['restockSold', 'returnUnpaidDiscountUse', 'flagRefund']);
    expect(ORDER_EDGES.ENVIADO.DEVUELTO?.mails).toEqual(['returnedToShop']);
    expect(allowedTransitions('DEVUELTO', 'staff')).toEqual([]);
  });

  it('labels every state in Spanish', () => {
    for (const from of ORDER_STATUSES) expect(ORDER_STATUS_LABELS[from].length).toBeGreaterThan(3);
    expect(ORDER_STATUS_LABELS.PENDIENTE_PAGO).toBe('Pendiente de pago');
  });

  it('lets a cash-on-delivery order wait for the call: staff confirm it (units sold) or cancel it (units and code back); the system cancels it when nobody confirms in time; never the gateway', () => {
    expect(allowedTransitions('POR_CONFIRMAR', 'staff')).toEqual(['EN_PREPARACION', 'CANCELADO']);
    expect(allowedTransitions('POR_CONFIRMAR', 'system')).toEqual(['CANCELADO']);
    for (const actor of ['gateway', 'shopper'] as const) expect(allowedTransitions('POR_CONFIRMAR', actor)).toEqual([]);
    expect(ORDER_EDGES.POR_CONFIRMAR.EN_PREPARACION?.effects).toEqual(['sellReserved']);
    expect(ORDER_EDGES.POR_CONFIRMAR.CANCELADO?.effects).toEqual(['releaseStock', 'returnDiscountUse']);
    expect(ORDER_EDGES.POR_CONFIRMAR.CANCELADO?.mails).toEqual(['cancelled']);
    expect(ORDER_EDGES.POR_CONFIRMAR.CANCELADO?.mailsBy).toEqual({ system: ['codLapsed'] });
    expect(holdsReservation('POR_CONFIRMAR')).toBe(true);
    expect(initialStatus('CASH_ON_DELIVERY')).toBe('POR_CONFIRMAR');
    expect(initialStatus('NEQUI')).toBe('PENDIENTE_PAGO');
  });

  it('records the cash of a delivered cash-on-delivery order once', () => {
    const cod = { paymentMethod: 'CASH_ON_DELIVERY' as const, cashCollectedAt: null };
    expect(canCollectCash({ ...cod, status: 'ENTREGADO' })).toBe(true);
    for (const status of ['POR_CONFIRMAR', 'EN_PREPARACION', 'ENVIADO', 'CANCELADO'] as const)
      expect(canCollectCash({ ...cod, status })).toBe(false);
    expect(canCollectCash({ ...cod, status: 'ENTREGADO', cashCollectedAt: new Date() })).toBe(false);
    expect(canCollectCash({ paymentMethod: 'CARD', status: 'ENTREGADO', cashCollectedAt: null })).toBe(false);
  });
});

describe('order moves for staff', () => {
  const base = {
    paymentMethod: 'CARD' as const,
    cashCollectedAt: null,
    total: 100_500,
    refunded: 0,
    discountCode: null,
  };

  it('say what each step needs and does, from the edges, for this order', () => {
    expect(orderMoves({ ...base, status: 'EN_PREPARACION' }, 'staff')).toEqual([
      {
        to: 'ENVIADO',
        label: 'Enviado',
        requires: ['carrier', 'trackingNumber'],
        consequences: ['Pide la transportadora y el número de guía.', 'El cliente recibe un correo.'],
        confirm: null,
      },
      {
        to: 'CANCELADO',
        label: 'Cancelado',
        requires: [],
        consequences: [
          'Las unidades de la orden vuelven al inventario.',
          'Quedará marcada con reembolso pendiente de $ 100.500.',
          'El cliente recibe un correo.',
        ],
        confirm: '¿Cancelar esta orden? Esta acción no se puede deshacer.',
      },
    ]);
  });

  it('know a contraentrega order has no money to give back until its cash is collected', () => {
    const cod = { ...base, paymentMethod: 'CASH_ON_DELIVERY' as const, discountCode: 'BIENVENIDO10' };
    expect(orderMoves({ ...cod, status: 'POR_CONFIRMAR' }, 'staff').map((m) => m.label)).toEqual([
      'Confirmado por teléfono → En preparación',
      'Cancelado',
    ]);
    const returned = orderMoves({ ...cod, status: 'ENVIADO' }, 'staff').find((m) => m.to === 'DEVUELTO')!;
    expect(returned.consequences).toEqual([
      'Las unidades de la orden vuelven al inventario.',
      'El uso del código BIENVENIDO10 queda libre.',
      'Contraentrega aún sin cobrar: no hay nada que reembolsar.',
      'El cliente recibe un correo.',
    ]);
    expect(orderMoves({ ...base, status: 'ENTREGADO' }, 'staff')).toEqual([]);
  });
});
