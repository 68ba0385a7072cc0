import { describe, expect, it } from 'vitest';
import { REDACTED_VALUE } from '#shared/audit.js';
import { auditChange, diffFields, runAudited } from './audit.js';

describe('activity-log changes', () => {
  it('keeps only the fields that changed, with both values', () => {
    expect(
      diffFields({ price: 85000, name: 'Collar', active: true }, { price: 90000, name: 'Collar', active: false }),
    ).toEqual({
      price: { before: 85000, after: 90000 },
      active: { before: true, after: false },
    });
  });

  it('lists every field of a new or removed record', () => {
    expect(diffFields(null, { code: 'HOLA10', percent: 10 })).toEqual({
      code: { before: null, after: 'HOLA10' },
      percent: { before: null, after: 10 },
    });
    expect(diffFields({ fee: 16500 }, null)).toEqual({ fee: { before: 16500, after: null } });
  });

  it('never copies a shopper document number or address, only that it changed', () => {
    const diff = diffFields(
      { documentNumber: '52123456', address: 'Cra. 43A # 1-50', status: 'PAGADO' },
      { documentNumber: '79999999', address: 'Cra. 43A # 1-50', status: 'ENVIADO' },
    );
    expect(diff).toEqual({
      documentNumber: { before: REDACTED_VALUE, after: REDACTED_VALUE },
      status: { before: 'PAGADO', after: 'ENVIADO' },
    });
    expect(JSON.stringify(diff)).not.toContain('52123456');
  });

  it('writes dates as ISO text and cuts long texts', () => {
    const diff = diffFields(
      { at: new Date('2026-01-01T00:00:00Z'), d: 'x' },
      { at: new Date('2026-02-01T00:00:00Z'), d: 'y'.repeat(900) },
    );
    expect(diff.at).toEqual({ before: '2026-01-01T00:00:00.000Z', after: '2026-02-01T00:00:00.000Z' });
    expect((diff.d!.after as string).length).toBeLessThan(600);
  });

  it('refuses a change noted outside the transaction that makes it', () => {
    const scope = { actor: { uid: 'u', email: null, role: null }, operation: 'staffX', ip: '', requestId: '' };
    const notInTransaction = { queryRunner: undefined } as never;
    expect(() => runAudited(scope, () => auditChange(notInTransaction, { entityType: 'order', entityId: 1 }))).toThrow(
      /transaction/,
    );
    // Outside a staff mutation it is nothing to log.
    expect(() => auditChange(notInTransaction, { entityType: 'order', entityId: 1 })).not.toThrow();
  });
});
