import type { Resolvers } from '../../generated/graphql.js';
import { CatalogService } from './catalog.service.js';
import { badInput } from '../../app/errors.js';
import { BRAND, FREE_SHIPPING_THRESHOLD, IVA_RATE, SHIPPING_FEE } from '../../config/shop.js';

export function parseId(id: string, field = 'id'): number {
  if (!/^\d{1,9}$/.test(id)) throw badInput('El identificador no es válido.', field);
  return Number(id);
}

export const catalogResolvers: Resolvers = {
  Query: {
    categories: (_p, _a, ctx) => ctx.services.catalog.categories(),
    category: (_p, { slug }, ctx) => ctx.services.catalog.category(slug),
    products: async (_p, args, ctx) => {
      const page = await ctx.services.catalog.products(args);
      return {
        edges: page.products.map((node, i) => ({ node, cursor: CatalogService.cursor(page.offset + i + 1) })),
        pageInfo: {
          hasNextPage: page.hasNextPage,
          endCursor: page.products.length ? CatalogService.cursor(page.offset + page.products.length) : null,
        },
        totalCount: page.totalCount,
      };
    },
    product: (_p, { id }, ctx) => (/^\d{1,9}$/.test(id) ? ctx.services.catalog.product(Number(id)) : null),
    homeMedia: (_p, _a, ctx) => ctx.services.homeMedia.get(),
    shopSettings: () => ({ freeShippingThreshold: FREE_SHIPPING_THRESHOLD, shippingFee: SHIPPING_FEE, ivaRate: IVA_RATE, brand: BRAND }),
  },
  Product: {
    id: (p) => String(p.id),
    category: (p) => ({ slug: p.categorySlug, name: p.category?.name ?? p.categorySlug }),
    sizes: (p, _a, ctx) => ctx.loaders.sizes.load(p.id),
    images: async (p, _a, ctx) => (await ctx.loaders.images.load(p.id)).map((i) => ({ url: i.url, alt: i.alt, width: i.width, height: i.height })),
    soldOut: async (p, _a, ctx) => (await ctx.loaders.sizes.load(p.id)).every((s) => s.stock <= 0),
    sizeChart: (p) => p.sizeChart,
  },
  ProductSize: {
    id: (s) => String(s.id),
    available: (s) => s.stock > 0,
  },
};
