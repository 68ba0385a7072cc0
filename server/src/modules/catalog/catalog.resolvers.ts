import type { Resolvers } from '../../generated/graphql.js';
import { CatalogService } from './catalog.service.js';
import { prefetchProductData, productData } from './product-prefetch.js';
import type { ProductSizeEntity } from './product-size.entity.js';

const soldOut = (sizes: ProductSizeEntity[]) => sizes.every((s) => s.stock <= 0);

/** Thin: the catalog service reads; sizes and images come batched (or prefetched) per request. */
export function createCatalogResolvers(catalog: CatalogService): Resolvers {
  return {
    Query: {
      categories: () => catalog.categories(),
      category: (_p, { slug }) => catalog.category(slug),
      products: async (_p, args, ctx, info) => {
        const page = await catalog.products(args);
        await prefetchProductData(productData(ctx, catalog), info, ['edges', 'node'], page.products.map((p) => p.id));
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
        const product = await catalog.product(Number(id));
        if (product) await prefetchProductData(productData(ctx, catalog), info, [], [product.id]);
        return product;
      },
    },
    Product: {
      id: (p) => String(p.id),
      category: (p) => ({ slug: p.categorySlug, name: p.category?.name ?? p.categorySlug }),
      // Synchronous when the parent resolver prefetched them (listing, detail, cart quote).
      sizes: (p, _a, ctx) => {
        const data = productData(ctx, catalog);
        return data.ready.sizes.get(p.id) ?? data.sizes.load(p.id);
      },
      images: (p, _a, ctx) => {
        const data = productData(ctx, catalog);
        return data.ready.images.get(p.id) ?? data.images.load(p.id);
      },
      soldOut: (p, _a, ctx) => {
        const data = productData(ctx, catalog);
        const sizes = data.ready.sizes.get(p.id);
        return sizes ? soldOut(sizes) : data.sizes.load(p.id).then(soldOut);
      },
      sizeChart: (p) => p.sizeChart,
    },
    ProductSize: {
      id: (s) => String(s.id),
      available: (s) => s.stock > 0,
    },
  };
}
