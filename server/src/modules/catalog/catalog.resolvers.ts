import { openFields } from '../../common/access.js';
import type { Resolvers } from '../../generated/graphql.js';
import { checkPageSize } from '../../common/cursor.js';
import type { CatalogService } from './catalog.service.js';
import { connection } from './listing-models.js';
import {
  prefetchProductData,
  primeProductData,
  productData,
  selectedFields,
  wantedDetails,
} from './product-prefetch.js';
import type { ProductSizeEntity } from './product-size.entity.js';
import { parseFilter, parseSearchText } from './search-input.js';
import type { ListingSpec } from './catalog-rows.js';
import { MAX_LINE_QUANTITY, MAX_SUGGESTIONS } from '#shared/shop.js';

const soldOut = (sizes: ProductSizeEntity[]) => sizes.every((s) => s.stock <= 0);

/** Thin: the catalog service reads; sizes and images come batched (or prefetched) per request. */
export function createCatalogResolvers(catalog: CatalogService): Resolvers {
  return {
    Query: openFields({
      categories: () => catalog.categories(),
      category: (_p, { slug }) => catalog.category(slug),
      products: async (_p, args, ctx, info) => {
        const spec: ListingSpec = {
          text: null,
          category: args.category,
          collection: args.collection,
          filter: parseFilter(args.filter),
        };
        const withFacets = selectedFields(info, []).has('facets');
        const details = wantedDetails(info, ['edges', 'node']);
        const page = await catalog.products({ ...args, filter: spec.filter, withFacets, details });
        const data = productData(ctx, catalog);
        primeProductData(data, page.details);
        await prefetchProductData(
          data,
          info,
          ['edges', 'node'],
          page.products.map((p) => p.id),
        );
        return connection(page, spec);
      },
      search: async (_p, args, ctx, info) => {
        const text = parseSearchText(args.query);
        const spec: ListingSpec = { text, filter: parseFilter(args.filter) };
        spec.read = text ? await catalog.search.readText(text) : null;
        const withFacets = selectedFields(info, ['products']).has('facets');
        const page = await catalog.products({
          text,
          read: spec.read,
          filter: spec.filter,
          withFacets,
          details: wantedDetails(info, ['products', 'edges', 'node']),
          sort: args.sort,
          first: args.first,
          after: args.after,
        });
        const data = productData(ctx, catalog);
        primeProductData(data, page.details);
        await prefetchProductData(
          data,
          info,
          ['products', 'edges', 'node'],
          page.products.map((p) => p.id),
        );
        return {
          query: text?.display ?? '',
          correctedQuery: page.correctedQuery,
          products: connection(page, spec),
          text,
          read: spec.read,
        };
      },
      searchSuggestions: async (_p, { query, first }, ctx, info) => {
        const text = parseSearchText(query);
        const size = checkPageSize(first, MAX_SUGGESTIONS, 5);
        if (!text) return { query: '', products: [], categories: [] };
        const { products, categories, details } = await catalog.search.suggestions(text, size);
        const data = productData(ctx, catalog);
        // Products found by name came with their sizes and images; the search's fallback results did not.
        primeProductData(data, details);
        await prefetchProductData(
          data,
          info,
          ['products'],
          products.map((p) => p.id),
        );
        return { query: text.display, products, categories };
      },
      bestSellers: async (_p, { first }, ctx, info) => {
        const products = await catalog.bestSellers(checkPageSize(first, 24, 8));
        await prefetchProductData(
          productData(ctx, catalog),
          info,
          [],
          products.map((p) => p.id),
        );
        return products;
      },
      product: async (_p, { id }, ctx) => {
        if (!/^\d{1,9}$/.test(id)) return null;
        // The product page's read: sizes, images and former categories come with the product (one statement).
        const detail = await catalog.productDetail(Number(id));
        if (!detail) return null;
        const { ready } = productData(ctx, catalog);
        ready.sizes.set(detail.product.id, detail.sizes);
        ready.images.set(detail.product.id, detail.images);
        ready.formerCategories.set(detail.product.id, detail.formerCategories);
        return detail.product;
      },
    }),
    ProductConnection: {
      // Read with the page when the operation asked for them; alone otherwise.
      facets: (conn) => conn.facets ?? catalog.facets(conn.spec),
    },
    SearchResult: {
      categories: (r) => catalog.search.matchingCategories(r.read),
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
      sizeGuide: (p) => p.sizeGuide,
      formerCategories: (p, _a, ctx) =>
        productData(ctx, catalog).ready.formerCategories.get(p.id) ?? catalog.formerCategories(p.id, p.categorySlug),
    },
    ProductSize: {
      id: (s) => String(s.id),
      // Shoppers see at most the units one line may take; the cached catalog changes only below that (migration
      // 1767000000000-size-stock-notify), and the shop's real stock level stays its own business.
      stock: (s) => Math.min(Math.max(s.stock, 0), MAX_LINE_QUANTITY),
      available: (s) => s.stock > 0,
    },
  };
}
