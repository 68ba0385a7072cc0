import { describe, expect, it } from 'vitest';
import { canStaffTransition, canTransition, ORDER_STATUSES, ORDER_STATUS_LABELS, STAFF_TRANSITIONS } from './order-status.js';

describe('order state machine', () => {
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
    for (const from of ['PENDIENTE_PAGO', 'PAGADO', 'EN_PREPARACION'] as const) expect(canStaffTransition(from, 'CANCELADO')).toBe(true);
    for (const from of ['ENVIADO', 'ENTREGADO', 'CANCELADO'] as const) expect(canStaffTransition(from, 'CANCELADO')).toBe(false);
    expect(canStaffTransition('PENDIENTE_PAGO', 'PAGADO')).toBe(false);
  });

  it('keeps staff transitions inside the machine and labels every state in Spanish', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of STAFF_TRANSITIONS[from]) expect(canTransition(from, to)).toBe(true);
      expect(ORDER_STATUS_LABELS[from].length).toBeGreaterThan(3);
    }
    expect(ORDER_STATUS_LABELS.PENDIENTE_PAGO).toBe('Pendiente de pago');
  });
});
