import { describe, expect, it } from 'vitest';
import type { GraphQLError } from 'graphql';
import type { StaffAuthResult } from './context.js';
import { accessOf, open, staffOnly } from './access.js';

const as = (result: StaffAuthResult) => ({ staffAuth: async () => result });
const staff = (role: 'propietario' | 'operador') =>
  as({ kind: 'staff', staff: { uid: 'u1', email: 'a@enzo.test', name: null, role } });

async function codeOf(p: Promise<unknown>) {
  try {
    await p;
    return 'OK';
  } catch (err) {
    return (err as GraphQLError).extensions?.code;
  }
}

describe('field access', () => {
  const resolver = staffOnly('discounts.manage', async (_p: unknown, _a: unknown, _c: unknown, _i: unknown) => 'done');

  it('runs a staff resolver only for a role holding its permission', async () => {
    expect(await codeOf(resolver({}, {}, staff('propietario'), {}))).toBe('OK');
    expect(await codeOf(resolver({}, {}, staff('operador'), {}))).toBe('FORBIDDEN');
    expect(await codeOf(resolver({}, {}, as({ kind: 'not-staff', uid: 'x' }), {}))).toBe('FORBIDDEN');
    expect(await codeOf(resolver({}, {}, as({ kind: 'anonymous' }), {}))).toBe('UNAUTHENTICATED');
    expect(await codeOf(resolver({}, {}, as({ kind: 'invalid' }), {}))).toBe('UNAUTHENTICATED');
  });

  it('explains a refusal in Spanish', async () => {
    await expect(resolver({}, {}, staff('operador'), {})).rejects.toThrow(/Tu rol no permite esta acción/);
  });

  it('remembers what each resolver declared, and nothing for an undeclared one', () => {
    expect(accessOf(resolver)).toEqual({ kind: 'staff', permission: 'discounts.manage' });
    expect(accessOf(open(() => 1))).toEqual({ kind: 'open' });
    expect(accessOf(() => 1)).toBeUndefined();
  });
});
