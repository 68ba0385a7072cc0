import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { legacyStaffHeaders } from '../setup/staff-tokens.js';
import { blankPng } from '../../server/src/modules/media/png-fixture.test-util.js';
import { graphql } from '../gql/index.js';
import { expectTypename } from '../setup/graphql-post.js';

/** Staff uploads: a refused picture leaves nothing in the media store; an SVG with code never reaches it. */
let shop: TestShop;
let auth: Record<string, string>;
let mediaRoot: string;
beforeAll(async () => {
  shop = await startTestShop();
  auth = await legacyStaffHeaders(inject('authEmulatorHost'), 'media-limits@enzo.test');
  mediaRoot = inject('mediaDir');
});
afterAll(() => shop?.close());

const ADD = graphql(`
  mutation AddLimitedProductImage($input: AddProductImageInput!) {
    staffAddProductImage(input: $input) {
      __typename
      ... on ValidationErrors {
        errors {
          field
          message
        }
      }
      ... on StaffProduct {
        images {
          url
        }
      }
    }
  }
`);
const UPLOAD = graphql(`
  mutation UploadLimitedImage($input: UploadImageInput!) {
    staffUploadImage(input: $input) {
      __typename
      ... on ValidationErrors {
        errors {
          field
          message
        }
      }
      ... on UploadedImage {
        url
      }
    }
  }
`);

/** Uploaded files in the media store named `<prefix><random>…` (under `folder`); seeded files have no random part. */
function stored(folder: string, prefix: string): string[] {
  const dir = path.join(mediaRoot, folder);
  const upload = /^[0-9a-f]{10}[.-]/;
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => f.startsWith(prefix) && upload.test(f.slice(prefix.length)))
    : [];
}

describe('picture limits', () => {
  it('refuses 30000×30000 and 16000×16000 PNGs quickly and stores nothing of them', async () => {
    const [product]: Array<{ id: number; slug: string }> = await shop.ds.query(
      // Not a collar: other test files add pictures to collars in the same media folder at the same time.
      `SELECT id, slug FROM product WHERE active AND category_slug <> 'collares' ORDER BY id DESC LIMIT 1`,
    );
    for (const side of [30_000, 16_000]) {
      const dataBase64 = blankPng(side, side).toString('base64');
      const started = performance.now();
      const add = await shop.gql(
        ADD,
        { input: { productId: String(product!.id), contentType: 'image/png', dataBase64, alt: 'Enorme' } },
        auth,
      );
      expect(performance.now() - started).toBeLessThan(3000);
      const refused = add.data!.staffAddProductImage;
      expectTypename(refused, 'ValidationErrors');
      expect(refused.errors[0]!.message).toMatch(/demasiado grande/);
      const upload = await shop.gql(
        UPLOAD,
        { input: { contentType: 'image/png', dataBase64, alt: 'Enorme', name: `enorme-${side}` } },
        auth,
      );
      expect(upload.data!.staffUploadImage.__typename).toBe('ValidationErrors');
      expect(stored('content', `enorme-${side}-`)).toEqual([]);
    }
    expect(stored('products', `${product!.slug}-`)).toEqual([]);
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  });

  it('stores an accepted picture with its variants', async () => {
    const res = await shop.gql(
      UPLOAD,
      {
        input: {
          contentType: 'image/png',
          dataBase64: blankPng(1000, 700).toString('base64'),
          alt: 'Una foto',
          name: 'aceptada',
        },
      },
      auth,
    );
    expect(res.data!.staffUploadImage.__typename).toBe('UploadedImage');
    expect(stored('content', 'aceptada-')).toHaveLength(1);
  });

  it('refuses an SVG with a prefixed script and stores nothing; a clean one is stored sanitised', async () => {
    const svg = (inner: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/>${inner}</svg>`,
      ).toString('base64');
    const bad = await shop.gql(
      UPLOAD,
      {
        input: {
          contentType: 'image/svg+xml',
          dataBase64: svg('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>'),
          alt: 'Con código',
          name: 'svg-con-codigo',
        },
      },
      auth,
    );
    expect(bad.data!.staffUploadImage.__typename).toBe('ValidationErrors');
    expect(stored('content', 'svg-con-codigo-')).toEqual([]);
    const good = await shop.gql(
      UPLOAD,
      {
        input: { contentType: 'image/svg+xml', dataBase64: svg('<circle r="4"/>'), alt: 'Limpio', name: 'svg-limpio' },
      },
      auth,
    );
    const sanitised = good.data!.staffUploadImage;
    expectTypename(sanitised, 'UploadedImage');
    const served = await fetch(`${shop.url}${new URL(sanitised.url, shop.url).pathname}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('<circle r="4"></circle>');
  });
});
