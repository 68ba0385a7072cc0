import type { ProductEntity } from './product.entity.js';
import type { SearchText } from './search-input.js';
import { CatalogService } from './catalog.service.js';
import type { ListingSpec, ProductFacets, ProductPage, TextRead } from './catalog-rows.js';

/** GraphQL ProductConnection as the resolvers return it: the page plus what `facets` needs. */
export interface ProductConnectionModel {
  edges: { node: ProductEntity; cursor: string }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
  totalCountExact: boolean;
  spec: ListingSpec;
  /** Read with the page when the operation selected them. */
  facets: ProductFacets | null;
}

export interface SearchResultModel {
  query: string;
  correctedQuery: string | null;
  products: ProductConnectionModel;
  text: SearchText | null;
  /** The text as PostgreSQL read it (the matching categories reuse it). */
  read: TextRead | null;
}

export function connection(page: ProductPage, spec: ListingSpec): ProductConnectionModel {
  return {
    edges: page.products.map((node, i) => ({ node, cursor: CatalogService.cursor(page.offset + i + 1) })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      endCursor: page.products.length ? CatalogService.cursor(page.offset + page.products.length) : null,
    },
    totalCount: page.totalCount,
    totalCountExact: page.totalExact,
    spec,
    facets: page.facets,
  };
}
