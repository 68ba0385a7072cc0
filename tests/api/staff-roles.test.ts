import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaffRole } from '#shared/staff-access.js';
import { REDACTED_VALUE } from '#shared/audit.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { bearer, createUser, signIn, staffMember } from '../setup/staff-tokens.js';
import { insertOrder } from '../setup/staff-order-fixtures.js';
import { variantWithStock } from './checkout-fixtures.js';
import { KNOWN_TASKS } from '../../server/src/app/jobs.js';
import { readOperationsSettings } from '../../server/src/modules/operations/index.js';

/**
 * The role × operation matrix, on real PostgreSQL and the Auth emulator: every staff field of the schema (a row
 * below; the test fails when one has none), tried by each role, by an account off the team, by a disabled one and
 * without a token. A refused call answers FORBIDDEN (UNAUTHENTICATED without a token), returns no data and changes
 * nothing (every table but the activity log); an allowed mutation succeeds and leaves an activity-log entry about
 * the record it changed, written by its own transaction.
 *
 * The matrix is written out here from the roles' definitions (not read from shared/staff-access.ts): a change to
 * the role table that changes who may do what fails here until this table says so too.
 *
 * Its documents are built from the schema, one per staff field, so they are plain strings: a deliberate exception
 * to the API tests' graphql(`…`) documents (scripts/typed-test-documents.test.ts lists it).
 */

const ROLES: StaffRole[] = ['propietario', 'administrador', 'operador', 'consulta'];
type Who = StaffRole | 'fuera del equipo' | 'desactivada' | 'sin token';
const WHO: Who[] = [...ROLES, 'fuera del equipo', 'desactivada', 'sin token'];
const LETTER: Record<StaffRole, string> = { propietario: 'P', administrador: 'A', operador: 'O', consulta: 'C' };

/** Failure members of the staff unions: an allowed call must not answer one (the fixtures make each call valid). */
const FAILURES = new Set([
  'ValidationErrors',
  'NotFound',
  'TransitionNotAllowed',
  'CashCollectionNotAllowed',
  'ReturnNotAllowed',
  'LastOwner',
  'StaffMemberConflict',
  'CatalogImportRefused',
]);

interface Row {
  field: string;
  /** A variant of the field (e.g. cancelling, which needs its own permission). */
  variant?: string;
  /** Who may: letters of the roles (P A O C), `.` for none. */
  allowed: string;
  doc: string;
  vars?: (role: Who) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#c8893a"/></svg>',
).toString('base64');

let shop: TestShop;
// The owner's «copia ahora» really runs (pg_dump included), into a folder of the matrix's own.
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-matriz-copias-'));
const headers: Partial<Record<Who, Record<string, string>>> = { 'sin token': {} };
const uids: Partial<Record<Who, string>> = {};
const f = {
  productId: '',
  sizeId: '',
  discountCodeId: '',
  campaign: '',
  slideId: '',
  promoId: '',
  imageKey: '',
  victimUid: '',
  orders: {} as Record<string, string>,
  jobs: {} as Record<string, string>,
  slidesToDelete: {} as Record<string, string>,
  promosToDelete: {} as Record<string, string>,
  ratesToRemove: {} as Record<string, string>,
  returns: {} as Record<string, string>,
  documents: {} as Record<string, string>,
  issuedDocumentId: '',
};

const per = (map: Record<string, string>, key: string, who: Who) => map[`${key}:${who}`] ?? map[`${key}:propietario`]!;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return shop.ds.query(text, params);
}

async function deliveredOrder(v: { productId: string; sizeId: string }, cod = false): Promise<number> {
  const order = await insertOrder(shop.ds, {
    status: 'ENTREGADO',
    productId: Number(v.productId),
    sizeId: Number(v.sizeId),
    unitPrice: 45_000,
  });
  if (cod) await sql(`UPDATE shop_order SET payment_method = 'CASH_ON_DELIVERY' WHERE id = $1`, [order.id]);
  return order.id;
}

async function returnRequest(orderId: number, status: string): Promise<string> {
  const [r] = await sql<{ id: number }>(
    `INSERT INTO return_request (order_id, kind, status, reason, refund_amount, refund_due_at)
     VALUES ($1, 'GARANTIA', $2, 'La hebilla se rompió a la semana de uso.', 45000, now() + interval '10 days') RETURNING id`,
    [orderId, status],
  );
  const [line] = await sql<{ id: number }>(`SELECT id FROM order_line WHERE order_id = $1`, [orderId]);
  await sql(`INSERT INTO return_line (return_id, order_line_id, quantity) VALUES ($1, $2, 1)`, [r!.id, line!.id]);
  return String(r!.id);
}

/** A sale's electronic invoice as the provider left it: refused by the DIAN (a retry sends it anew) or issued. */
async function einvoiceDocument(orderId: number, status: 'RECHAZADO' | 'EMITIDO', number: number) {
  const [d] = await sql<{ id: number }>(
    `INSERT INTO einvoice_document (order_id, kind, dedupe_key, status, prefix, number, issued_at, amount, provider, environment)
     VALUES ($1, 'INVOICE', $4, $2, 'SETP', $3, now(), 45000, 'sandbox', 2)
     RETURNING id`,
    [orderId, status, number, `matriz:${orderId}`],
  );
  return String(d!.id);
}

/** A CSV that creates one product (the channels' import format). */
const importFile = (who: Who) => ({
  fileName: `matriz-${WHO.indexOf(who)}.csv`,
  dataBase64: Buffer.from(
    `Nombre;Categoría;Descripción;Precio;Talla;Inventario\nCollar importado ${WHO.indexOf(who)};collares;Collar de cuero importado desde la hoja de cálculo.;48000;M;3\n`,
  ).toString('base64'),
});

/**
 * Waits until the worker has nothing due (the jobs an allowed call queued, such as an invoice to issue or a backup,
 * have run), so a refused call's before-and-after comparison sees only what that call did.
 */
async function queueIdle(): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await sql<{ n: number }>(
            `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
              WHERE t.identifier = ANY($1::text[]) AND (j.locked_at IS NOT NULL OR (j.run_at <= now() AND j.attempts < j.max_attempts))`,
            [[...KNOWN_TASKS]],
          )
        )[0]!.n,
      { timeout: 60_000, interval: 100 },
    )
    .toBe(0);
}

beforeAll(async () => {
  // Orders placed here are neither reminded nor expired while the matrix runs: the reminder and expiry sweeps would
  // write emails between the two table fingerprints around a refused call, as if the call had changed something.
  shop = await startTestShop({ BACKUP_DIR: backupDir, ORDER_EXPIRY_MINUTES: '1440', PAYMENT_REMINDER_MINUTES: '720' });
  const host = inject('authEmulatorHost');
  for (const role of ROLES) {
    const m = await staffMember(shop, host, `matriz-${role}@enzo.test`, role);
    headers[role] = m.headers;
    uids[role] = m.uid;
  }
  uids['fuera del equipo'] = await createUser('matriz-cliente@enzo.test', 'clave-segura-1', false);
  headers['fuera del equipo'] = bearer(await signIn(host, 'matriz-cliente@enzo.test', 'clave-segura-1'));
  const off = await staffMember(shop, host, 'matriz-desactivada@enzo.test', 'administrador');
  await sql(`UPDATE staff_member SET disabled = true WHERE uid = $1`, [off.uid]);
  headers.desactivada = off.headers;
  uids.desactivada = off.uid;
  // Invited, never signed in: resent, re-roled, disabled and enabled by the owner.
  f.victimUid = (
    await shop.services.team.add({ email: 'matriz-invitada@enzo.test', password: 'clave-segura-1', role: 'consulta' })
  ).uid;
  await sql(`UPDATE staff_member SET invited_by = $1 WHERE uid = $2`, [uids.propietario, f.victimUid]);

  const v = await variantWithStock(shop, 500);
  f.productId = v.productId;
  f.sizeId = v.sizeId;
  f.discountCodeId = String((await sql<{ id: number }>(`SELECT id FROM discount_code ORDER BY id LIMIT 1`))[0]!.id);
  f.campaign = (await sql<{ slug: string }>(`SELECT slug FROM campaign ORDER BY slug LIMIT 1`))[0]!.slug;
  const [asset] = await sql<{ storage_key: string }>(
    `SELECT storage_key FROM media_asset ORDER BY storage_key LIMIT 1`,
  );
  f.imageKey = asset!.storage_key;
  f.slideId = String((await sql<{ id: number }>(`SELECT id FROM home_slide ORDER BY id LIMIT 1`))[0]!.id);
  f.promoId = String((await sql<{ id: number }>(`SELECT id FROM promo_block ORDER BY id LIMIT 1`))[0]!.id);
  const municipalities = ['05088', '05360', '05266', '05631', '05129', '05212', '05380'];
  for (const [i, who] of WHO.entries()) {
    const paid = async () =>
      String(
        (
          await insertOrder(shop.ds, {
            status: 'PAGADO',
            productId: Number(v.productId),
            sizeId: Number(v.sizeId),
            unitPrice: 45_000,
          })
        ).id,
      );
    f.orders[`prepare:${who}`] = await paid();
    f.orders[`cancel:${who}`] = await paid();
    f.orders[`bulk:${who}`] = await paid();
    f.orders[`cash:${who}`] = String(await deliveredOrder(v, true));
    const [job] = await sql<{ id: string }>(
      `SELECT (graphile_worker.add_job('matriz-sin-trabajador', '{}'::json, run_at => now() + interval '1 day')).id::text AS id`,
    );
    await sql(`UPDATE graphile_worker._private_jobs SET attempts = 1, last_error = 'falló' WHERE id = $1`, [job!.id]);
    f.jobs[`retry:${who}`] = job!.id;
    const copySlide = await sql<{ id: number }>(
      `INSERT INTO home_slide (title, alt, link, desktop_image_key, mobile_image_key, active, position)
       SELECT title, alt, link, desktop_image_key, mobile_image_key, false, 100 + $1 FROM home_slide WHERE id = $2 RETURNING id`,
      [i, Number(f.slideId)],
    );
    f.slidesToDelete[`slide:${who}`] = String(copySlide[0]!.id);
    const copyPromo = await sql<{ id: number }>(
      `INSERT INTO promo_block (title, body, image_key, image_alt, link_url, link_label, active, position)
       SELECT title, body, image_key, image_alt, link_url, link_label, false, 100 + $1 FROM promo_block WHERE id = $2 RETURNING id`,
      [i, Number(f.promoId)],
    );
    f.promosToDelete[`promo:${who}`] = String(copyPromo[0]!.id);
    const [rate] = await sql<{ id: number }>(
      `INSERT INTO shipping_rate (department_code, municipality_code, fee, min_days, max_days) VALUES ('05', $1, 14000, 1, 3) RETURNING id`,
      [municipalities[i]],
    );
    f.ratesToRemove[`rate:${who}`] = String(rate!.id);
    f.returns[`decide:${who}`] = await returnRequest(await deliveredOrder(v), 'SOLICITADA');
    f.returns[`receive:${who}`] = await returnRequest(await deliveredOrder(v), 'ACEPTADA');
    f.returns[`refund:${who}`] = await returnRequest(await deliveredOrder(v), 'ACEPTADA');
    // Numbered, so the owner's new resolution (which numbers the unnumbered refused ones) leaves them to the retry.
    f.documents[`retry:${who}`] = await einvoiceDocument(Number(await paid()), 'RECHAZADO', 994_000_100 + i);
  }
  f.issuedDocumentId = await einvoiceDocument(Number(await deliveredOrder(v)), 'EMITIDO', 994_000_001);
});
afterAll(async () => {
  await shop?.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

const product = () => ({
  name: `Collar matriz ${Math.random().toString(36).slice(2, 8)}`,
  categorySlug: 'collares',
  description: 'Collar de cuero café con hebilla de latón, cosido a mano en Cúcuta.',
  price: 52000,
  active: false,
  sizes: [{ label: 'M', stock: 4 }],
});
const code = (percent: number) => ({ code: `MATRIZ${percent}`, percent, active: true });
const RESULT = '{ __typename }';

const ROWS: Row[] = [
  // Session and figures.
  { field: 'me', allowed: 'PAOC', doc: `{ me { uid role permissions } }` },
  {
    field: 'staffDashboard',
    allowed: 'PAOC',
    doc: `{ staffDashboard { awaitingShipment lowStockCount invoicingWarnings } }`,
  },
  { field: 'staffSales', allowed: 'PA.C', doc: `{ staffSales { salesToday salesThisMonth } }` },
  // Orders.
  { field: 'staffOrders', allowed: 'PAOC', doc: `{ staffOrders { totalCount csvUrl } }` },
  {
    field: 'staffOrder',
    allowed: 'PAOC',
    doc: `query($id: ID!) { staffOrder(id: $id) { reference allowedTransitions canMarkCashCollected electronicDocuments { id } } }`,
    vars: () => ({ id: f.orders['prepare:propietario'] }),
  },
  {
    field: 'staffOrdersByIds',
    allowed: 'PAOC',
    doc: `query($ids: [ID!]!) { staffOrdersByIds(ids: $ids) { reference } }`,
    vars: () => ({ ids: [f.orders['prepare:propietario']] }),
  },
  { field: 'staffReturns', allowed: 'PAOC', doc: `{ staffReturns { id status } }` },
  { field: 'staffLowStock', allowed: 'PAOC', doc: `{ staffLowStock { threshold } }` },
  {
    field: 'staffTransitionOrder',
    variant: 'preparar',
    allowed: 'PAO.',
    doc: `mutation($input: TransitionOrderInput!) { staffTransitionOrder(input: $input) ${RESULT} }`,
    vars: (who) => ({ input: { orderId: per(f.orders, 'prepare', who), to: 'EN_PREPARACION', note: 'Empacando' } }),
  },
  {
    field: 'staffTransitionOrder',
    variant: 'cancelar',
    allowed: 'PA..',
    doc: `mutation($input: TransitionOrderInput!) { staffTransitionOrder(input: $input) ${RESULT} }`,
    vars: (who) => ({ input: { orderId: per(f.orders, 'cancel', who), to: 'CANCELADO', note: 'Sin existencias' } }),
  },
  {
    field: 'staffBulkTransitionOrders',
    allowed: 'PAO.',
    doc: `mutation($input: BulkTransitionInput!) { staffBulkTransitionOrders(input: $input) { __typename ... on BulkTransitionReport { moved refused } } }`,
    vars: (who) => ({ input: { orderIds: [per(f.orders, 'bulk', who)], to: 'EN_PREPARACION' } }),
  },
  {
    field: 'staffMarkCashCollected',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffMarkCashCollected(orderId: $id, note: "Consignado") ${RESULT} }`,
    vars: (who) => ({ id: per(f.orders, 'cash', who) }),
  },
  // Returns and refunds.
  {
    field: 'staffDecideReturn',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffDecideReturn(id: $id, accept: true, note: "Aceptada") ${RESULT} }`,
    vars: (who) => ({ id: per(f.returns, 'decide', who) }),
  },
  {
    field: 'staffReceiveReturn',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffReceiveReturn(id: $id) ${RESULT} }`,
    vars: (who) => ({ id: per(f.returns, 'receive', who) }),
  },
  {
    field: 'staffRefundReturn',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffRefundReturn(id: $id, method: BANK_TRANSFER, reference: "TRF-123456") ${RESULT} }`,
    vars: (who) => ({ id: per(f.returns, 'refund', who) }),
  },
  // Catalogue.
  { field: 'staffProducts', allowed: 'PA..', doc: `{ staffProducts { id price } }` },
  {
    field: 'staffProduct',
    allowed: 'PA..',
    doc: `query($id: ID!) { staffProduct(id: $id) { id price } }`,
    vars: () => ({ id: f.productId }),
  },
  {
    field: 'staffCreateProduct',
    allowed: 'PA..',
    doc: `mutation($input: ProductInput!) { staffCreateProduct(input: $input) ${RESULT} }`,
    vars: () => ({ input: product() }),
  },
  {
    field: 'staffSaveProduct',
    allowed: 'PA..',
    doc: `mutation($id: ID!, $input: ProductInput!) { staffSaveProduct(productId: $id, input: $input) ${RESULT} }`,
    vars: async () => {
      const [p] = await sql<{ id: number }>(
        `SELECT id FROM product WHERE name LIKE 'Collar matriz%' ORDER BY id LIMIT 1`,
      );
      return { id: String(p!.id), input: { ...product(), price: 53000 + Math.floor(Math.random() * 1000) } };
    },
  },
  {
    field: 'staffUpdateProduct',
    allowed: 'PA..',
    doc: `mutation($input: UpdateProductInput!) { staffUpdateProduct(input: $input) ${RESULT} }`,
    vars: (who) => ({ input: { productId: f.productId, price: 60_000 + WHO.indexOf(who) } }),
  },
  {
    field: 'staffArchiveProduct',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffArchiveProduct(productId: $id) ${RESULT} }`,
    vars: async () => ({
      id: String(
        (
          await sql<{ id: number }>(
            `SELECT id FROM product WHERE name LIKE 'Collar matriz%' AND archived_at IS NULL ORDER BY id LIMIT 1`,
          )
        )[0]?.id ?? f.productId,
      ),
    }),
  },
  {
    field: 'staffRestoreProduct',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffRestoreProduct(productId: $id) ${RESULT} }`,
    vars: async () => ({
      id: String(
        (
          await sql<{ id: number }>(
            `SELECT id FROM product WHERE name LIKE 'Collar matriz%' AND archived_at IS NOT NULL ORDER BY id LIMIT 1`,
          )
        )[0]?.id ?? f.productId,
      ),
    }),
  },
  {
    field: 'staffAddProductImage',
    allowed: 'PA..',
    doc: `mutation($input: AddProductImageInput!) { staffAddProductImage(input: $input) ${RESULT} }`,
    vars: () => ({
      input: { productId: f.productId, contentType: 'image/svg+xml', dataBase64: SVG, alt: 'Collar de frente' },
    }),
  },
  {
    field: 'staffArrangeProductImages',
    allowed: 'PA..',
    doc: `mutation($id: ID!, $images: [ProductImageOrderInput!]!) { staffArrangeProductImages(productId: $id, images: $images) ${RESULT} }`,
    vars: async (who) => {
      const images = await sql<{ id: number }>(
        `SELECT id FROM product_image WHERE product_id = $1 ORDER BY position DESC`,
        [Number(f.productId)],
      );
      return { id: f.productId, images: images.map((i) => ({ id: String(i.id), alt: `Vista ${who} ${i.id}` })) };
    },
  },
  {
    field: 'staffRemoveProductImage',
    allowed: 'PA..',
    doc: `mutation($id: ID!, $imageId: ID!) { staffRemoveProductImage(productId: $id, imageId: $imageId) ${RESULT} }`,
    vars: async () => {
      const [image] = await sql<{ id: number }>(
        `SELECT id FROM product_image WHERE product_id = $1 ORDER BY id DESC LIMIT 1`,
        [Number(f.productId)],
      );
      return { id: f.productId, imageId: String(image?.id ?? 999_999) };
    },
  },
  {
    field: 'staffSetLowStockThreshold',
    allowed: 'PA..',
    doc: `mutation($t: Int!) { staffSetLowStockThreshold(threshold: $t) ${RESULT} }`,
    vars: (who) => ({ t: 4 + WHO.indexOf(who) }),
  },
  // Discount codes.
  { field: 'staffDiscountCodes', allowed: 'PA..', doc: `{ staffDiscountCodes { code percent } }` },
  {
    field: 'staffCreateDiscountCode',
    allowed: 'PA..',
    doc: `mutation($input: DiscountCodeInput!) { staffCreateDiscountCode(input: $input) ${RESULT} }`,
    vars: (who) => ({ input: code(20 + WHO.indexOf(who)) }),
  },
  {
    field: 'staffUpdateDiscountCode',
    allowed: 'PA..',
    doc: `mutation($id: ID!, $input: DiscountCodeInput!) { staffUpdateDiscountCode(id: $id, input: $input) ${RESULT} }`,
    vars: async (who) => {
      const [c] = await sql<{ code: string }>(`SELECT code FROM discount_code WHERE id = $1`, [
        Number(f.discountCodeId),
      ]);
      return { id: f.discountCodeId, input: { code: c!.code, percent: 11 + WHO.indexOf(who), active: true } };
    },
  },
  // Content.
  { field: 'staffHomeSlides', allowed: 'PA..', doc: `{ staffHomeSlides { id } }` },
  { field: 'staffPromoBlocks', allowed: 'PA..', doc: `{ staffPromoBlocks { id } }` },
  { field: 'staffCampaigns', allowed: 'PA..', doc: `{ staffCampaigns { slug } }` },
  {
    field: 'staffUploadImage',
    allowed: 'PA..',
    doc: `mutation($input: UploadImageInput!) { staffUploadImage(input: $input) ${RESULT} }`,
    vars: () => ({
      input: { contentType: 'image/svg+xml', dataBase64: SVG, alt: 'Perro con pechera', name: 'banner' },
    }),
  },
  {
    field: 'staffCreateHomeSlide',
    allowed: 'PA..',
    doc: `mutation($input: HomeSlideInput!) { staffCreateHomeSlide(input: $input) ${RESULT} }`,
    vars: (who) => ({
      input: {
        title: `Banner ${who}`,
        alt: 'Perro con pechera roja',
        link: '/collares',
        desktopImageKey: f.imageKey,
        mobileImageKey: f.imageKey,
        active: false,
      },
    }),
  },
  {
    field: 'staffUpdateHomeSlide',
    allowed: 'PA..',
    doc: `mutation($id: ID!, $input: HomeSlideInput!) { staffUpdateHomeSlide(id: $id, input: $input) ${RESULT} }`,
    vars: (who) => ({
      id: f.slideId,
      input: {
        title: `Banner editado ${who}`,
        alt: 'Perro con pechera roja',
        link: '/collares',
        desktopImageKey: f.imageKey,
        mobileImageKey: f.imageKey,
        active: true,
      },
    }),
  },
  {
    field: 'staffDeleteHomeSlide',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffDeleteHomeSlide(id: $id) ${RESULT} }`,
    vars: (who) => ({ id: per(f.slidesToDelete, 'slide', who) }),
  },
  {
    field: 'staffReorderHomeSlides',
    allowed: 'PA..',
    doc: `mutation($ids: [ID!]!) { staffReorderHomeSlides(ids: $ids) ${RESULT} }`,
    vars: async () => ({
      ids: (await sql<{ id: number }>(`SELECT id FROM home_slide ORDER BY position DESC, id`)).map((r) => String(r.id)),
    }),
  },
  {
    field: 'staffCreatePromoBlock',
    allowed: 'PA..',
    doc: `mutation($input: PromoBlockInput!) { staffCreatePromoBlock(input: $input) ${RESULT} }`,
    vars: (who) => ({
      input: {
        title: `Promo ${who}`,
        body: 'Pecheras a mitad de precio.',
        linkUrl: '/pecheras',
        linkLabel: 'Ver pecheras',
        active: false,
      },
    }),
  },
  {
    field: 'staffUpdatePromoBlock',
    allowed: 'PA..',
    doc: `mutation($id: ID!, $input: PromoBlockInput!) { staffUpdatePromoBlock(id: $id, input: $input) ${RESULT} }`,
    vars: (who) => ({
      id: f.promoId,
      input: {
        title: `Promo editada ${who}`,
        body: 'Pecheras a mitad de precio.',
        linkUrl: '/pecheras',
        linkLabel: 'Ver pecheras',
        active: true,
      },
    }),
  },
  {
    field: 'staffDeletePromoBlock',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffDeletePromoBlock(id: $id) ${RESULT} }`,
    vars: (who) => ({ id: per(f.promosToDelete, 'promo', who) }),
  },
  {
    field: 'staffReorderPromoBlocks',
    allowed: 'PA..',
    doc: `mutation($ids: [ID!]!) { staffReorderPromoBlocks(ids: $ids) ${RESULT} }`,
    vars: async () => ({
      ids: (await sql<{ id: number }>(`SELECT id FROM promo_block ORDER BY position DESC, id`)).map((r) =>
        String(r.id),
      ),
    }),
  },
  {
    field: 'staffUpdateCampaign',
    allowed: 'PA..',
    doc: `mutation($slug: String!, $input: CampaignInput!) { staffUpdateCampaign(slug: $slug, input: $input) ${RESULT} }`,
    vars: (who) => ({
      slug: f.campaign,
      input: {
        title: `Campaña ${WHO.indexOf(who)}`,
        description: 'Disfraces y collares para la noche de brujas.',
        active: false,
      },
    }),
  },
  {
    field: 'staffCampaignPreview',
    allowed: 'PA..',
    doc: `mutation($slug: String!) { staffCampaignPreview(slug: $slug) ${RESULT} }`,
    vars: () => ({ slug: f.campaign }),
  },
  // Shipping.
  { field: 'staffShipping', allowed: 'PA..', doc: `{ staffShipping { settings { freeFrom } } }` },
  {
    field: 'staffSaveShippingSettings',
    allowed: 'PA..',
    doc: `mutation($input: ShippingSettingsInput!) { staffSaveShippingSettings(input: $input) ${RESULT} }`,
    vars: (who) => ({
      input: { freeFrom: 150_000 + WHO.indexOf(who), defaultFee: 16_500, defaultMinDays: 2, defaultMaxDays: 5 },
    }),
  },
  {
    field: 'staffSaveShippingRate',
    allowed: 'PA..',
    doc: `mutation($input: ShippingRateInput!) { staffSaveShippingRate(input: $input) ${RESULT} }`,
    vars: (who) => ({
      input: {
        departmentCode: '05',
        municipalityCode: '05001',
        fee: 12_000 + WHO.indexOf(who),
        minDays: 1,
        maxDays: 3,
      },
    }),
  },
  {
    field: 'staffRemoveShippingRate',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffRemoveShippingRate(id: $id) ${RESULT} }`,
    vars: (who) => ({ id: per(f.ratesToRemove, 'rate', who) }),
  },
  // Payments (owner only).
  { field: 'staffCashOnDelivery', allowed: 'P...', doc: `{ staffCashOnDelivery { enabled } }` },
  {
    field: 'staffSaveCashOnDelivery',
    allowed: 'P...',
    doc: `mutation($input: CashOnDeliveryInput!) { staffSaveCashOnDelivery(input: $input) ${RESULT} }`,
    vars: () => ({ input: { enabled: true, maxTotal: 400_000, fee: 5_000 } }),
  },
  // Background jobs.
  { field: 'staffFailingJobs', allowed: 'PA..', doc: `{ staffFailingJobs { id task } }` },
  {
    field: 'staffRetryJob',
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffRetryJob(id: $id) ${RESULT} }`,
    vars: (who) => ({ id: per(f.jobs, 'retry', who) }),
  },
  // Electronic invoicing and the shop's legal identity.
  { field: 'staffInvoicing', allowed: 'PA.C', doc: `{ staffInvoicing { enabled warnings } }` },
  {
    field: 'staffSetInvoicingEnabled',
    allowed: 'P...',
    doc: `mutation { staffSetInvoicingEnabled(enabled: true) ${RESULT} }`,
  },
  {
    field: 'staffSaveInvoiceNumbering',
    allowed: 'P...',
    doc: `mutation($input: InvoiceNumberingInput!) { staffSaveInvoiceNumbering(input: $input) ${RESULT} }`,
    vars: async () => {
      const n = (await shop.services.invoicing.admin.view()).invoiceNumbering!;
      return {
        input: {
          resolutionNumber: n.resolutionNumber,
          prefix: n.prefix,
          from: n.from,
          to: n.to,
          validFrom: n.validFrom,
          validTo: n.validTo,
          technicalKey: n.technicalKey,
          creditNotePrefix: 'NC',
        },
      };
    },
  },
  {
    field: 'staffRetryElectronicDocument',
    allowed: 'P...',
    doc: `mutation($id: ID!) { staffRetryElectronicDocument(id: $id) ${RESULT} }`,
    vars: (who) => ({ id: per(f.documents, 'retry', who) }),
  },
  {
    field: 'staffResendElectronicDocument',
    // Sends the buyer an email: an act on the shop's behalf, not a read (Consulta only reads).
    allowed: 'PA..',
    doc: `mutation($id: ID!) { staffResendElectronicDocument(id: $id) ${RESULT} }`,
    vars: () => ({ id: f.issuedDocumentId }),
  },
  { field: 'staffLegalSettings', allowed: 'P...', doc: `{ staffLegalSettings { nit saved } }` },
  {
    field: 'staffSaveLegalSettings',
    allowed: 'P...',
    doc: `mutation($input: LegalSettingsInput!) { staffSaveLegalSettings(input: $input) ${RESULT} }`,
    vars: () => ({
      input: {
        legalName: 'Mascotas del Norte S.A.S.',
        tradeName: 'Enzo',
        nit: '900559088',
        organizationType: 'JURIDICA',
        taxRegime: 'RESPONSABLE_IVA',
        taxResponsibilities: ['O-13', 'O-15'],
        address: 'Avenida 0 # 10-20',
        departmentCode: '54',
        municipalityCode: '54001',
        postalCode: '540001',
        phone: '+57 607 555 1234',
        email: 'facturas@mascotasdelnorte.co',
      },
    }),
  },
  // Backups and alerts.
  { field: 'staffOperations', allowed: 'PA..', doc: `{ staffOperations { canManage settings { keepDaily } } }` },
  {
    field: 'staffUpdateOperationsSettings',
    allowed: 'P...',
    doc: `mutation($input: OperationsSettingsInput!) { staffUpdateOperationsSettings(input: $input) ${RESULT} }`,
    vars: async (who) => {
      const { updatedAt: _at, updatedBy: _by, ...current } = await readOperationsSettings(shop.ds);
      return { input: { ...current, keepDaily: 7 + WHO.indexOf(who) } };
    },
  },
  { field: 'staffRunBackupNow', allowed: 'P...', doc: `mutation { staffRunBackupNow { message } }` },
  // Catalogue spreadsheets and sales channels.
  { field: 'staffChannelFeeds', allowed: 'PA..', doc: `{ staffChannelFeeds { products items } }` },
  {
    field: 'staffPreviewCatalogImport',
    allowed: 'PA..',
    doc: `mutation($input: CatalogImportInput!) { staffPreviewCatalogImport(input: $input) ${RESULT} }`,
    vars: (who) => ({ input: importFile(who) }),
  },
  {
    field: 'staffApplyCatalogImport',
    allowed: 'PA..',
    doc: `mutation($input: ApplyCatalogImportInput!) { staffApplyCatalogImport(input: $input) ${RESULT} }`,
    vars: async (who) => {
      const file = importFile(who);
      const preview = await shop.services.catalogImport.preview({
        fileName: file.fileName,
        data: Buffer.from(file.dataBase64, 'base64'),
        skipBadRows: false,
        archiveMissing: false,
      });
      if (preview.__typename !== 'CatalogImportPreview' || !preview.canApply)
        throw new Error(`La vista previa de la matriz no se puede aplicar: ${JSON.stringify(preview)}`);
      return { input: { ...file, token: preview.token } };
    },
  },
  // The team and its activity (owner only).
  { field: 'staffTeam', allowed: 'P...', doc: `{ staffTeam { enabledOwners members { uid role } } }` },
  { field: 'staffActivity', allowed: 'P...', doc: `{ staffActivity(first: 5) { entries { id operation } } }` },
  {
    field: 'staffInviteMember',
    allowed: 'P...',
    doc: `mutation($input: StaffInviteInput!) { staffInviteMember(input: $input) ${RESULT} }`,
    vars: (who) => ({
      input: { email: `matriz-nueva-${WHO.indexOf(who)}@enzo.test`, name: 'Nueva', role: 'operador' },
    }),
  },
  {
    field: 'staffResendInvitation',
    allowed: 'P...',
    doc: `mutation($uid: ID!) { staffResendInvitation(uid: $uid) ${RESULT} }`,
    vars: () => ({ uid: f.victimUid }),
  },
  {
    field: 'staffChangeMemberRole',
    allowed: 'P...',
    doc: `mutation($uid: ID!) { staffChangeMemberRole(uid: $uid, role: operador) ${RESULT} }`,
    vars: () => ({ uid: f.victimUid }),
  },
  {
    field: 'staffDisableMember',
    allowed: 'P...',
    doc: `mutation($uid: ID!) { staffDisableMember(uid: $uid) ${RESULT} }`,
    vars: () => ({ uid: f.victimUid }),
  },
  {
    field: 'staffEnableMember',
    allowed: 'P...',
    doc: `mutation($uid: ID!) { staffEnableMember(uid: $uid) ${RESULT} }`,
    vars: () => ({ uid: f.victimUid }),
  },
];

const schema = buildSchema(fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
const staffFields = [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
  Object.keys(root.getFields()).filter((f) => f === 'me' || f.startsWith('staff')),
);

/**
 * Every table but the activity log, the staff rows (sign-ins), the rate limits, the emails' send marks and the
 * alert monitor's state (its every-minute check stamps each condition whatever anyone does).
 */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('audit_entry', 'staff_member', 'rate_limit', 'migrations', 'outbound_email', 'alert_state')`,
  );
  const rows = await sql<{ t: string; h: string }>(
    tables
      .map(
        ({ name }) =>
          `SELECT '${name}' AS t, md5(coalesce(string_agg(md5(x::text), ',' ORDER BY md5(x::text)), '')) AS h FROM "${name}" x`,
      )
      .join(' UNION ALL '),
  );
  const [mail] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbound_email`);
  return { ...Object.fromEntries(rows.map((r) => [r.t, r.h])), outbound_email: String(mail!.n) };
}

async function entries(
  kind: string,
  operation: string,
  uid: string | undefined,
): Promise<Array<{ entity_type: string | null }>> {
  return sql(`SELECT entity_type FROM audit_entry WHERE kind = $1 AND operation = $2 AND actor_uid = $3`, [
    kind,
    operation,
    uid ?? '',
  ]);
}

describe('the matrix covers the schema', () => {
  it('has a row for every staff field of schema.graphql, and no row for a field that is gone', () => {
    expect([...new Set(ROWS.map((r) => r.field))].sort()).toEqual([...staffFields].sort());
  });
});

describe.each(ROWS)('$field $variant', (row) => {
  const isMutation = row.doc.trimStart().startsWith('mutation');
  it.each(WHO)('%s', async (who) => {
    const allowed = ROLES.includes(who as StaffRole) && row.allowed.includes(LETTER[who as StaffRole]);
    const variables = (await row.vars?.(who)) ?? {};
    if (!allowed && isMutation) await queueIdle();
    const before = !allowed && isMutation ? await fingerprint() : null;
    const changesBefore = isMutation ? (await entries('change', row.field, uids[who])).length : 0;
    const res = await shop.gql<Record<string, { __typename?: string } | null>>(row.doc, variables, headers[who]);
    const codes = (res.errors ?? []).map((e) => e.extensions?.code);
    if (allowed) {
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      const result = res.data?.[row.field];
      expect(result).not.toBeNull();
      if (isMutation) {
        expect(FAILURES.has(result!.__typename!), JSON.stringify(result)).toBe(false);
        // Its entry: the operation, who, and the record it changed (written in the change's own transaction).
        const after = await entries('change', row.field, uids[who]);
        expect(after.length).toBeGreaterThan(changesBefore);
        expect(after.every((e) => e.entity_type !== null)).toBe(true);
      }
      return;
    }
    expect(codes).toEqual([who === 'sin token' ? 'UNAUTHENTICATED' : 'FORBIDDEN']);
    expect(res.data?.[row.field] ?? null).toBeNull();
    if (before) {
      await queueIdle();
      expect(await fingerprint()).toEqual(before);
    }
    if (isMutation) expect((await entries('change', row.field, uids[who])).length).toBe(changesBefore);
    if (who !== 'sin token') expect((await entries('refused', row.field, uids[who])).length).toBeGreaterThan(0);
  });
});

describe('what the entries of the newer staff mutations say', () => {
  it('an import: one entry for the file and one in each product’s history; the legal address only says it changed', async () => {
    const imported = await sql<{ entity_type: string; entity_id: string; detail: Record<string, unknown> | null }>(
      `SELECT entity_type, entity_id, detail FROM audit_entry WHERE operation = 'staffApplyCatalogImport' AND actor_uid = $1 ORDER BY id`,
      [uids.propietario],
    );
    const [made] = await sql<{ id: number }>(`SELECT id FROM product WHERE name = 'Collar importado 0'`);
    expect(imported.map((e) => e.entity_type)).toEqual(['catalogImport', 'product']);
    expect(imported[0]!.detail).toMatchObject({ file: 'matriz-0.csv', created: 1, updated: 0, archived: 0 });
    expect(imported[1]).toMatchObject({ entity_id: String(made!.id), detail: { import: imported[0]!.entity_id } });
    const [legal] = await sql<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      `SELECT changes FROM audit_entry WHERE operation = 'staffSaveLegalSettings' AND actor_uid = $1`,
      [uids.propietario],
    );
    expect(legal!.changes.address).toEqual({ before: null, after: REDACTED_VALUE });
    expect(legal!.changes.nit).toEqual({ before: null, after: '900559088-2' });
    const [backup] = await sql<{ entity_type: string; detail: Record<string, unknown> }>(
      `SELECT entity_type, detail FROM audit_entry WHERE operation = 'staffRunBackupNow' AND actor_uid = $1`,
      [uids.propietario],
    );
    expect(backup).toMatchObject({ entity_type: 'job', detail: { task: 'backup-now' } });
  });
});
