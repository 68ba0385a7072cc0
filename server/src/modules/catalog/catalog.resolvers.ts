import type { Resolvers } from '../../generated/graphql.js';
import { connection } from './listing-models.js';
import { parseFilter, parseSearchText } from './search-input.js';
import type { ListingSpec } from './search-sql.js';
import { prefetchProductData, selectedFields } from './product-prefetch.js';
import type { ProductSizeEntity } from './product-size.entity.js';
import { badInput } from '../../app/errors.js';
import { checkPageSize } from '../../app/cursor.js';
import { BRAND, FREE_SHIPPING_THRESHOLD, IVA_RATE, SHIPPING_FEE } from '../../config/shop.js';

export function parseId(id: string, field = 'id'): number {
  if (!/^\d{1,9}$/.test(id)) throw badInput('El identificador no es válido.', field);
  return Number(id);
}

const soldOut = (sizes: ProductSizeEntity[]) => sizes.every((s) => s.stock <= 0);

export const catalogResolvers: Resolvers = {
  Query: {
    categories: (_p, _a, ctx) => ctx.services.catalog.categories(),
    category: (_p, { slug }, ctx) => ctx.services.catalog.category(slug),
    products: async (_p, args, ctx, info) => {
      const spec: ListingSpec = { text: null, category: args.category, collection: args.collection, filter: parseFilter(args.filter) };
      const withFacets = selectedFields(info, []).has('facets');
      const page = await ctx.services.catalog.products({ ...args, filter: spec.filter, withFacets });
      await prefetchProductData(ctx, info, ['edges', 'node'], page.products.map((p) => p.id));
      return connection(page, spec);
    },
    search: async (_p, args, ctx, info) => {
      const text = parseSearchText(args.query);
      const spec: ListingSpec = { text, filter: parseFilter(args.filter) };
      const withFacets = selectedFields(info, ['products']).has('facets');
      const page = await ctx.services.catalog.products({ text, filter: spec.filter, withFacets, sort: args.sort, first: args.first, after: args.after });
      await prefetchProductData(ctx, info, ['products', 'edges', 'node'], page.products.map((p) => p.id));
      return { query: text?.display ?? '', correctedQuery: page.correctedQuery, products: connection(page, spec), text };
    },
    bestSellers: async (_p, { first }, ctx, info) => {
      const products = await ctx.services.catalog.bestSellers(checkPageSize(first, 24, 8));
      await prefetchProductData(ctx, info, [], products.map((p) => p.id));
      return products;
    },
    product: async (_p, { id }, ctx, info) => {
      if (!/^\d{1,9}$/.test(id)) return null;
      const product = await ctx.services.catalog.product(Number(id));
      if (product) await prefetchProductData(ctx, info, [], [product.id]);
      return product;
    },
    homeMedia: (_p, _a, ctx) => ctx.services.homeMedia.get(),
    shopSettings: () => ({ freeShippingThreshold: FREE_SHIPPING_THRESHOLD, shippingFee: SHIPPING_FEE, ivaRate: IVA_RATE, brand: BRAND }),
  },
  ProductConnection: {
    facets: (conn, _a, ctx) => conn.facets ?? ctx.services.catalog.facets(conn.spec),
  },
  SearchResult: {
    categories: (r, _a, ctx) => ctx.services.catalog.matchingCategories(r.text),
  },
  Product: {
    id: (p) => String(p.id),
    category: (p) => ({ slug: p.categorySlug, name: p.category?.name ?? p.categorySlug }),
    // Synchronous when the parent resolver prefetched them (listing, detail, cart quote).
    sizes: (p, _a, ctx) => ctx.ready.sizes.get(p.id) ?? ctx.loaders.sizes.load(p.id),
    images: (p, _a, ctx) => ctx.ready.images.get(p.id) ?? ctx.loaders.images.load(p.id),
    soldOut: (p, _a, ctx) => {
      const sizes = ctx.ready.sizes.get(p.id);
      return sizes ? soldOut(sizes) : ctx.loaders.sizes.load(p.id).then(soldOut);
    },
    sizeChart: (p) => p.sizeChart,
  },
  ProductSize: {
    id: (s) => String(s.id),
    available: (s) => s.stock > 0,
  },
};
