import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkoutSchema } from './checkout.js';
import { campaignInputSchema, homeSlideInputSchema, promoBlockInputSchema } from './content.js';
import { discountCodeInputSchema } from './discount-codes.js';
import { orderLookupSchema } from './order-lookup.js';
import { productInputSchema } from './product-form.js';
import { returnRequestFormSchema } from './return-request.js';
import { sizeGuideSchema } from './size-guide-schema.js';

const MB = 1024 * 1024;

/** Texts that make backtracking patterns (and careless loops) slow: long runs that almost match, then fail. */
export const ADVERSARIAL_TEXTS: Record<string, string> = {
  letters: `${'á'.repeat(MB)}!`,
  'letters and spaces': `${'a '.repeat(MB / 2)}\u0000`,
  'spaces then a letter': `${' \t'.repeat(MB / 2)}a`,
  emails: `${'a@b.'.repeat(MB / 4)}@`,
  digits: `${'1'.repeat(MB)}x`,
  slashes: `${'-/'.repeat(MB / 2)}\\`,
};

/** Every path to a string in a sample input. */
function stringPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withText(sample: unknown, path: Array<string | number>, text: string): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = text;
  return copy;
}

/** Each shared schema a client's text goes through, with a sample where every text field is filled. */
const SAMPLES: Array<[string, z.ZodType, unknown]> = [
  [
    'checkout',
    checkoutSchema,
    {
      customer: {
        fullName: 'Ana María Pérez',
        email: 'ana@correo.com',
        phone: '315 482 7760',
        documentType: 'CC',
        documentNumber: '1020304050',
      },
      shipping: { departmentCode: '54', municipalityCode: '54001', address: 'Av. 0 # 11-64', neighborhood: 'Caobos' },
      paymentMethod: 'CARD',
      acceptDataPolicy: true,
    },
  ],
  ['order lookup', orderLookupSchema, { reference: 'ENZ-7K3Q9D', email: 'ana@correo.com' }],
  [
    'return request',
    returnRequestFormSchema,
    { kind: 'RETRACTO', items: [{ lineId: '1', quantity: 1 }], reason: 'No me quedó bien la talla.' },
  ],
  [
    'discount code',
    discountCodeInputSchema,
    { code: 'ENZO10', percent: 10, active: true, validFrom: '2026-01-01', categorySlugs: ['collares'] },
  ],
  [
    'product',
    productInputSchema,
    {
      name: 'Collar cuero miel',
      slug: 'collar-cuero-miel',
      categorySlug: 'collares',
      description: 'Un collar de cuero con hebilla de bronce.',
      price: 85000,
      active: true,
      collections: ['halloween'],
      pets: ['DOG'],
      sizes: [{ id: '1', label: 'M', stock: 3 }],
    },
  ],
  [
    'size guide',
    sizeGuideSchema,
    { measurements: ['NECK'], rows: [{ size: 'M', values: [{ min: 30, max: 40 }] }], note: 'Mide el cuello.' },
  ],
  [
    'home slide',
    homeSlideInputSchema,
    {
      title: 'Halloween',
      alt: 'Perro disfrazado',
      link: '/halloween',
      desktopImageKey: 'content/a.png',
      mobileImageKey: 'content/b.png',
      active: true,
    },
  ],
  [
    'promo block',
    promoBlockInputSchema,
    {
      title: 'Pecheras',
      body: 'Pecheras para paseos largos.',
      imageKey: 'content/a.png',
      imageAlt: 'Pechera',
      linkUrl: '/pecheras',
      linkLabel: 'Ver pecheras',
      fromPriceCategory: 'pecheras',
      active: true,
    },
  ],
  ['campaign', campaignInputSchema, { title: 'Halloween', description: 'Disfraces para tu mascota.', active: true }],
];

describe('every shared rule reads at most its limit of a client text', () => {
  for (const [name, schema, sample] of SAMPLES) {
    it(`${name}: 1 MB of adversarial text in any field is refused in milliseconds`, () => {
      const paths = stringPaths(sample);
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        for (const [kind, text] of Object.entries(ADVERSARIAL_TEXTS)) {
          const started = performance.now();
          const result = schema.safeParse(withText(sample, path, text));
          const took = performance.now() - started;
          // Surrounding spaces are trimmed away, so only the other texts are sure to be wrong in every field.
          if (kind !== 'spaces then a letter') expect(result.success, `${path.join('.')} (${kind})`).toBe(false);
          expect(took, `${path.join('.')} (${kind}) took ${Math.round(took)} ms`).toBeLessThan(250);
        }
      }
    });
  }
});
