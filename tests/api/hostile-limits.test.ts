import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_RATE_RULES } from '../../server/src/app/graphql-limits.js';
import { GRAPHQL_BODY_LIMIT } from '../../server/src/app/graphql-http.js';
import { LONG_INPUT_FIELDS, MAX_INPUT_TEXT } from '../../server/src/app/input-text-limit.js';
import { startTestShop, type GqlResponse, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { orderInput, variantWithStock } from './checkout-fixtures.js';

/**
 * The shop tried as an attacker would, one class of attack per block, each written so that a new operation
 * without coverage fails here: every per-client limit against clients that rotate addresses inside their IPv6
 * /64, every string input of every public operation against long and adversarial text, and every webhook
 * route against floods of unsigned requests.
 *
 * Its documents are generated from the schema and from hostile lists, so they are plain strings: a deliberate
 * exception to the API tests' graphql(`…`) documents (scripts/typed-test-documents.test.ts lists it).
 */

const OPEN_ORDERS_PER_CLIENT = 3;
let shop: TestShop;
let staff: Record<string, string>;
beforeAll(async () => {
  shop = await startTestShop({ MAX_OPEN_ORDERS_PER_CLIENT: String(OPEN_ORDERS_PER_CLIENT) });
  staff = await legacyStaffHeaders(inject('authEmulatorHost'), 'hostil@enzo.test');
});
afterAll(() => shop?.close());

const from = (address: string) => ({ 'x-forwarded-for': address });

/** Address `n` inside a /64 (`2001:db8:<net>:<sub>::<n>`): the same subscriber as every other `n`. */
const inSubnet = (net: number, n: number) => `2001:db8:${net.toString(16)}:7::${n.toString(16)}`;

// ---------------------------------------------------------------------------------------------------------------
// IPv6 rotation: one call per fresh address inside a /64 for every rule; the rule still counts them as one client.

/** One call that counts for a rate rule (cheap: the limit is checked before the operation runs). */
const LIMITED_CALLS: Record<string, () => { query: string; variables: Record<string, unknown> }> = {
  placeOrder: () => ({
    query: `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename } }`,
    variables: {
      input: { ...orderInput({ productId: '1', sizeId: '1', price: 0 }), customer: { fullName: '' } },
    },
  }),
  cartQuote: () => ({
    query: `query($input: CartQuoteInput!) { cartQuote(input: $input) { total } }`,
    variables: { input: { lines: [], discountCode: 'NOEXISTE' } },
  }),
  orderLookup: () => ({
    query: `query($r: String!, $e: String!) { orderLookup(reference: $r, email: $e) { __typename } }`,
    variables: { r: 'ENZ-NOEXIS', e: 'nadie@correo.com' },
  }),
};

describe('IPv6 rotation inside a /64', () => {
  it('has a call for every rate rule', () => {
    expect(Object.keys(LIMITED_CALLS).sort()).toEqual(DEFAULT_RATE_RULES.map((r) => r.field).sort());
  });

  DEFAULT_RATE_RULES.forEach((rule, index) => {
    it(`limits ${rule.field} per /64, not per address`, async () => {
      const net = 0x100 + index;
      const call = LIMITED_CALLS[rule.field]!;
      for (let n = 1; n <= rule.limit; n++) {
        const res = await shop.gql(call().query, call().variables, from(inSubnet(net, n)));
        expect(res.errors?.[0]?.extensions?.code).not.toBe('RATE_LIMITED');
      }
      const over = await shop.gql(call().query, call().variables, from(inSubnet(net, 0xffff)));
      expect(over.status).toBe(429);
      expect(over.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      // Another /64 is another client.
      const neighbour = await shop.gql(call().query, call().variables, from(`2001:db8:${net.toString(16)}:8::1`));
      expect(neighbour.errors?.[0]?.extensions?.code).not.toBe('RATE_LIMITED');
    });
  });

  it('counts an IPv4-mapped IPv6 client as its IPv4 address', async () => {
    const call = LIMITED_CALLS.orderLookup!();
    const limit = DEFAULT_RATE_RULES.find((r) => r.field === 'orderLookup')!.limit;
    for (let n = 0; n < limit; n++) {
      const address = n % 2 ? '::ffff:198.51.100.9' : '198.51.100.9';
      const res = await shop.gql(call.query, call.variables, from(address));
      expect(res.errors?.[0]?.extensions?.code).not.toBe('RATE_LIMITED');
    }
    const over = await shop.gql(call.query, call.variables, from('::ffff:198.51.100.9'));
    expect(over.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('caps open orders per /64: a fresh address in the same /64 gets no extra order', async () => {
    const variant = await variantWithStock(shop, 50, 3);
    const place = (n: number) =>
      shop.gql<{ placeOrder: { __typename: string; limit?: string } }>(
        `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename ... on OrderLimitReached { limit } } }`,
        {
          input: orderInput(variant, 1, {
            customer: { ...orderInput(variant).customer, email: `rotacion${n}@correo.com` },
          }),
        },
        from(inSubnet(0x200, n)),
      );
    const answers: Array<GqlResponse<{ placeOrder: { __typename: string; limit?: string } }>> = [];
    for (let n = 1; n <= OPEN_ORDERS_PER_CLIENT + 2; n++) answers.push(await place(n));
    const kinds = answers.map((a) => a.data?.placeOrder.__typename);
    expect(kinds.slice(0, OPEN_ORDERS_PER_CLIENT)).toEqual(Array(OPEN_ORDERS_PER_CLIENT).fill('OrderPlaced'));
    for (const late of answers.slice(OPEN_ORDERS_PER_CLIENT))
      expect(late.data?.placeOrder).toEqual({ __typename: 'OrderLimitReached', limit: 'OPEN_ORDERS_PER_CLIENT' });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Long and adversarial text in every string argument of every root field, found by walking schema.graphql: a new
// argument or input field is covered the day it is added.

const schema = buildSchema(fs.readFileSync('schema.graphql', 'utf8'));

/** A value the argument's type accepts, the smallest one (so only the text under test is unusual). */
function sampleOf(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleOf(type.ofType);
  if (isListType(type)) return [sampleOf(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(type.getFields())) out[name] = sampleOf(field.type);
    return out;
  }
  if (isScalarType(type)) {
    if (type.name === 'Int') return 1;
    if (type.name === 'Float') return 1;
    if (type.name === 'Boolean') return false;
    if (type.name === 'DateTime') return '2026-01-01T00:00:00.000Z';
    return '1';
  }
  return null;
}

interface TextPath {
  /** Where the text goes in the variables (`['input', 'customer', 'fullName']`). */
  path: Array<string | number>;
  /** Its input field (`CustomerInput.fullName`), or null for an argument of its own. */
  field: string | null;
}

/** Every String or ID inside a sample of `type`. */
function textPaths(type: GraphQLInputType, path: Array<string | number>, field: string | null = null): TextPath[] {
  const inner = getNullableType(type);
  if (isListType(inner)) return textPaths(inner.ofType, [...path, 0], field);
  if (isInputObjectType(inner))
    return Object.entries(inner.getFields()).flatMap(([name, f]) =>
      textPaths(f.type, [...path, name], `${inner.name}.${name}`),
    );
  return isScalarType(inner) && (inner.name === 'String' || inner.name === 'ID') ? [{ path, field }] : [];
}

function setAt(target: Record<string | number, unknown>, path: Array<string | number>, value: unknown) {
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

interface TextCase {
  name: string;
  /** A field allowed more than MAX_INPUT_TEXT (a picture's or a spreadsheet's bytes, a preview token): its own rules refuse. */
  long: boolean;
  query: string;
  variables: (text: string) => Record<string, unknown>;
}

const rootFields = (['Query', 'Mutation'] as const).flatMap((root) =>
  Object.values(
    (root === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields() as Record<
      string,
      GraphQLField<unknown, unknown>
    >,
  ).map((field) => ({ root, field })),
);

/** One case per text inside the arguments of every root field. */
const TEXT_CASES: TextCase[] = rootFields.flatMap(({ root, field }) => {
  const args = field.args as readonly GraphQLArgument[];
  const declared = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
  const query = `${root === 'Query' ? 'query' : 'mutation'}${declared ? `(${declared})` : ''} { ${field.name}${
    passed ? `(${passed})` : ''
  }${selection} }`;
  return args.flatMap((arg) =>
    textPaths(arg.type, [arg.name]).map(({ path, field: input }) => ({
      name: `${root}.${field.name}(${path.join('.')})`,
      long: input !== null && input in LONG_INPUT_FIELDS,
      query,
      variables: (text: string) => {
        const vars: Record<string, unknown> = {};
        for (const a of args) vars[a.name] = sampleOf(a.type);
        setAt(vars, path, text);
        return vars;
      },
    })),
  );
});

const MB = 1024 * 1024;
/** Long runs that almost match, then fail: what makes a backtracking pattern slow. */
const adversarial = (length: number): Record<string, string> => ({
  letters: `${'á'.repeat(length - 1)}!`,
  'letters and spaces': `${'a '.repeat(length / 2 - 1)}a!`,
  'spaces then a letter': `${' \t'.repeat(length / 2 - 1)}a!`,
  emails: `${'a@b.'.repeat(length / 4 - 1)}a@@@`,
  digits: `${'1'.repeat(length - 1)}x`,
  slashes: `${'-/'.repeat(length / 2 - 1)}\\\\`,
});

const anyClient = () => from(`10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`);

/**
 * Posts one case; the answer with how long it took. A slow answer is asked once more and the faster time kept:
 * a request that pins a CPU is slow every time, a busy test machine only now and then.
 */
async function send(c: TextCase, text: string, headers: Record<string, string>) {
  const first = await sendOnce(c, text, headers);
  if (first.ms <= 1000) return first;
  const second = await sendOnce(c, text, headers);
  return second.ms < first.ms ? second : first;
}

async function sendOnce(c: TextCase, text: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(`${shop.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...anyClient(), ...headers },
    body: JSON.stringify({ query: c.query, variables: c.variables(text) }),
  });
  const body = (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }>; data?: unknown };
  return { status: res.status, body, ms: performance.now() - started };
}

describe('long and adversarial text in every string argument', () => {
  it('walks every text argument of the schema', () => {
    expect(TEXT_CASES.length).toBeGreaterThan(100);
    for (const field of ['placeOrder', 'orderLookup', 'requestReturn', 'cartQuote', 'search', 'staffCreateProduct'])
      expect(TEXT_CASES.some((c) => c.name.includes(`.${field}(`))).toBe(true);
    // Every field allowed a longer text is in the schema and walked (a renamed one would lose its exemption silently).
    expect(TEXT_CASES.filter((c) => c.long).length).toBeGreaterThanOrEqual(Object.keys(LONG_INPUT_FIELDS).length);
  });

  it('answers 1 MB of text in any argument with a 413 before reading it (anonymous), in under a second each', async () => {
    const text = adversarial(MB).letters;
    const slow: string[] = [];
    for (const c of TEXT_CASES) {
      const answer = await send(c, text, {});
      expect(answer.status, c.name).toBe(413);
      expect(answer.body.errors?.[0]?.extensions?.code, c.name).toBe('PAYLOAD_TOO_LARGE');
      if (answer.ms > 1000) slow.push(`${c.name}: ${Math.round(answer.ms)} ms`);
    }
    expect(slow).toEqual([]);
  }, 300_000);

  it('refuses 1 MB of text from signed-in staff too (BAD_USER_INPUT, or the upload’s own refusal), in under a second each', async () => {
    const text = adversarial(MB).letters;
    const problems: string[] = [];
    for (const c of TEXT_CASES) {
      const answer = await send(c, text, staff);
      const code = answer.body.errors?.[0]?.extensions?.code;
      if (answer.ms > 1000) problems.push(`${c.name}: ${Math.round(answer.ms)} ms`);
      if (c.long) {
        // A picture's or a spreadsheet's bytes may be megabytes: the upload or the import itself refuses what is
        // not a picture, a spreadsheet or the preview's token, as a typed answer.
        if (answer.status >= 500 || code === 'INTERNAL_SERVER_ERROR')
          problems.push(`${c.name}: ${answer.status} ${code}`);
        else if (!code && !/ValidationErrors|Refused/.test(JSON.stringify(answer.body.data)))
          problems.push(`${c.name}: accepted ${JSON.stringify(answer.body.data)}`);
      } else if (code !== 'BAD_USER_INPUT') problems.push(`${c.name}: ${answer.status} ${code ?? 'no error'}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('answers text at the longest any argument may carry, of every adversarial kind, with a typed answer in under a second each', async () => {
    expect(MAX_INPUT_TEXT * 2 + 4096).toBeLessThan(GRAPHQL_BODY_LIMIT);
    const problems: string[] = [];
    for (const [kind, text] of Object.entries(adversarial(MAX_INPUT_TEXT))) {
      for (const c of TEXT_CASES) {
        // Signed in: a staff field runs its own rules instead of stopping at UNAUTHENTICATED; a public one runs as for anyone.
        for (const [who, headers] of [['staff', staff]] as const) {
          const answer = await send(c, text, headers);
          const codes = (answer.body.errors ?? []).map((e) => e.extensions?.code);
          if (answer.ms > 1000) problems.push(`${c.name} ${kind} ${who}: ${Math.round(answer.ms)} ms`);
          if (answer.status >= 500 || codes.includes('INTERNAL_SERVER_ERROR') || codes.includes(undefined))
            problems.push(`${c.name} ${kind} ${who}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  }, 900_000);

  it('refuses a text one character over that limit before anything runs (BAD_USER_INPUT naming the field)', async () => {
    const c = TEXT_CASES.find((t) => t.name === 'Mutation.placeOrder(input.customer.fullName)')!;
    const answer = await send(c, 'a'.repeat(MAX_INPUT_TEXT + 1), {});
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'CustomerInput.fullName' },
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Unsigned floods against every webhook route: bounded records, then 429 with nothing recorded.

/** Every route a payment gateway posts to (a new one is added here with its flood test). */
const WEBHOOK_ROUTES = ['/webhooks/wompi'];

async function refusedRows(address: string) {
  const rows: Array<{ n: number; bodies: number; hashed: number }> = await shop.ds.query(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE body <> '')::int AS bodies,
            count(*) FILTER (WHERE body_sha256 IS NOT NULL AND request_headers IS NOT NULL)::int AS hashed
       FROM gateway_event WHERE remote_address LIKE $1 AND outcome IN ('rejected', 'unsigned')`,
    [address],
  );
  return rows[0]!;
}

describe('unsigned floods on every webhook route', () => {
  for (const route of WEBHOOK_ROUTES) {
    it(`${route}: 60 unsigned 60 KB posts from one /64 keep at most a bounded summary each, then 429`, async () => {
      const body = JSON.stringify({
        event: 'transaction.updated',
        data: { transaction: { id: 'x', reference: 'ENZ-AAAAAA', status: 'APPROVED' } },
        signature: { checksum: 'f'.repeat(64), properties: ['transaction.id'] },
        timestamp: 1,
        padding: 'p'.repeat(60 * 1024 - 300),
      });
      const statuses: number[] = [];
      for (let n = 1; n <= 60; n++) {
        const res = await fetch(`${shop.url}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...from(inSubnet(0x300, n)) },
          body,
        });
        statuses.push(res.status);
      }
      const recorded = statuses.filter((s) => s === 401).length;
      expect(recorded).toBeGreaterThan(0);
      expect(recorded).toBeLessThanOrEqual(20);
      expect(statuses.slice(recorded).every((s) => s === 429)).toBe(true);
      const rows = await refusedRows('2001:db8:300:7::%');
      expect(rows).toEqual({ n: recorded, bodies: 0, hashed: recorded });
    });

    it(`${route}: a body declared larger than the limit is refused unread, recorded by its size only`, async () => {
      const res = await fetch(`${shop.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from('2001:db8:301:7::1') },
        body: 'x'.repeat(2 * 1024 * 1024),
      });
      expect(res.status).toBe(400);
      const rows: Array<{ body: string; body_bytes: number; body_sha256: string | null }> = await shop.ds.query(
        `SELECT body, body_bytes, body_sha256 FROM gateway_event WHERE remote_address = '2001:db8:301:7::1'`,
      );
      expect(rows).toEqual([{ body: '', body_bytes: 2 * 1024 * 1024, body_sha256: null }]);
    });
  }

  it('keeps only the newest refused requests, however many arrive (the maintenance job prunes)', async () => {
    await shop.ds.query(
      `INSERT INTO gateway_event (outcome, http_status, reason, remote_address, body, body_bytes)
       SELECT 'unsigned', 401, 'relleno', '198.51.100.77', '', 10 FROM generate_series(1, 50)`,
    );
    await shop.services.paymentInbox.pruneRefused(25);
    const [{ n }]: Array<{ n: number }> = await shop.ds.query(
      `SELECT count(*)::int AS n FROM gateway_event WHERE outcome IN ('rejected', 'unsigned')`,
    );
    expect(n).toBe(25);
  });
});
