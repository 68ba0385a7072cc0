import type { Resolvers } from '../../generated/graphql.js';
import { CatalogService } from './catalog.service.js';
import { prefetchProductData } from './product-prefetch.js';
import type { ProductSizeEntity } from './product-size.entity.js';
import { badInput } from '../../app/errors.js';
import { BRAND, FREE_SHIPPING_THRESHOLD, IVA_RATE, SHIPPING_FEE } from '#shared/shop.js';

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
      const page = await ctx.services.catalog.products(args);
      await prefetchProductData(ctx, info, ['edges', 'node'], page.products.map((p) => p.id));
      return {
        edges: page.products.map((node, i) => ({ node, cursor: CatalogService.cursor(page.offset + i + 1) })),
        pageInfo: {
          hasNextPage: page.hasNextPage,
          endCursor: page.products.length ? CatalogService.cursor(page.offset + page.products.length) : null,
        },
        totalCount: page.totalCount,
      };
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
