import { BRAND } from '#shared/shop.js';
import { categoryRoute, productPath } from '#shared/storefront-routes.js';
import { absoluteUrl, type SnapshotImage, type SnapshotProduct } from '../catalog/index.js';

/** One size of a published product, as both feeds list it (Google's attribute names). */
export interface FeedItem {
  id: string;
  itemGroupId: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  /** Integer pesos, IVA included. */
  price: number;
  brand: string;
  condition: 'new';
  googleProductCategory: string;
  productType: string;
  size: string;
  /** What shipping one unit costs (0 from the free-shipping threshold) and how long it takes. */
  shipping: { price: number; minDays: number; maxDays: number };
}

export interface FeedExclusion {
  productId: number;
  name: string;
  reason: string;
}

/** The shop's shipping terms as a feed states them: no destination pays more than `fee`. */
export interface FeedShipping {
  freeFrom: number;
  fee: number;
  minDays: number;
  maxDays: number;
}

const TAXONOMY = 'Animals & Pet Supplies > Pet Supplies';

/**
 * Google's product category (its taxonomy, by full path, which Merchant Center and Commerce Manager accept in place of
 * the numeric id): collars, harnesses and chest harnesses; leashes; bandanas and jackets as dog or cat apparel.
 */
export function googleCategoryOf(categorySlug: string, pets: readonly string[]): string {
  if (['collares', 'arneses', 'pecheras', 'pecheras-backpack'].includes(categorySlug))
    return `${TAXONOMY} > Pet Collars & Harnesses`;
  if (categorySlug === 'correas') return `${TAXONOMY} > Pet Leashes`;
  if (categorySlug === 'bandanas' || categorySlug === 'chaquetas')
    return pets.length === 1 && pets[0] === 'CAT'
      ? `${TAXONOMY} > Cat Supplies > Cat Apparel`
      : `${TAXONOMY} > Dog Supplies > Dog Apparel`;
  return TAXONOMY;
}

/** PNG copies of SVG pictures by the SVG's storage key (null: it could not be drawn). */
export type FeedRasters = ReadonlyMap<string, string | null>;

/**
 * A picture Google and Meta accept (JPEG, PNG, WebP): the largest JPEG copy, the original when it is raster, or the
 * PNG copy of SVG artwork; null when there is none.
 */
function feedImageUrl(image: SnapshotImage, rasters: FeedRasters): { url: string; drawn: boolean } | null {
  const jpeg = image.variants?.length ? image.variants[image.variants.length - 1]!.jpeg : null;
  if (jpeg) return { url: jpeg, drawn: false };
  if (/\.(?:jpe?g|png|webp)$/i.test(image.storageKey)) return { url: image.url, drawn: false };
  const png = rasters.get(image.storageKey);
  return png ? { url: png, drawn: true } : null;
}

/** Characters XML 1.0 cannot carry (controls other than tab and line breaks, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\v\f\u000E-\u001F\uFFFE\uFFFF]/g;
/** Half of a surrogate pair without the other half (not a character at all). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Staff text as both feeds can carry it (a pasted spreadsheet cell may hold control characters): without characters
 * XML refuses or lone surrogates, cut to the platform's limit.
 */
const cut = (text: string, max: number) => {
  const clean = text.replace(NOT_XML, '').replace(LONE_SURROGATE, '\uFFFD');
  // A cut through a surrogate pair leaves half of it: dropped.
  return clean.length <= max
    ? clean
    : `${clean
        .slice(0, max - 1)
        .replace(LONE_SURROGATE, '')
        .trimEnd()}…`;
};

/**
 * The feed items of a published product (one per size), and whether any of its pictures is drawn artwork (SVG sent
 * as PNG); or why it cannot be listed.
 */
export function feedItemsOf(
  p: SnapshotProduct,
  publicUrl: string,
  shipping: FeedShipping,
  rasters: FeedRasters = new Map(),
): { items: FeedItem[]; drawn: boolean } | { exclusion: FeedExclusion } {
  const exclude = (reason: string) => ({ exclusion: { productId: p.id, name: p.name, reason } });
  if (!categoryRoute(p.categorySlug)) return exclude('Su categoría no tiene página en la tienda.');
  if (p.sizes.length === 0) return exclude('No tiene tallas.');
  const pictures = p.images.flatMap((i) => {
    const found = feedImageUrl(i, rasters);
    return found ? [{ url: absoluteUrl(found.url, publicUrl), drawn: found.drawn }] : [];
  });
  if (p.images.length === 0) return exclude('No tiene imágenes.');
  if (pictures.length === 0)
    return exclude('Sus imágenes SVG no se pudieron convertir a PNG (el archivo falta o está dañado).');
  const images = pictures.map((i) => i.url);
  const link = absoluteUrl(productPath(p), publicUrl);
  const free = p.price >= shipping.freeFrom;
  return {
    drawn: pictures.slice(0, 11).some((i) => i.drawn),
    items: p.sizes.map((s) => ({
      id: s.sku,
      itemGroupId: String(p.id),
      title: cut(/^única$/i.test(s.label) ? p.name : `${p.name} - Talla ${s.label}`, 150),
      description: cut(p.description, 5000),
      link,
      imageLink: images[0]!,
      additionalImageLinks: images.slice(1, 11),
      inStock: s.stock > 0,
      price: p.price,
      brand: BRAND,
      condition: 'new',
      googleProductCategory: googleCategoryOf(p.categorySlug, p.pets),
      productType: cut(p.categoryName, 750),
      size: cut(s.label, 100),
      shipping: { price: free ? 0 : shipping.fee, minDays: shipping.minDays, maxDays: shipping.maxDays },
    })),
  };
}

/** `85000.00 COP`: the price format both platforms read (ISO 4217 code after the amount). */
export const feedPrice = (pesos: number) => `${pesos}.00 COP`;
