import { describe, expect, it } from 'vitest';
import type { GraphQLError } from 'graphql';
import type { StaffAuthResult } from './context.js';
import { accessOf, open, signedInStaff, staffOnly } from './access.js';
import { auditActor } from './audit.js';

type Refusal = { operation: string; permission: string | null; who: StaffAuthResult['kind'] };

function as(result: StaffAuthResult) {
  const refusals: Refusal[] = [];
  return {
    refusals,
    ctx: {
      ip: '2001:db8::1',
      requestId: 'r1',
      staffAuth: async () => result,
      recordRefusal: async (operation: string, permission: string | null, who: StaffAuthResult) => {
        refusals.push({ operation, permission, who: who.kind });
      },
    },
  };
}
const staff = (role: 'propietario' | 'operador' | 'consulta') =>
  as({ kind: 'staff', staff: { uid: 'u1', email: 'a@enzo.test', name: null, role } });
const query = { fieldName: 'staffThing', parentType: { name: 'Query' } };
const mutation = { fieldName: 'staffDoThing', parentType: { name: 'Mutation' } };

async function outcome(p: Promise<unknown>) {
  try {
    await p;
    return 'OK';
  } catch (err) {
    const e = err as GraphQLError;
    return `${e.extensions?.code}${e.extensions?.reason ? `/${e.extensions.reason}` : ''}`;
  }
}

describe('field access', () => {
  const resolver = staffOnly('discounts.manage', async (_p: unknown, _a: unknown, _c: unknown, _i: unknown) => 'done');

  it('runs a staff resolver only for a role holding its permission', async () => {
    expect(await outcome(resolver({}, {}, staff('propietario').ctx, query))).toBe('OK');
    expect(await outcome(resolver({}, {}, staff('operador').ctx, query))).toBe('FORBIDDEN/ROLE');
    expect(await outcome(resolver({}, {}, as({ kind: 'not-staff', uid: 'x', email: null }).ctx, query))).toBe(
      'FORBIDDEN/NOT_STAFF',
    );
    expect(await outcome(resolver({}, {}, as({ kind: 'disabled', uid: 'x', email: null }).ctx, query))).toBe(
      'FORBIDDEN/DISABLED',
    );
    expect(await outcome(resolver({}, {}, as({ kind: 'anonymous' }).ctx, query))).toBe('UNAUTHENTICATED');
    expect(await outcome(resolver({}, {}, as({ kind: 'invalid' }).ctx, query))).toBe('UNAUTHENTICATED');
  });

  it('explains a refusal in Spanish and records it (never a call without a valid token)', async () => {
    const operator = staff('operador');
    await expect(resolver({}, {}, operator.ctx, query)).rejects.toThrow(/Tu rol no permite esta acción/);
    expect(operator.refusals).toEqual([{ operation: 'staffThing', permission: 'discounts.manage', who: 'staff' }]);
    const disabled = as({ kind: 'disabled', uid: 'x', email: null });
    await expect(resolver({}, {}, disabled.ctx, query)).rejects.toThrow(/desactivada/);
    expect(disabled.refusals).toHaveLength(1);
    const anonymous = as({ kind: 'anonymous' });
    await expect(resolver({}, {}, anonymous.ctx, query)).rejects.toThrow();
    expect(anonymous.refusals).toEqual([]);
  });

  it('lets any enabled staff member call a signedInStaff field', async () => {
    const me = signedInStaff(async (_p: unknown, _a: unknown, _c: unknown, _i: unknown) => 'me');
    expect(await outcome(me({}, {}, staff('consulta').ctx, query))).toBe('OK');
    expect(await outcome(me({}, {}, as({ kind: 'disabled', uid: 'x', email: null }).ctx, query))).toBe(
      'FORBIDDEN/DISABLED',
    );
    expect(accessOf(me)).toEqual({ kind: 'staff', permission: null });
  });

  it('runs a staff mutation inside its audit scope (who, from where), and a query outside one', async () => {
    const seen = staffOnly('orders.fulfil', async (_p: unknown, _a: unknown, _c: unknown, _i: unknown) => auditActor());
    expect(await seen({}, {}, staff('operador').ctx, mutation)).toEqual({
      uid: 'u1',
      email: 'a@enzo.test',
      role: 'operador',
    });
    expect(await seen({}, {}, staff('operador').ctx, query)).toBeNull();
  });

  it('remembers what each resolver declared, and nothing for an undeclared one', () => {
    expect(accessOf(resolver)).toEqual({ kind: 'staff', permission: 'discounts.manage' });
    expect(accessOf(open(() => 1))).toEqual({ kind: 'open' });
    expect(accessOf(() => 1)).toBeUndefined();
  });
});
