import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  isCompositeType,
  isScalarType,
  isListType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { adminAuth, bearer, craftToken, createUser, signIn } from '../setup/staff-tokens.js';

/**
 * Every staff field is tried with documents built from the schema, so they are plain strings: a deliberate exception
 * to the API tests' graphql(`…`) documents (scripts/typed-test-documents.test.ts lists it).
 */
const schema = buildSchema(fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));

/** A literal for a required input of this type (only to reach the guard; the values may be invalid). */
function literal(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literal(type.ofType);
  if (isListType(type)) return `[${literal(type.ofType)}]`;
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type));
    return `{ ${fields.map((f) => `${f.name}: ${literal(f.type)}`).join(', ')} }`;
  }
  if (isScalarType(type)) {
    return (
      (
        {
          ID: '"1"',
          String: '"x"',
          Int: '1',
          Float: '1',
          Boolean: 'false',
          DateTime: '"2030-01-01T00:00:00Z"',
        } as Record<string, string>
      )[type.name] ?? '"x"'
    );
  }
  throw new Error(`unsupported input type ${String(type)}`);
}

function operation(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter((a) => isNonNullType(a.type)).map((a) => `${a.name}: ${literal(a.type)}`);
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind} { ${field.name}${args.length ? `(${args.join(', ')})` : ''}${selection} }`;
}

/** Every staff field of the schema: Query/Mutation fields named staff* plus `me`. */
const STAFF_FIELDS = (['query', 'mutation'] as const).flatMap((kind) => {
  const root = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(root.getFields())
    .filter((f) => f.name === 'me' || f.name.startsWith('staff'))
    .map((f) => ({ name: `${kind} ${f.name}`, field: f.name, query: operation(kind, f) }));
});

let shop: TestShop;
const tokens: Record<string, string | null> = {};

beforeAll(async () => {
  shop = await startTestShop();
  const host = inject('authEmulatorHost');
  const staffUid = await createUser('staff-auth@enzo.test', 'clave-segura-1', true);
  await createUser('cliente-auth@enzo.test', 'clave-segura-2', false);
  const revokedUid = await createUser('revocado@enzo.test', 'clave-segura-3', true);
  tokens.staff = await signIn(host, 'staff-auth@enzo.test', 'clave-segura-1');
  tokens.notStaff = await signIn(host, 'cliente-auth@enzo.test', 'clave-segura-2');
  const revoked = await signIn(host, 'revocado@enzo.test', 'clave-segura-3');
  tokens.revoked = revoked;
  // Revocation is compared in whole seconds: revoke strictly after the token's auth_time (the clock's next second).
  const authTime = (JSON.parse(Buffer.from(revoked.split('.')[1]!, 'base64url').toString()) as { auth_time: number })
    .auth_time;
  await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(authTime), {
    timeout: 5000,
    interval: 50,
  });
  await adminAuth().revokeRefreshTokens(revokedUid);
  tokens.expired = craftToken({ uid: staffUid, staff: true, email: 'staff-auth@enzo.test', expiresInSeconds: -120 });
  tokens.otherProject = craftToken({
    uid: staffUid,
    staff: true,
    email: 'staff-auth@enzo.test',
    project: 'demo-otro-proyecto',
  });
});
afterAll(() => shop?.close());

const CASES: Array<{
  name: string;
  headers: () => Record<string, string>;
  expected: 'UNAUTHENTICATED' | 'FORBIDDEN' | 'ALLOWED';
}> = [
  { name: 'no token', headers: () => ({}), expected: 'UNAUTHENTICATED' },
  {
    name: 'malformed header',
    headers: () => ({ authorization: 'Bearer no es un token' }),
    expected: 'UNAUTHENTICATED',
  },
  { name: 'malformed token', headers: () => bearer('abc.def.ghi'), expected: 'UNAUTHENTICATED' },
  { name: 'expired token', headers: () => bearer(tokens.expired!), expected: 'UNAUTHENTICATED' },
  { name: 'token of another project', headers: () => bearer(tokens.otherProject!), expected: 'UNAUTHENTICATED' },
  { name: 'revoked token', headers: () => bearer(tokens.revoked!), expected: 'UNAUTHENTICATED' },
  { name: 'signed in without the staff claim', headers: () => bearer(tokens.notStaff!), expected: 'FORBIDDEN' },
  { name: 'staff', headers: () => bearer(tokens.staff!), expected: 'ALLOWED' },
];

describe('staff auth matrix (every staff field of schema.graphql)', () => {
  it('finds the staff fields in the schema', () => {
    expect(STAFF_FIELDS.map((f) => f.field)).toEqual(
      expect.arrayContaining([
        'me',
        'staffDashboard',
        'staffOrders',
        'staffOrder',
        'staffProducts',
        'staffDiscountCodes',
        'staffTransitionOrder',
        'staffUpdateProduct',
        'staffAddProductImage',
        'staffRemoveProductImage',
        'staffCreateDiscountCode',
        'staffUpdateDiscountCode',
      ]),
    );
  });

  describe.each(CASES)('$name', ({ headers, expected }) => {
    it.each(STAFF_FIELDS)(`$name → ${expected}`, async ({ query, field }) => {
      const res = await shop.gql(query, {}, headers());
      const codes = (res.errors ?? []).map((e) => e.extensions?.code);
      if (expected === 'ALLOWED') {
        expect(codes).not.toContain('UNAUTHENTICATED');
        expect(codes).not.toContain('FORBIDDEN');
        expect(codes).not.toContain('GRAPHQL_VALIDATION_FAILED');
        expect(codes).not.toContain('INTERNAL_SERVER_ERROR');
      } else {
        expect(codes).toEqual([expected]);
        expect(res.data?.[field] ?? null).toBeNull();
      }
    });
  });

  it('me returns the staff member', async () => {
    const res = await shop.gql<{ me: { email: string; name: string } }>(
      '{ me { uid email name } }',
      {},
      bearer(tokens.staff!),
    );
    expect(res.data!.me).toMatchObject({ email: 'staff-auth@enzo.test', name: 'Ana Personal' });
  });

  it('public queries do not need a token even with a bad one', async () => {
    const res = await shop.gql<{ categories: unknown[] }>('{ categories { slug } }', {}, bearer('abc.def.ghi'));
    expect(res.errors).toBeUndefined();
    expect(res.data!.categories.length).toBe(7);
  });

  it('the CSV export answers 401 without a token and 403 without the claim', async () => {
    const none = await fetch(`${shop.url}/api/staff/orders.csv`);
    expect(none.status).toBe(401);
    const expired = await fetch(`${shop.url}/api/staff/orders.csv`, { headers: bearer(tokens.expired!) });
    expect(expired.status).toBe(401);
    const notStaff = await fetch(`${shop.url}/api/staff/orders.csv`, { headers: bearer(tokens.notStaff!) });
    expect(notStaff.status).toBe(403);
    const ok = await fetch(`${shop.url}/api/staff/orders.csv`, { headers: bearer(tokens.staff!) });
    expect(ok.status).toBe(200);
  });

  it('serves the Firebase web config for the emulator', async () => {
    const res = await fetch(`${shop.url}/api/auth-config`);
    expect(await res.json()).toEqual({
      apiKey: 'demo-key',
      authDomain: 'demo-enzo.firebaseapp.com',
      projectId: 'demo-enzo',
      emulatorUrl: `http://${inject('authEmulatorHost')}`,
    });
  });
});
