import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import DataLoader from 'dataloader';
import type { GraphQLContext } from '../../common/context.js';
import type { CatalogService } from './catalog.service.js';
import type { ProductSizeEntity } from './product-size.entity.js';
import type { ProductImageEntity } from './product-image.entity.js';
import type { PageDetails } from './catalog-rows.js';
import type { ProductDetails } from './listing-sql.js';

/**
 * Product sizes and images loaded ahead of GraphQL's walk over the products.
 *
 * With DataLoader alone every product's `sizes`, `images` and `soldOut` is a promise, so graphql-js
 * completes each product (and each edge, and the list) asynchronously: on a page of 24 that is the
 * bulk of the execution time. The resolver that returns the products reads what the operation selects of them
 * with the products themselves where its statement can (listings, searches, suggestions, the product page:
 * `wantedDetails`, `primeProductData`), or runs the same two batched statements itself once it knows their ids
 * (through the same DataLoaders, so nothing is loaded twice); the Product fields then answer synchronously. Only
 * the fields the operation selects are loaded: a listing without images reads no image.
 */

/** Field names selected at `path` below the current field (fragments included), cached per query document. */
const selectionCache = new WeakMap<FieldNode, Map<string, ReadonlySet<string>>>();

function fieldsOf(sets: readonly SelectionSetNode[], info: GraphQLResolveInfo): FieldNode[] {
  const out: FieldNode[] = [];
  const visit = (set: SelectionSetNode, depth: number) => {
    if (depth > 20) return;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) out.push(s);
      else if (s.kind === Kind.INLINE_FRAGMENT) visit(s.selectionSet, depth + 1);
      else {
        const fragment = info.fragments[s.name.value];
        if (fragment) visit(fragment.selectionSet, depth + 1);
      }
    }
  };
  for (const set of sets) visit(set, 0);
  return out;
}

export function selectedFields(info: GraphQLResolveInfo, path: readonly string[]): ReadonlySet<string> {
  const key = path.join('.');
  const cacheable = info.fieldNodes.length === 1;
  const perField = cacheable ? selectionCache.get(info.fieldNodes[0]!) : undefined;
  const hit = perField?.get(key);
  if (hit) return hit;
  let sets = info.fieldNodes.flatMap((f) => (f.selectionSet ? [f.selectionSet] : []));
  for (const step of path) {
    sets = fieldsOf(sets, info).flatMap((f) => (f.name.value === step && f.selectionSet ? [f.selectionSet] : []));
  }
  const names = new Set(fieldsOf(sets, info).map((f) => f.name.value));
  if (cacheable) {
    const map = perField ?? new Map<string, ReadonlySet<string>>();
    map.set(key, names);
    if (!perField) selectionCache.set(info.fieldNodes[0]!, map);
  }
  return names;
}

/** A request's product sizes and images: batched loaders plus what was already prefetched. */
export interface ProductData {
  sizes: DataLoader<number, ProductSizeEntity[]>;
  images: DataLoader<number, ProductImageEntity[]>;
  ready: {
    sizes: Map<number, ProductSizeEntity[]>;
    images: Map<number, ProductImageEntity[]>;
    /** Categories a product was moved out of, when read with the product (its detail). */
    formerCategories: Map<number, string[]>;
  };
}

const PRODUCT_DATA = Symbol('catalog.productData');

/** The request's product data, created on first use (most operations never need it: a cart quote without products does not pay for it). */
export function productData(ctx: GraphQLContext, catalog: CatalogService): ProductData {
  return ctx.scoped(PRODUCT_DATA, () => ({
    sizes: new DataLoader((ids: readonly number[]) => catalog.sizesByProduct(ids)),
    images: new DataLoader((ids: readonly number[]) => catalog.imagesByProduct(ids)),
    ready: { sizes: new Map(), images: new Map(), formerCategories: new Map() },
  }));
}

/** What the Product fields selected at `path` need of each product: its sizes (also `soldOut`) and its images. */
export function wantedDetails(info: GraphQLResolveInfo, path: readonly string[]): ProductDetails {
  const fields = selectedFields(info, path);
  return { sizes: fields.has('sizes') || fields.has('soldOut'), images: fields.has('images') };
}

/** Records the sizes and images read with the products (PageDetails) as the request's ready data. */
export function primeProductData(data: ProductData, details: PageDetails | undefined): void {
  for (const [id, sizes] of details?.sizes ?? []) data.ready.sizes.set(id, sizes);
  for (const [id, images] of details?.images ?? []) data.ready.images.set(id, images);
}

/**
 * Loads sizes and/or images for `productIds` when the Product fields selected at `path` need them and they were
 * not read with the products, and records them in the request's ready maps. A failed batch is not recorded: the
 * field resolvers then fall back to the DataLoader and report the error on their own fields, as before.
 */
export async function prefetchProductData(
  data: ProductData,
  info: GraphQLResolveInfo,
  path: readonly string[],
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  const wanted = wantedDetails(info, path);
  const { ready } = data;
  // Only what was not read with the products already.
  const sizeIds = wanted.sizes ? productIds.filter((id) => !ready.sizes.has(id)) : [];
  const imageIds = wanted.images ? productIds.filter((id) => !ready.images.has(id)) : [];
  if (sizeIds.length === 0 && imageIds.length === 0) return;
  const [sizes, images] = await Promise.all([
    sizeIds.length ? data.sizes.loadMany(sizeIds) : null,
    imageIds.length ? data.images.loadMany(imageIds) : null,
  ]);
  sizeIds.forEach((id, i) => {
    const s = sizes?.[i];
    if (s && !(s instanceof Error)) ready.sizes.set(id, s);
  });
  imageIds.forEach((id, i) => {
    const im = images?.[i];
    if (im && !(im instanceof Error)) ready.images.set(id, im);
  });
}
