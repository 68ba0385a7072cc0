import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { blankPng } from '../../server/src/modules/media/png-fixture.test-util.js';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { requireBuiltClient } from '../setup/built-client.js';

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

const REFUSALS = '... on ValidationErrors { message errors { field message } } ... on NotFound { message }';
const SLIDE =
  'id title alt link desktopImageKey mobileImageKey desktopImage { url width height } mobileImage { url } startsAt endsAt active position';
const PROMO =
  'id title body imageKey image { url alt } linkUrl linkLabel fromPriceCategory fromPrice startsAt endsAt active position';
type Refusal = { __typename: string; message: string; errors?: Array<{ field: string; message: string }> };
type Slide = {
  __typename: 'StaffHomeSlide';
  id: string;
  title: string;
  link: string;
  position: number;
  desktopImage: { url: string; width: number };
};

// A whole, decodable PNG: the server reads its header and makes the variants.
const png = (w: number, h: number) => blankPng(w, h).toString('base64');

async function gql<T>(query: string, variables: Record<string, unknown> = {}, headers = auth) {
  const res = await shop.gql<T>(query, variables, headers);
  expect(res.errors).toBeUndefined();
  return res.data!;
}

async function upload(name: string, w: number, h: number): Promise<string> {
  const data = await gql<{
    staffUploadImage: { __typename: string; key: string; url: string; width: number; height: number };
  }>(
    `mutation($input: UploadImageInput!) { staffUploadImage(input: $input) { __typename ... on UploadedImage { key url width height } ... on ValidationErrors { message } } }`,
    { input: { dataBase64: png(w, h), contentType: 'image/png', alt: name, name } },
  );
  expect(data.staffUploadImage).toMatchObject({ __typename: 'UploadedImage', width: w, height: h });
  expect((await fetch(`${shop.url}${data.staffUploadImage.url}`)).status).toBe(200);
  return data.staffUploadImage.key;
}

const CREATE_SLIDE = `mutation($input: HomeSlideInput!) { staffCreateHomeSlide(input: $input) { __typename ... on StaffHomeSlide { ${SLIDE} } ${REFUSALS} } }`;
const UPDATE_SLIDE = `mutation($id: ID!, $input: HomeSlideInput!) { staffUpdateHomeSlide(id: $id, input: $input) { __typename ... on StaffHomeSlide { ${SLIDE} } ${REFUSALS} } }`;
const HOME = `{ homeMedia { slides { id title link desktopImage { url alt } mobileImage { url } } promos { id title body linkUrl linkLabel fromPrice image { url alt } } } }`;
type Home = {
  homeMedia: {
    slides: Array<{ id: string; title: string; link: string; desktopImage: { alt: string } }>;
    promos: Array<{ id: string; title: string; fromPrice: number | null }>;
  };
};

const day = 86_400_000;

describe('home carousel slides', () => {
  let desktop: string;
  let mobile: string;
  beforeAll(async () => {
    desktop = await upload('rebajas-computador', 1600, 600);
    mobile = await upload('rebajas-celular', 800, 1000);
  });

  it('seeds the Halloween slides dated to their season: from November the hero does not say "Halloween peludo"', async () => {
    const all = await gql<{
      staffHomeSlides: Array<{ title: string; startsAt: string | null; endsAt: string | null; link: string }>;
    }>(`{ staffHomeSlides { ${SLIDE} } }`);
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
    const home = await gql<Home>(HOME, {}, {});
    expect(home.homeMedia.slides.map((s) => s.title)).not.toContain(first.title);
    expect(home.homeMedia.slides.length).toBeGreaterThan(0);
    for (const s of home.homeMedia.slides) expect(s.desktopImage.alt).not.toMatch(/Halloween peludo/);
  });

  it('creates, dates, edits, orders and deletes slides; the home page shows only the live ones in order', async () => {
    const input = {
      title: 'Rebajas de temporada',
      alt: 'Rebajas de temporada: 20 % en collares de cuero',
      link: '/collares',
      desktopImageKey: desktop,
      mobileImageKey: mobile,
      active: true,
    };
    const created = (await gql<{ staffCreateHomeSlide: Slide }>(CREATE_SLIDE, { input })).staffCreateHomeSlide;
    expect(created).toMatchObject({
      __typename: 'StaffHomeSlide',
      title: 'Rebajas de temporada',
      desktopImage: { width: 1600 },
    });
    let home = await gql<Home>(HOME, {}, {});
    expect(home.homeMedia.slides.at(-1)).toMatchObject({
      id: created.id,
      link: '/collares',
      desktopImage: { alt: input.alt },
    });

    // Scheduled for tomorrow: not yet on the home page.
    const tomorrow = new Date(Date.now() + day).toISOString();
    await gql(UPDATE_SLIDE, { id: created.id, input: { ...input, startsAt: tomorrow } });
    home = await gql<Home>(HOME, {}, {});
    expect(home.homeMedia.slides.map((s) => s.id)).not.toContain(created.id);
    // Switched off.
    await gql(UPDATE_SLIDE, { id: created.id, input: { ...input, active: false } });
    expect((await gql<Home>(HOME, {}, {})).homeMedia.slides.map((s) => s.id)).not.toContain(created.id);
    await gql(UPDATE_SLIDE, { id: created.id, input });

    // First place.
    const list = (await gql<{ staffHomeSlides: Slide[] }>(`{ staffHomeSlides { id } }`)).staffHomeSlides.map(
      (s) => s.id,
    );
    const reordered = await gql<{ staffReorderHomeSlides: { __typename: string; slides: Slide[] } }>(
      `mutation($ids: [ID!]!) { staffReorderHomeSlides(ids: $ids) { __typename ... on StaffSlideList { slides { id position } } ... on ValidationErrors { message } } }`,
      { ids: [created.id, ...list.filter((id) => id !== created.id)] },
    );
    expect(reordered.staffReorderHomeSlides.slides[0]!.id).toBe(created.id);
    expect((await gql<Home>(HOME, {}, {})).homeMedia.slides[0]!.id).toBe(created.id);
    const stale = await gql<{ staffReorderHomeSlides: Refusal }>(
      `mutation($ids: [ID!]!) { staffReorderHomeSlides(ids: $ids) { __typename ... on ValidationErrors { message } } }`,
      { ids: [created.id] },
    );
    expect(stale.staffReorderHomeSlides.__typename).toBe('ValidationErrors');

    const deleted = await gql<{ staffDeleteHomeSlide: { __typename: string; id?: string } }>(
      `mutation($id: ID!) { staffDeleteHomeSlide(id: $id) { __typename ... on Deleted { id } ... on NotFound { message } } }`,
      { id: created.id },
    );
    expect(deleted.staffDeleteHomeSlide).toEqual({ __typename: 'Deleted', id: created.id });
    const again = await gql<{ staffDeleteHomeSlide: Refusal }>(
      `mutation($id: ID!) { staffDeleteHomeSlide(id: $id) { __typename ... on NotFound { message } } }`,
      { id: created.id },
    );
    expect(again.staffDeleteHomeSlide).toEqual({ __typename: 'NotFound', message: 'La diapositiva no existe.' });
  });

  it.each([
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
    const input = {
      title: 'Mala',
      alt: 'Una diapositiva',
      link: '/collares',
      desktopImageKey: desktop,
      mobileImageKey: mobile,
      active: true,
      ...change,
    };
    const res = await gql<{ staffCreateHomeSlide: Refusal }>(CREATE_SLIDE, { input });
    expect(res.staffCreateHomeSlide).toMatchObject({ __typename: 'ValidationErrors', errors: [{ field, message }] });
  });

  it('refuses uploads that are not images', async () => {
    const res = await gql<{ staffUploadImage: Refusal }>(
      `mutation($input: UploadImageInput!) { staffUploadImage(input: $input) { __typename ... on ValidationErrors { message } } }`,
      {
        input: { dataBase64: Buffer.from('hola').toString('base64'), contentType: 'image/png', alt: 'x' },
      },
    );
    expect(res.staffUploadImage).toMatchObject({
      __typename: 'ValidationErrors',
      message: 'El archivo no es una imagen válida del formato indicado.',
    });
  });
});

describe('promo blocks', () => {
  it('seeds the promos with their words as text and "from" prices read from the catalogue, which follow price edits', async () => {
    const home = await gql<Home>(HOME, {}, {});
    const pecheras = home.homeMedia.promos.find((p) => p.title === 'Pecheras para paseos sin tirones')!;
    const [{ min }] = await shop.ds.query(
      `SELECT min(price)::int AS min FROM product WHERE active AND category_slug = 'pecheras'`,
    );
    expect(pecheras.fromPrice).toBe(min);
    await shop.ds.query(
      `UPDATE product SET price = 39000 WHERE id = (SELECT id FROM product WHERE active AND category_slug = 'pecheras' ORDER BY id LIMIT 1)`,
    );
    const after = (await gql<Home>(HOME, {}, {})).homeMedia.promos.find((p) => p.title === pecheras.title)!;
    expect(after.fromPrice).toBe(39_000);
    expect(home.homeMedia.promos.find((p) => p.title.startsWith('Denim For Pets'))!.fromPrice).toBeNull();
  });

  it('creates, edits and deletes a promo; refuses an unknown category', async () => {
    const CREATE = `mutation($input: PromoBlockInput!) { staffCreatePromoBlock(input: $input) { __typename ... on StaffPromoBlock { ${PROMO} } ${REFUSALS} } }`;
    const input = {
      title: 'Correas para cada paseo',
      body: 'Reflectivas, de cuero o manos libres: elige la tuya.',
      linkUrl: '/correas',
      linkLabel: 'Ver correas',
      fromPriceCategory: 'correas',
      active: true,
    };
    const created = (
      await gql<{ staffCreatePromoBlock: { __typename: string; id: string; fromPrice: number; image: null } }>(CREATE, {
        input,
      })
    ).staffCreatePromoBlock;
    const [{ min }] = await shop.ds.query(
      `SELECT min(price)::int AS min FROM product WHERE active AND category_slug = 'correas'`,
    );
    expect(created).toMatchObject({ __typename: 'StaffPromoBlock', fromPrice: min, image: null });
    expect((await gql<Home>(HOME, {}, {})).homeMedia.promos.map((p) => p.id)).toContain(created.id);
    const bad = await gql<{ staffCreatePromoBlock: Refusal }>(CREATE, {
      input: { ...input, fromPriceCategory: 'juguetes' },
    });
    expect(bad.staffCreatePromoBlock).toMatchObject({
      __typename: 'ValidationErrors',
      errors: [{ field: 'fromPriceCategory', message: 'La categoría elegida no existe.' }],
    });
    const ended = await gql<{ staffUpdatePromoBlock: { __typename: string } }>(
      `mutation($id: ID!, $input: PromoBlockInput!) { staffUpdatePromoBlock(id: $id, input: $input) { __typename } }`,
      {
        id: created.id,
        input: {
          ...input,
          endsAt: new Date(Date.now() - day).toISOString(),
          startsAt: new Date(Date.now() - 2 * day).toISOString(),
        },
      },
    );
    expect(ended.staffUpdatePromoBlock.__typename).toBe('StaffPromoBlock');
    expect((await gql<Home>(HOME, {}, {})).homeMedia.promos.map((p) => p.id)).not.toContain(created.id);
    const del = await gql<{ staffDeletePromoBlock: { __typename: string } }>(
      `mutation($id: ID!) { staffDeletePromoBlock(id: $id) { __typename } }`,
      { id: created.id },
    );
    expect(del.staffDeletePromoBlock.__typename).toBe('Deleted');
  });
});

describe('seasonal campaign page', () => {
  const CAMPAIGN = `query($slug: String!, $token: String) { campaign(slug: $slug, previewToken: $token) { slug path title description collection preview } }`;
  const UPDATE = `mutation($input: CampaignInput!) { staffUpdateCampaign(slug: "halloween", input: $input) { __typename ... on StaffCampaign { active title productCount } ${REFUSALS} } }`;

  it('is on by default; switched off it leaves the storefront (404, sitemap, campaigns) and a staff preview link still shows it, never indexed', async () => {
    expect((await gql<{ campaign: { title: string } }>(CAMPAIGN, { slug: 'halloween' }, {})).campaign).toMatchObject({
      path: '/halloween',
      collection: 'halloween',
      preview: false,
    });
    expect((await fetch(`${shop.url}/halloween`, { headers: { accept: 'text/html' } })).status).toBe(200);

    const off = await gql<{ staffUpdateCampaign: { active: boolean; productCount: number } }>(UPDATE, {
      input: {
        title: 'Halloween',
        description: 'Bandanas de edición limitada para el Halloween más peludo.',
        active: false,
      },
    });
    expect(off.staffUpdateCampaign).toMatchObject({ active: false });
    expect(off.staffUpdateCampaign.productCount).toBeGreaterThanOrEqual(4);
    expect((await gql<{ campaign: null }>(CAMPAIGN, { slug: 'halloween' }, {})).campaign).toBeNull();
    expect((await gql<{ campaigns: unknown[] }>(`{ campaigns { slug } }`, {}, {})).campaigns).toEqual([]);
    expect((await fetch(`${shop.url}/halloween`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect(await (await fetch(`${shop.url}/sitemap.xml`)).text()).not.toContain('/halloween<');

    const link = await gql<{ staffCampaignPreview: { __typename: string; url: string; expiresAt: string } }>(
      `mutation { staffCampaignPreview(slug: "halloween") { __typename ... on CampaignPreviewLink { url expiresAt } ... on NotFound { message } } }`,
    );
    expect(link.staffCampaignPreview.url).toMatch(/^\/halloween\?vista-previa=[\w-]{20,}$/);
    const token = new URL(link.staffCampaignPreview.url, 'http://x').searchParams.get('vista-previa');
    expect(
      (await gql<{ campaign: { preview: boolean } }>(CAMPAIGN, { slug: 'halloween', token }, {})).campaign,
    ).toMatchObject({ preview: true, title: 'Halloween' });
    expect(
      (await gql<{ campaign: null }>(CAMPAIGN, { slug: 'halloween', token: 'otro-token' }, {})).campaign,
    ).toBeNull();
    const preview = await fetch(`${shop.url}${link.staffCampaignPreview.url}`, { headers: { accept: 'text/html' } });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('content="noindex');
    // An expired link shows nothing.
    await shop.ds.query(
      `UPDATE campaign SET preview_expires_at = now() - interval '1 minute' WHERE slug = 'halloween'`,
    );
    expect((await gql<{ campaign: null }>(CAMPAIGN, { slug: 'halloween', token }, {})).campaign).toBeNull();

    const on = await gql<{ staffUpdateCampaign: { active: boolean; title: string } }>(UPDATE, {
      input: {
        title: 'Halloween peludo',
        description: 'Bandanas de edición limitada para el Halloween más peludo.',
        active: true,
      },
    });
    expect(on.staffUpdateCampaign).toMatchObject({ active: true, title: 'Halloween peludo' });
    const page = await (await fetch(`${shop.url}/halloween`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('<title>Halloween peludo | Enzo</title>');
    const bad = await gql<{ staffUpdateCampaign: Refusal }>(UPDATE, {
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
      const res = await gql<{ staffUploadImage: { __typename: string; message: string } }>(
        `mutation($input: UploadImageInput!) { staffUploadImage(input: $input) { __typename ... on ValidationErrors { message } } }`,
        { input: { dataBase64: Buffer.from(svg).toString('base64'), contentType: 'image/svg+xml', alt: 'x' } },
      );
      expect(res.staffUploadImage).toEqual({
        __typename: 'ValidationErrors',
        message: 'El SVG tiene código o contenido activo: expórtalo de nuevo como imagen simple o usa PNG.',
      });
    }
  });
});
