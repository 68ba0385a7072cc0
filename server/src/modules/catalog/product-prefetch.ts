import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import DataLoader from 'dataloader';
import type { GraphQLContext } from '../../common/context.js';
import type { CatalogService } from './catalog.service.js';
import type { ProductSizeEntity } from './product-size.entity.js';
import type { ProductImageEntity } from './product-image.entity.js';

/**
 * Product sizes and images loaded ahead of GraphQL's walk over the products.
 *
 * With DataLoader alone every product's `sizes`, `images` and `soldOut` is a promise, so graphql-js
 * completes each product (and each edge, and the list) asynchronously: on a page of 24 that is the
 * bulk of the execution time. The resolver that returns the products already knows their ids, so it
 * runs the same two batched statements itself (through the same DataLoaders, so nothing is loaded
 * twice) and the Product fields then answer synchronously. Only the fields the operation selects are
 * loaded: a listing without images still sends no image statement.
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

/**
 * Loads sizes and/or images for `productIds` when the Product fields selected at `path` need them,
 * and records them in the request's ready maps. A failed batch is not recorded: the field resolvers
 * then fall back to the DataLoader and report the error on their own fields, as before.
 */
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

export async function prefetchProductData(
  data: ProductData,
  info: GraphQLResolveInfo,
  path: readonly string[],
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  const fields = selectedFields(info, path);
  const wantSizes = fields.has('sizes') || fields.has('soldOut');
  const wantImages = fields.has('images');
  if (!wantSizes && !wantImages) return;
  const { ready } = data;
  const [sizes, images] = await Promise.all([
    wantSizes ? data.sizes.loadMany(productIds) : null,
    wantImages ? data.images.loadMany(productIds) : null,
  ]);
  productIds.forEach((id, i) => {
    const s = sizes?.[i];
    if (s && !(s instanceof Error)) ready.sizes.set(id, s);
    const im = images?.[i];
    if (im && !(im instanceof Error)) ready.images.set(id, im);
  });
}
