import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { adminAuth, bearer, createUser, signIn, staffMember } from '../setup/staff-tokens.js';
import { insertOrder } from '../setup/staff-order-fixtures.js';
import { variantWithStock } from './checkout-fixtures.js';
import { expectTypename, type GqlResponse } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { OrderStatus } from '../gql/graphql.js';
import type { StaffInviteInput, StaffRole } from '../../client/src/gql/types.js';
import {
  StaffActivityDocument,
  type StaffActivityQueryVariables,
} from '../../client/src/features/staff-activity/staff-activity.generated.js';
import {
  StaffChangeMemberRoleDocument,
  StaffDisableMemberDocument,
  StaffInviteMemberDocument,
} from '../../client/src/features/staff-team/staff-team.generated.js';
import { StaffSessionMeDocument } from '../../client/src/features/staff-session/staff-session.generated.js';
import { StaffTransitionOrderDocument } from '../../client/src/features/staff-orders/staff-orders.generated.js';
import { StaffUpdateProductDocument } from '../../client/src/features/staff-catalog/staff-catalog.generated.js';

/**
 * The team: the staff table as the judge (old `staff` claims become owners once), the last-owner rule under
 * concurrency, invitations through the real Auth emulator, the activity log (what it keeps, what it never copies,
 * that nobody can change it, pruning), CSV exports and `npm run staff:add`.
 */

let shop: TestShop;
let owner: Awaited<ReturnType<typeof staffMember>>;
const host = () => inject('authEmulatorHost');

beforeAll(async () => {
  shop = await startTestShop();
  owner = await staffMember(shop, host(), 'duena@enzo.test', 'propietario', 'Dueña Enzo');
});
afterAll(() => shop?.close());

// The team screen's own documents: what it sends is what is tested.
async function call<T>(res: Promise<GqlResponse<T>>) {
  const done = await res;
  expect(done.errors, JSON.stringify(done.errors)).toBeUndefined();
  return done.data!;
}
const changeRole = async (uid: string, role: StaffRole, h = owner.headers) =>
  (await call(shop.gql(StaffChangeMemberRoleDocument, { uid, role }, h))).staffChangeMemberRole;
const disable = async (uid: string, h = owner.headers) =>
  (await call(shop.gql(StaffDisableMemberDocument, { uid }, h))).staffDisableMember;
const invite = async (input: StaffInviteInput) =>
  (await call(shop.gql(StaffInviteMemberDocument, { input }, owner.headers))).staffInviteMember;

/** The smallest staff read: whether a session is let in at all. */
const WHO = graphql(`
  query TeamWho {
    me {
      uid
    }
  }
`);
const ORDERS_COUNT = graphql(`
  query TeamOrdersCount {
    staffOrders {
      totalCount
    }
  }
`);

async function owners(): Promise<number> {
  const [row] = await shop.ds.query(
    `SELECT count(*)::int AS n FROM staff_member WHERE role = 'propietario' AND NOT disabled`,
  );
  return row.n;
}

describe('who is staff: the staff table', () => {
  it('an account with the old staff claim becomes an owner on its first request, once, with entries', async () => {
    const uid = await createUser('antigua@enzo.test', 'clave-segura-1', true);
    const token = await signIn(host(), 'antigua@enzo.test', 'clave-segura-1');
    const me = await shop.gql(StaffSessionMeDocument, {}, bearer(token));
    expect(me.data!.me).toMatchObject({ role: 'propietario', roleLabel: 'Propietario' });
    expect(me.data!.me.permissions).toContain('staff.manage');
    await shop.gql(WHO, {}, bearer(token));
    const log: Array<{ kind: string; operation: string }> = await shop.ds.query(
      `SELECT kind, operation FROM audit_entry WHERE actor_uid = $1 ORDER BY id`,
      [uid],
    );
    expect(log).toEqual([
      { kind: 'change', operation: 'legacyOwner' },
      { kind: 'signin', operation: 'signIn' },
    ]);
  });

  it('an account with neither a row nor the claim is refused, in Spanish, and the refusal is logged', async () => {
    const uid = await createUser('curioso@enzo.test', 'clave-segura-1', false);
    const res = await shop.gql(WHO, {}, bearer(await signIn(host(), 'curioso@enzo.test', 'clave-segura-1')));
    expect(res.errors![0]).toMatchObject({ extensions: { code: 'FORBIDDEN', reason: 'NOT_STAFF' } });
    expect(res.errors![0]!.message).toMatch(/no es parte del equipo/);
    const [row] = await shop.ds.query(`SELECT kind, detail FROM audit_entry WHERE actor_uid = $1`, [uid]);
    expect(row).toEqual({ kind: 'refused', detail: { reason: 'not-staff' } });
  });

  it('a new session is a sign-in entry; a refreshed token of the same session is not', async () => {
    const m = await staffMember(shop, host(), 'sesiones@enzo.test', 'consulta');
    await shop.gql(WHO, {}, m.headers);
    const first = JSON.parse(Buffer.from(m.token.split('.')[1]!, 'base64url').toString()) as { auth_time: number };
    // A later sign-in has a later auth_time (whole seconds).
    await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(first.auth_time), { timeout: 5000 });
    const again = await signIn(host(), 'sesiones@enzo.test', 'clave-segura-equipo');
    await shop.gql(WHO, {}, bearer(again));
    await shop.gql(WHO, {}, bearer(again));
    const [{ n }] = await shop.ds.query(
      `SELECT count(*)::int AS n FROM audit_entry WHERE actor_uid = $1 AND kind = 'signin'`,
      [m.uid],
    );
    expect(n).toBe(2);
  });
});

describe('the shop never has zero owners', () => {
  it('the last owner can neither lose the role nor be disabled; with a second owner either may step down', async () => {
    expect(await owners()).toBeGreaterThan(0);
    // Leave one owner: the legacy one from above steps down.
    const [legacy] = await shop.ds.query(`SELECT uid FROM staff_member WHERE email = 'antigua@enzo.test'`);
    expect((await changeRole(legacy.uid, 'administrador')).__typename).toBe('StaffMember');
    expect(await owners()).toBe(1);

    const refused = await changeRole(owner.uid, 'administrador');
    expectTypename(refused, 'LastOwner');
    expect(refused.message).toMatch(/siempre necesita al menos una persona propietaria/);
    const self = await disable(owner.uid);
    expectTypename(self, 'ValidationErrors');
    expect(self.message).toMatch(/No puedes desactivar tu propia cuenta/);
    const [row] = await shop.ds.query(`SELECT role, disabled FROM staff_member WHERE uid = $1`, [owner.uid]);
    expect(row).toEqual({ role: 'propietario', disabled: false });

    // Not even straight SQL gets past the database's rule.
    await expect(shop.ds.query(`UPDATE staff_member SET disabled = true WHERE role = 'propietario'`)).rejects.toThrow(
      /must keep an enabled owner/,
    );
    await expect(shop.ds.query(`DELETE FROM staff_member WHERE role = 'propietario'`)).rejects.toThrow(
      /must keep an enabled owner/,
    );
  });

  it('two owners demoting each other at the same moment leave exactly one', async () => {
    const second = await staffMember(shop, host(), 'socia@enzo.test', 'propietario');
    expect(await owners()).toBe(2);
    // The loser is refused by the database (LastOwner) or, when the winner committed before its request was
    // checked, because it is no longer an owner (FORBIDDEN). Either way one owner is left.
    const outcome = async (target: string, h: Record<string, string>) => {
      const res = await shop.gql(StaffChangeMemberRoleDocument, { uid: target, role: 'administrador' }, h);
      return res.data?.staffChangeMemberRole?.__typename ?? res.errors?.[0]?.extensions?.code;
    };
    const results = await Promise.all([outcome(second.uid, owner.headers), outcome(owner.uid, second.headers)]);
    expect(results.filter((r) => r === 'StaffMember')).toHaveLength(1);
    expect(results.filter((r) => r === 'LastOwner' || r === 'FORBIDDEN')).toHaveLength(1);
    expect(await owners()).toBe(1);
    // Whoever is left gives the role back.
    const [left] = await shop.ds.query(`SELECT uid FROM staff_member WHERE role = 'propietario' AND NOT disabled`);
    const keeper = left.uid === owner.uid ? owner : second;
    const other = keeper === owner ? second : owner;
    expect((await changeRole(other.uid, 'propietario', keeper.headers)).__typename).toBe('StaffMember');
  });

  it('the same race in raw SQL: the second transaction waits for the first and is refused', async () => {
    const url = (shop.ds.options as { url: string }).url;
    const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([a.connect(), b.connect()]);
    try {
      expect(await owners()).toBe(2);
      const [x, y] = await shop.ds.query(`SELECT uid FROM staff_member WHERE role = 'propietario' ORDER BY uid`);
      await a.query('BEGIN');
      await b.query('BEGIN');
      await a.query(`UPDATE staff_member SET role = 'operador' WHERE uid = $1`, [x.uid]);
      const second = b.query(`UPDATE staff_member SET disabled = true WHERE uid = $1`, [y.uid]).then(
        () => 'updated',
        (err: { code?: string }) => err.code,
      );
      await a.query('COMMIT');
      expect(await second).toBe('EZ001');
      await b.query('ROLLBACK');
      expect(await owners()).toBe(1);
      await shop.ds.query(`UPDATE staff_member SET role = 'propietario' WHERE uid = $1`, [x.uid]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});

describe('invitations through the Auth emulator', () => {
  it('the invited person gets the email, sets a password with its link, signs in with the role they were given', async () => {
    const invited = await invite({ email: '  Nuevo.Operador@Enzo.test ', name: 'Nuevo Operador', role: 'operador' });
    expect(invited).toMatchObject({ __typename: 'StaffMember', role: 'operador', email: 'nuevo.operador@enzo.test' });

    // The durable outbox holds the Spanish email; the send job delivers it.
    const [mail] = await shop.ds.query(
      `SELECT recipient, subject, text, html FROM outbound_email WHERE recipient = 'nuevo.operador@enzo.test'`,
    );
    expect(mail.subject).toBe('Te invitaron al panel de Enzo');
    expect(mail.text).toMatch(/Dueña Enzo te invitó a trabajar en el panel de la tienda Enzo con el rol Operador/);
    const link = new URL(/Crear mi contraseña: (\S+)/.exec(mail.text)![1]!);
    expect(link.origin).toBe(shop.url);
    expect(link.pathname).toBe('/login-dashboard-enzo-fpl/clave');
    await expect
      .poll(
        async () =>
          (await shop.ds.query(`SELECT sent_at FROM outbound_email WHERE recipient = 'nuevo.operador@enzo.test'`))[0]
            .sent_at,
        { timeout: 60_000, interval: 250 },
      )
      .not.toBeNull();

    // What the page does with the link (Firebase's password reset, here through the emulator's REST API).
    const code = link.searchParams.get('oobCode');
    const reset = await fetch(
      `http://${host()}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oobCode: code, newPassword: 'mi-clave-nueva-1' }),
      },
    );
    expect(reset.status).toBe(200);
    const token = await signIn(host(), 'nuevo.operador@enzo.test', 'mi-clave-nueva-1');
    const me = await shop.gql(StaffSessionMeDocument, {}, bearer(token));
    expect(me.data!.me.role).toBe('operador');
    expect(me.data!.me.permissions).toEqual(expect.arrayContaining(['orders.view', 'orders.fulfil', 'stock.view']));
    expect(me.data!.me.permissions).not.toContain('catalog.view');
    expect(me.data!.me.permissions).not.toContain('discounts.view');
    // Used once.
    const twice = await fetch(
      `http://${host()}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oobCode: code, newPassword: 'otra-clave-2' }),
      },
    );
    expect(twice.status).toBe(400);

    const [entry] = await shop.ds.query(
      `SELECT actor_uid, actor_role, entity_type, entity_id, changes FROM audit_entry WHERE operation = 'staffInviteMember'`,
    );
    expect(entry).toMatchObject({ actor_uid: owner.uid, actor_role: 'propietario', entity_type: 'staffMember' });
    expect(entry.changes.role).toEqual({ before: null, after: 'operador' });
  });

  it('refuses a repeated email and a bad one, in Spanish, creating nothing', async () => {
    const again = await invite({ email: 'nuevo.operador@enzo.test', name: 'Otra', role: 'consulta' });
    expect(again).toMatchObject({
      __typename: 'StaffMemberConflict',
      message: expect.stringMatching(/ya es parte del equipo/),
    });
    const bad = await invite({ email: 'no-es-correo', name: 'X', role: 'consulta' });
    expect(bad).toMatchObject({ __typename: 'ValidationErrors', message: expect.stringMatching(/correo válido/) });
    const long = await invite({ email: `${'a'.repeat(5000)}@enzo.test`, name: 'X', role: 'consulta' });
    expectTypename(long, 'ValidationErrors');
    await expect(adminAuth().getUserByEmail('no-es-correo')).rejects.toThrow();
  });

  it('a disabled person is refused at once, in Spanish, and their attempt is logged', async () => {
    const m = await staffMember(shop, host(), 'baja@enzo.test', 'operador');
    expect((await shop.gql(ORDERS_COUNT, {}, m.headers)).errors).toBeUndefined();
    expect((await disable(m.uid)).__typename).toBe('StaffMember');
    const res = await shop.gql(ORDERS_COUNT, {}, m.headers);
    expect(res.errors![0]).toMatchObject({ extensions: { code: 'FORBIDDEN', reason: 'DISABLED' } });
    const [row] = await shop.ds.query(
      `SELECT operation, detail FROM audit_entry WHERE actor_uid = $1 AND kind = 'refused'`,
      [m.uid],
    );
    expect(row).toEqual({ operation: 'staffOrders', detail: { reason: 'disabled' } });
  });
});

// The activity screen's own document.
const ACTIVITY = StaffActivityDocument;
async function activity(variables: StaffActivityQueryVariables) {
  const res = await shop.gql(ACTIVITY, variables, owner.headers);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.staffActivity;
}

describe('the activity log', () => {
  it('each change: who, what, before and after, from which address; one record’s history; pages', async () => {
    const v = await variantWithStock(shop, 50);
    const op = await staffMember(shop, host(), 'empaca@enzo.test', 'operador');
    const order = await insertOrder(shop.ds, {
      status: 'PAGADO',
      productId: Number(v.productId),
      sizeId: Number(v.sizeId),
      unitPrice: 45_000,
      documentNumber: '52999111',
    });
    const move = (to: OrderStatus, extra: Record<string, string> = {}) =>
      shop.gql(
        StaffTransitionOrderDocument,
        { input: { orderId: String(order.id), to, ...extra } },
        { ...op.headers, 'x-forwarded-for': '2001:db8:85a3::8a2e:370:7334' },
      );
    await move('EN_PREPARACION', { note: 'Con moño' });
    await move('ENVIADO', { carrier: 'servientrega', trackingNumber: 'SV123456' });

    const history = await activity({ filter: { entityType: 'order', entityId: String(order.id) } });
    expect(history.entries.map((e) => e.operationLabel)).toEqual([
      'Cambió el estado de una orden',
      'Cambió el estado de una orden',
    ]);
    const [shipped, prepared] = history.entries;
    expect(shipped!.actorEmail).toBe('empaca@enzo.test');
    expect(shipped!.clientIp).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(shipped!.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', label: 'Estado', before: 'En preparación', after: 'Enviado' },
        { field: 'trackingNumber', label: 'Número de guía', before: null, after: 'SV123456' },
      ]),
    );
    expect(prepared!.summary).toBe('Nota: Con moño');
    expect(history.retentionDays).toBe(730);

    // Filters: person, operation, kind, dates; pages with a cursor.
    const byPerson = await activity({ filter: { actorUid: op.uid, kind: 'change' } });
    expect(byPerson.entries).toHaveLength(2);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date());
    expect(
      (await activity({ filter: { operation: 'staffTransitionOrder', from: today, to: today } })).entries,
    ).toHaveLength(2);
    expect((await activity({ filter: { operation: 'staffTransitionOrder', to: '2020-01-01' } })).entries).toHaveLength(
      0,
    );
    const first = await activity({ first: 1 });
    expect(first.hasNextPage).toBe(true);
    const next = await activity({ first: 1, after: first.endCursor });
    expect(next.entries[0]!.id).not.toBe(first.entries[0]!.id);
    const badDate = await shop.gql(ACTIVITY, { filter: { from: 'ayer' } }, owner.headers);
    expect(badDate.errors![0]).toMatchObject({ message: 'Escribe la fecha como AAAA-MM-DD.' });

    // A shopper's document number and address never reach the log.
    const all = await shop.ds.query(`SELECT string_agg(audit_entry::text, ' ') AS text FROM audit_entry`);
    expect(all[0].text).not.toContain('52999111');
    expect(all[0].text).not.toContain('Calle 100 # 15-20');
  });

  it('a product page has its history with the price before and after', async () => {
    const v = await variantWithStock(shop, 10);
    const [p] = await shop.ds.query(`SELECT price FROM product WHERE id = $1`, [Number(v.productId)]);
    const res = await shop.gql(
      StaffUpdateProductDocument,
      { input: { productId: v.productId, price: p.price + 1000 } },
      owner.headers,
    );
    expect(res.errors).toBeUndefined();
    const history = await activity({ filter: { entityType: 'product', entityId: v.productId } });
    expect(history.entries[0]!.changes).toEqual([
      { field: 'price', label: 'Precio', before: String(p.price), after: String(p.price + 1000) },
    ]);
  });

  it('nobody edits or deletes an entry; the prune job removes only those past the retention', async () => {
    await expect(shop.ds.query(`UPDATE audit_entry SET operation = 'nada'`)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(shop.ds.query(`DELETE FROM audit_entry`)).rejects.toThrow(/cannot be changed or deleted/);
    await expect(shop.ds.query(`TRUNCATE audit_entry`)).rejects.toThrow(/cannot be changed or deleted/);
    // Not even with the prune job's flag for a recent entry.
    await expect(
      shop.ds.transaction(async (m) => {
        await m.query(`SET LOCAL enzo.audit_prune = 'on'`);
        await m.query(`DELETE FROM audit_entry WHERE at > now() - interval '1 day'`);
      }),
    ).rejects.toThrow(/cannot be changed or deleted/);

    await shop.ds.query(
      `INSERT INTO audit_entry (at, kind, actor_uid, operation) VALUES
        (now() - interval '800 days', 'signin', 'viejo', 'signIn'),
        (now() - interval '700 days', 'signin', 'medio', 'signIn')`,
    );
    const before = (await shop.ds.query(`SELECT count(*)::int AS n FROM audit_entry`))[0].n;
    expect(await shop.services.activityLog.prune(shop.services.env.AUDIT_RETENTION_DAYS)).toBe(1);
    const left: Array<{ actor_uid: string }> = await shop.ds.query(
      `SELECT actor_uid FROM audit_entry WHERE actor_uid IN ('viejo', 'medio')`,
    );
    expect(left).toEqual([{ actor_uid: 'medio' }]);
    expect((await shop.ds.query(`SELECT count(*)::int AS n FROM audit_entry`))[0].n).toBe(before - 1);
  });
});

describe('CSV exports', () => {
  it('need orders.export; each download and each refusal is in the log (the search text is not)', async () => {
    const consulta = await staffMember(shop, host(), 'contadora@enzo.test', 'consulta');
    const operator = await staffMember(shop, host(), 'bodega@enzo.test', 'operador');
    const refused = await fetch(`${shop.url}/api/staff/orders.csv`, { headers: operator.headers });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Tu rol no permite esta acción \(exportar/);
    const ok = await fetch(`${shop.url}/api/staff/orders.csv?status=PAGADO&search=52999111`, {
      headers: consulta.headers,
    });
    expect(ok.status).toBe(200);
    await ok.text();
    const rows: Array<{
      actor_uid: string;
      kind: string;
      operation: string;
      detail: { filter: Record<string, unknown> };
    }> = await shop.ds.query(
      `SELECT actor_uid, kind, operation, detail FROM audit_entry WHERE operation = 'ordersCsv' ORDER BY id`,
    );
    expect(rows.map((r) => [r.actor_uid, r.kind])).toEqual([
      [operator.uid, 'refused'],
      [consulta.uid, 'export'],
    ]);
    expect(rows[1]!.detail.filter).toMatchObject({ statuses: ['PAGADO'], search: '(texto de búsqueda)' });
    expect(JSON.stringify(rows)).not.toContain('52999111');
  });
});

function staffAdd(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/staff-add.ts', ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATABASE_URL: (shop.ds.options as { url: string }).url,
        FIREBASE_AUTH_EMULATOR_HOST: host(),
        DATA_DIR: shop.services.env.dataDir,
        TEST_SHOP: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run staff:add', () => {
  it('creates or updates the Firebase account and the row; without --role an owner; refuses an unknown role', async () => {
    const made = await staffAdd(['cli@enzo.test', 'clave-cli-segura', '--role', 'operador']);
    expect(made.out).toMatch(/Cuenta creada: cli@enzo\.test .* con el rol Operador/);
    expect(made.code).toBe(0);
    const again = await staffAdd(['cli@enzo.test', 'clave-cli-segura-2']);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/Cuenta actualizada: cli@enzo\.test .* con el rol Propietario/);
    const [row] = await shop.ds.query(`SELECT role, disabled FROM staff_member WHERE email = 'cli@enzo.test'`);
    expect(row).toEqual({ role: 'propietario', disabled: false });
    expect(await signIn(host(), 'cli@enzo.test', 'clave-cli-segura-2')).toBeTruthy();
    const log = await shop.ds.query(
      `SELECT actor_uid, changes FROM audit_entry WHERE operation = 'staffAddCommand'
         AND entity_id = (SELECT uid FROM staff_member WHERE email = 'cli@enzo.test') ORDER BY id`,
    );
    expect(log.map((e: { changes: { role: unknown } }) => e.changes.role)).toEqual([
      { before: null, after: 'operador' },
      { before: 'operador', after: 'propietario' },
    ]);
    const bad = await staffAdd(['x@enzo.test', 'clave-cli-segura', '--role', 'jefe']);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/Rol desconocido: jefe/);
  });
});
