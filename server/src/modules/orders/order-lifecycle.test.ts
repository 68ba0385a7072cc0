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
    for (const from of ['ENVIADO', 'ENTREGADO', 'CANCELADO'] as const)
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
    for (const from of ['PAGADO', 'EN_PREPARACION', 'ENVIADO', 'ENTREGADO', 'EXPIRADO', 'CANCELADO'] as const)
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
    expect(ORDER_EDGES.PAGADO.CANCELADO?.effects).toEqual(['flagRefund']);
    expect(ORDER_EDGES.EN_PREPARACION.ENVIADO?.requires).toEqual(['carrier', 'trackingNumber']);
  });

  it('labels every state in Spanish', () => {
    for (const from of ORDER_STATUSES) expect(ORDER_STATUS_LABELS[from].length).toBeGreaterThan(3);
    expect(ORDER_STATUS_LABELS.PENDIENTE_PAGO).toBe('Pendiente de pago');
  });

  it('lets a cash-on-delivery order wait for the call: staff confirm it (units sold) or cancel it (units and code back), never expiry or the gateway', () => {
    expect(allowedTransitions('POR_CONFIRMAR', 'staff')).toEqual(['EN_PREPARACION', 'CANCELADO']);
    for (const actor of ['system', 'gateway', 'shopper'] as const)
      expect(allowedTransitions('POR_CONFIRMAR', actor)).toEqual([]);
    expect(ORDER_EDGES.POR_CONFIRMAR.EN_PREPARACION?.effects).toEqual(['sellReserved']);
    expect(ORDER_EDGES.POR_CONFIRMAR.CANCELADO?.effects).toEqual(['releaseStock', 'returnDiscountUse']);
    expect(ORDER_EDGES.POR_CONFIRMAR.CANCELADO?.mails).toEqual(['cancelled']);
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
