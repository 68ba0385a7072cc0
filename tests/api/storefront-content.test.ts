import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { blankPng } from '../../server/src/modules/media/png-fixture.test-util.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { requireBuiltClient } from '../setup/built-client.js';
import { expectTypename, postGraphqlWith, type GqlVariables, type TypedDocument } from '../setup/graphql-post.js';
import { graphql } from '../gql/index.js';
import type { HomeSlideInput, PromoBlockInput } from '../../client/src/gql/types.js';
import {
  StaffCampaignPreviewDocument,
  StaffContentDocument,
  StaffCreateHomeSlideDocument,
  StaffCreatePromoBlockDocument,
  StaffDeleteHomeSlideDocument,
  StaffDeletePromoBlockDocument,
  StaffReorderHomeSlidesDocument,
  StaffUpdateCampaignDocument,
  StaffUpdateHomeSlideDocument,
  StaffUpdatePromoBlockDocument,
  StaffUploadImageDocument,
} from '../../client/src/features/staff-content/staff-content.generated.js';
import { HomeMediaDocument } from '../../client/src/features/home/home.generated.js';
import { CampaignPageDocument } from '../../client/src/features/campaigns/campaigns.generated.js';

let shop: TestShop;
let auth: Record<string, string>;
// The real build (dist/client + dist/ssr): pages answer 200, 301 or 404 as the server render decides.
const clientDist = requireBuiltClient();

beforeAll(async () => {
  shop = await startTestShop({ CLIENT_DIST_DIR: clientDist });
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'staff-content@enzo.test');
});
afterAll(async () => {
  await shop?.close();
});

// A whole, decodable PNG: the server reads its header and makes the variants.
const png = (w: number, h: number) => blankPng(w, h).toString('base64');

/** A staff operation that must answer without errors. */
async function gql<R, V>(query: TypedDocument<R, V>, ...variables: GqlVariables<V>) {
  const res = await postGraphqlWith(shop.url, auth, query, ...variables);
  expect(res.errors).toBeUndefined();
  return res.data!;
}

/** A shopper's read, without staff headers. */
async function shopper<R, V>(query: TypedDocument<R, V>, ...variables: GqlVariables<V>) {
  const res = await postGraphqlWith(shop.url, {}, query, ...variables);
  expect(res.errors).toBeUndefined();
  return res.data!;
}

async function upload(name: string, w: number, h: number): Promise<string> {
  const data = await gql(StaffUploadImageDocument, {
    input: { dataBase64: png(w, h), contentType: 'image/png', alt: name, name },
  });
  const uploaded = data.staffUploadImage;
  expectTypename(uploaded, 'UploadedImage');
  expect(uploaded).toMatchObject({ width: w, height: h });
  expect((await fetch(`${shop.url}${uploaded.url}`)).status).toBe(200);
  return uploaded.key;
}

// The content screen's and the home page's own documents: what they send is what is tested.
const CREATE_SLIDE = StaffCreateHomeSlideDocument;
const UPDATE_SLIDE = StaffUpdateHomeSlideDocument;
const HOME = HomeMediaDocument;

const day = 86_400_000;

describe('home carousel slides', () => {
  let desktop: string;
  let mobile: string;
  beforeAll(async () => {
    desktop = await upload('rebajas-computador', 1600, 600);
    mobile = await upload('rebajas-celular', 800, 1000);
  });

  it('seeds the Halloween slides dated to their season: from November the hero does not say "Halloween peludo"', async () => {
    const all = await gql(StaffContentDocument);
    const halloween = all.staffHomeSlides.filter((s) => s.link === '/halloween');
    expect(halloween).toHaveLength(3);
    for (const s of halloween) {
      expect(new Date(s.startsAt!).toISOString()).toMatch(/-10-01T05:00:00\.000Z$/);
      expect(new Date(s.endsAt!).toISOString()).toMatch(/-11-01T05:00:00\.000Z$/);
    }
    // Put the first Halloween slide in a November that has started: it is off the home page.
    const first = all.staffHomeSlides.find((s) => s.title.startsWith('Halloween peludo'))!;
    await shop.ds.query(
      `UPDATE home_slide SET starts_at = now() - interval '60 days', ends_at = now() - interval '1 day' WHERE title = $1`,
      [first.title],
    );
    const home = await shopper(HOME);
    expect(home.homeMedia.slides.map((s) => s.title)).not.toContain(first.title);
    expect(home.homeMedia.slides.length).toBeGreaterThan(0);
    for (const s of home.homeMedia.slides) expect(s.desktopImage.alt).not.toMatch(/Halloween peludo/);
  });

  it('creates, dates, edits, orders and deletes slides; the home page shows only the live ones in order', async () => {
    const input: HomeSlideInput = {
      title: 'Rebajas de temporada',
      alt: 'Rebajas de temporada: 20 % en collares de cuero',
      link: '/collares',
      desktopImageKey: desktop,
      mobileImageKey: mobile,
      active: true,
    };
    const created = (await gql(CREATE_SLIDE, { input })).staffCreateHomeSlide;
    expectTypename(created, 'StaffHomeSlide');
    expect(created).toMatchObject({
      title: 'Rebajas de temporada',
      desktopImage: { width: 1600 },
    });
    let home = await shopper(HOME);
    expect(home.homeMedia.slides.at(-1)).toMatchObject({
      id: created.id,
      link: '/collares',
      desktopImage: { alt: input.alt },
    });

    // Scheduled for tomorrow: not yet on the home page.
    const tomorrow = new Date(Date.now() + day).toISOString();
    await gql(UPDATE_SLIDE, { id: created.id, input: { ...input, startsAt: tomorrow } });
    home = await shopper(HOME);
    expect(home.homeMedia.slides.map((s) => s.id)).not.toContain(created.id);
    // Switched off.
    await gql(UPDATE_SLIDE, { id: created.id, input: { ...input, active: false } });
    expect((await shopper(HOME)).homeMedia.slides.map((s) => s.id)).not.toContain(created.id);
    await gql(UPDATE_SLIDE, { id: created.id, input });

    // First place.
    const list = (await gql(StaffContentDocument)).staffHomeSlides.map((s) => s.id);
    const reordered = (
      await gql(StaffReorderHomeSlidesDocument, { ids: [created.id, ...list.filter((id) => id !== created.id)] })
    ).staffReorderHomeSlides;
    expectTypename(reordered, 'StaffSlideList');
    expect(reordered.slides[0]!.id).toBe(created.id);
    expect((await shopper(HOME)).homeMedia.slides[0]!.id).toBe(created.id);
    const stale = await gql(StaffReorderHomeSlidesDocument, { ids: [created.id] });
    expect(stale.staffReorderHomeSlides.__typename).toBe('ValidationErrors');

    const deleted = await gql(StaffDeleteHomeSlideDocument, { id: created.id });
    expect(deleted.staffDeleteHomeSlide).toEqual({ __typename: 'Deleted', id: created.id });
    const again = await gql(StaffDeleteHomeSlideDocument, { id: created.id });
    expect(again.staffDeleteHomeSlide).toEqual({ __typename: 'NotFound', message: 'La diapositiva no existe.' });
  });

  it.each<[Partial<HomeSlideInput>, string, string]>([
    [
      { link: 'javascript:alert(1)' },
      'link',
      'El enlace debe ser una ruta de la tienda (ej. /chaquetas) o una dirección https://.',
    ],
    [
      { link: '//otro-sitio.com' },
      'link',
      'El enlace debe ser una ruta de la tienda (ej. /chaquetas) o una dirección https://.',
    ],
    [
      { alt: '' },
      'alt',
      'Describe la imagen para quien no puede verla (al menos 5 caracteres), incluido el texto que tenga.',
    ],
    [
      { desktopImageKey: 'content/no-existe.png' },
      'desktopImageKey',
      'La imagen no está en la biblioteca de la tienda: súbela de nuevo.',
    ],
    [
      { startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
      'endsAt',
      'La fecha de fin debe ser posterior a la de inicio.',
    ],
  ])('refuses %j', async (change, field, message) => {
    const input: HomeSlideInput = {
      title: 'Mala',
      alt: 'Una diapositiva',
      link: '/collares',
      desktopImageKey: desktop,
      mobileImageKey: mobile,
      active: true,
      ...change,
    };
    const res = await gql(CREATE_SLIDE, { input });
    expect(res.staffCreateHomeSlide).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field, message }] });
  });

  it('refuses uploads that are not images', async () => {
    const res = await gql(StaffUploadImageDocument, {
      input: { dataBase64: Buffer.from('hola').toString('base64'), contentType: 'image/png', alt: 'x' },
    });
    expect(res.staffUploadImage).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'El archivo no es una imagen válida del formato indicado.',
    });
  });
});

describe('promo blocks', () => {
  it('seeds the promos with their words as text and "from" prices read from the catalogue, which follow price edits', async () => {
    const home = await shopper(HOME);
    const pecheras = home.homeMedia.promos.find((p) => p.title === 'Pecheras para paseos sin tirones')!;
    const [{ min }] = await shop.ds.query(
      `SELECT min(price)::int AS min FROM product WHERE active AND category_slug = 'pecheras'`,
    );
    expect(pecheras.fromPrice).toBe(min);
    await shop.ds.query(
      `UPDATE product SET price = 39000 WHERE id = (SELECT id FROM product WHERE active AND category_slug = 'pecheras' ORDER BY id LIMIT 1)`,
    );
    const after = (await shopper(HOME)).homeMedia.promos.find((p) => p.title === pecheras.title)!;
    expect(after.fromPrice).toBe(39_000);
    expect(home.homeMedia.promos.find((p) => p.title.startsWith('Denim For Pets'))!.fromPrice).toBeNull();
  });

  it('creates, edits and deletes a promo; refuses an unknown category', async () => {
    const CREATE = StaffCreatePromoBlockDocument;
    const input: PromoBlockInput = {
      title: 'Correas para cada paseo',
      body: 'Reflectivas, de cuero o manos libres: elige la tuya.',
      linkUrl: '/correas',
      linkLabel: 'Ver correas',
      fromPriceCategory: 'correas',
      active: true,
    };
    const created = (await gql(CREATE, { input })).staffCreatePromoBlock;
    expectTypename(created, 'StaffPromoBlock');
    const [{ min }] = await shop.ds.query(
      `SELECT min(price)::int AS min FROM product WHERE active AND category_slug = 'correas'`,
    );
    expect(created).toMatchObject({ fromPrice: min, image: null });
    expect((await shopper(HOME)).homeMedia.promos.map((p) => p.id)).toContain(created.id);
    const bad = await gql(CREATE, { input: { ...input, fromPriceCategory: 'juguetes' } });
    expect(bad.staffCreatePromoBlock).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'fromPriceCategory', message: 'La categoría elegida no existe.' }],
    });
    const ended = await gql(StaffUpdatePromoBlockDocument, {
      id: created.id,
      input: {
        ...input,
        endsAt: new Date(Date.now() - day).toISOString(),
        startsAt: new Date(Date.now() - 2 * day).toISOString(),
      },
    });
    expect(ended.staffUpdatePromoBlock.__typename).toBe('StaffPromoBlock');
    expect((await shopper(HOME)).homeMedia.promos.map((p) => p.id)).not.toContain(created.id);
    const del = await gql(StaffDeletePromoBlockDocument, { id: created.id });
    expect(del.staffDeletePromoBlock.__typename).toBe('Deleted');
  });
});

describe('seasonal campaign page', () => {
  // The campaign page's and the content screen's own documents.
  const CAMPAIGN = CampaignPageDocument;
  const UPDATE = StaffUpdateCampaignDocument;
  const CAMPAIGNS = graphql(`
    query ContentCampaignSlugs {
      campaigns {
        slug
      }
    }
  `);

  it('is on by default; switched off it leaves the storefront (404, sitemap, campaigns) and a staff preview link still shows it, never indexed', async () => {
    expect((await shopper(CAMPAIGN, { slug: 'halloween' })).campaign).toMatchObject({
      path: '/halloween',
      collection: 'halloween',
      preview: false,
    });
    expect((await fetch(`${shop.url}/halloween`, { headers: { accept: 'text/html' } })).status).toBe(200);

    const off = await gql(UPDATE, {
      slug: 'halloween',
      input: {
        title: 'Halloween',
        description: 'Bandanas de edición limitada para el Halloween más peludo.',
        active: false,
      },
    });
    const switchedOff = off.staffUpdateCampaign;
    expectTypename(switchedOff, 'StaffCampaign');
    expect(switchedOff).toMatchObject({ active: false });
    expect(switchedOff.productCount).toBeGreaterThanOrEqual(4);
    expect((await shopper(CAMPAIGN, { slug: 'halloween' })).campaign).toBeNull();
    expect((await shopper(CAMPAIGNS)).campaigns).toEqual([]);
    expect((await fetch(`${shop.url}/halloween`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect(await (await fetch(`${shop.url}/sitemap.xml`)).text()).not.toContain('/halloween<');

    const link = (await gql(StaffCampaignPreviewDocument, { slug: 'halloween' })).staffCampaignPreview;
    expectTypename(link, 'CampaignPreviewLink');
    expect(link.url).toMatch(/^\/halloween\?vista-previa=[\w-]{20,}$/);
    const token = new URL(link.url, 'http://x').searchParams.get('vista-previa');
    expect((await shopper(CAMPAIGN, { slug: 'halloween', previewToken: token })).campaign).toMatchObject({
      preview: true,
      title: 'Halloween',
    });
    expect((await shopper(CAMPAIGN, { slug: 'halloween', previewToken: 'otro-token' })).campaign).toBeNull();
    const preview = await fetch(`${shop.url}${link.url}`, { headers: { accept: 'text/html' } });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('content="noindex');
    // An expired link shows nothing.
    await shop.ds.query(
      `UPDATE campaign SET preview_expires_at = now() - interval '1 minute' WHERE slug = 'halloween'`,
    );
    expect((await shopper(CAMPAIGN, { slug: 'halloween', previewToken: token })).campaign).toBeNull();

    const on = await gql(UPDATE, {
      slug: 'halloween',
      input: {
        title: 'Halloween peludo',
        description: 'Bandanas de edición limitada para el Halloween más peludo.',
        active: true,
      },
    });
    expect(on.staffUpdateCampaign).toMatchObject({ active: true, title: 'Halloween peludo' });
    const page = await (await fetch(`${shop.url}/halloween`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('<title>Halloween peludo | Enzo</title>');
    const bad = await gql(UPDATE, {
      slug: 'halloween',
      input: { title: 'x', description: 'corta', active: true },
    });
    expect(bad.staffUpdateCampaign.__typename).toBe('ValidationErrors');
  });
});

describe('media library uploads', () => {
  it('refuses an SVG with a script or event handler', async () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"></svg>',
    ]) {
      // The refusal compared whole, without the field list the upload screen also reads.
      const res = await gql(
        graphql(`
          mutation ContentRefusedSvg($input: UploadImageInput!) {
            staffUploadImage(input: $input) {
              __typename
              ... on ValidationErrors {
                message
              }
            }
          }
        `),
        { input: { dataBase64: Buffer.from(svg).toString('base64'), contentType: 'image/svg+xml', alt: 'x' } },
      );
      expect(res.staffUploadImage).toEqual({
        __typename: 'ValidationErrors',
        message: 'El SVG tiene código o contenido activo: expórtalo de nuevo como imagen simple o usa PNG.',
      });
    }
  });
});
