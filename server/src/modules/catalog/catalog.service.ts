import type { DataSource } from 'typeorm';
import { selectRows } from '../../common/db.js';
import type { ReadCache } from '../../common/read-cache.js';
import type { Pool } from 'pg';
import { MAX_PAGE_SIZE, PRICE_RANGES, SEARCH_EXACT_LIMIT } from '#shared/shop.js';
import { checkPageSize, decodeOffsetCursor, encodeOffsetCursor } from '../../common/cursor.js';
import type { ProductEntity } from './product.entity.js';
import { ProductSizeEntity } from './product-size.entity.js';
import { ProductImageEntity } from './product-image.entity.js';
import { isEmptyFilter, NO_FILTER, type SearchText } from './search-input.js';
import { activeProductsOf, BEST_SELLERS_SQL, ORDER_BY, PRODUCT_COLUMNS, PRODUCT_DETAIL_SQL } from './search-sql.js';
import {
  detailColumns,
  facetedListingStatement,
  NO_DETAILS,
  searchPageStatement,
  readPlanFor,
  type PageSpec,
  type ProductDetails,
} from './listing-sql.js';
import { CatalogSearchService } from './catalog-search.service.js';
import {
  type ProductSortKey,
  type ListingSpec,
  type TextRead,
  type ProductPage,
  type ProductFacets,
  type CategoryWithCount,
  type CategoryRow,
  categoryFromRow,
  type ProductRow,
  type ListingRow,
  emptyFacets,
  facetsFromRow,
  productFromRow,
  SIZES_BY_PRODUCT_SQL,
  IMAGES_BY_PRODUCT_SQL,
  type SizeRow,
  sizeFromRow,
  type ImageRow,
  imageFromRow,
  groupByProduct,
  pageDetails,
} from './catalog-rows.js';

/** Public catalog reads. Listing = 1 statement, with the sizes and images the operation selects (or batched by DataLoader). */
export class CatalogService {
  /** Text search: reading a text, suggestions, matching categories and ids (catalog-search.service.ts). */
  readonly search: CatalogSearchService;

  /**
   * `cache` and `genericPlans` are the search suggestions' (CatalogSearchService): where they are kept between
   * catalog changes, and the pool that keeps their statement's plan.
   */
  constructor(
    private readonly ds: DataSource,
    cache?: ReadCache,
    genericPlans?: Pool,
  ) {
    const firstResults = async (text: SearchText, first: number) =>
      (await this.products({ text, first, sort: 'RELEVANCE' })).products;
    this.search = new CatalogSearchService(ds, firstResults, cache, genericPlans);
  }

  /** Closes the connections this service (its search) opened itself. */
  async stop(): Promise<void> {
    await this.search.stop();
  }

  async categories(): Promise<CategoryWithCount[]> {
    const rows = await selectRows<CategoryRow>(
      this.ds,
      `SELECT c.slug, c.name, c.description, c.position, ${activeProductsOf('c.slug')} AS product_count FROM category c ORDER BY c.position`,
    );
    return rows.map(categoryFromRow);
  }

  async category(slug: string): Promise<CategoryWithCount | null> {
    return (await this.categories()).find((c) => c.slug === slug) ?? null;
  }

  /**
   * A listing page: category/collection scope, optional search text and filters. Without text and
   * filters it is the plain listing statement (index order, uncorrelated total); otherwise one
   * statement from listing-sql.ts (after the text's own, for a search). The sizes and images the caller asks for
   * (`details`) come in the same statement; the others, batched, if a field asks for them: constant statements
   * per page.
   */
  async products(args: {
    category?: string | null;
    collection?: string | null;
    text?: SearchText | null;
    /** The text as PostgreSQL reads it, when the caller already read it. */
    read?: TextRead | null;
    filter?: ListingSpec['filter'];
    /** Compute the counts per filter option in the same statement. */
    withFacets?: boolean;
    /** Read the products' sizes and/or images with the page (returned in `details`). */
    details?: ProductDetails;
    sort?: ProductSortKey | null;
    first?: number | null;
    after?: string | null;
  }): Promise<ProductPage> {
    const first = checkPageSize(args.first, MAX_PAGE_SIZE, 24);
    const offset = decodeOffsetCursor(args.after);
    const spec: ListingSpec = {
      text: args.text ?? null,
      read: args.read,
      category: args.category,
      collection: args.collection,
      filter: args.filter ?? NO_FILTER,
    };
    const details = args.details ?? NO_DETAILS;
    if (spec.text || args.withFacets || !isEmptyFilter(spec.filter))
      return this.listing(spec, args.sort ?? 'RELEVANCE', first, offset, args.withFacets ?? false, details);
    const params: unknown[] = [];
    const where = ['p.active'];
    let categoryParam = '';
    if (args.category) {
      params.push(args.category);
      categoryParam = `$${params.length}`;
      where.push(`p.category_slug = ${categoryParam}`);
    }
    if (args.collection) {
      params.push([args.collection]);
      where.push(`p.collections @> $${params.length}::text[]`);
    }
    // A whole category's total is kept by PostgreSQL (one row, whatever the catalogue's size); a collection's is
    // counted. Either way an uncorrelated sub-select, so the page itself is a LIMIT over the
    // (category_slug, active, position, id) index instead of a window over every matching row.
    const total =
      categoryParam && !args.collection
        ? activeProductsOf(categoryParam)
        : `(SELECT count(*) FROM product p WHERE ${where.join(' AND ')})`;
    params.push(first, offset);
    const rows = await selectRows<ProductRow & { sizes?: SizeRow[]; images?: ImageRow[] }>(
      this.ds,
      `SELECT ${PRODUCT_COLUMNS}${detailColumns(details)}, ${total} AS total
         FROM product p JOIN category c ON c.slug = p.category_slug
        WHERE ${where.join(' AND ')}
        ORDER BY ${ORDER_BY[args.sort ?? 'RELEVANCE']}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let totalCount = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && offset > 0) {
      // Past the last page: the same total on its own.
      const [{ n }] = await selectRows<{ n: string | number }>(
        this.ds,
        `SELECT ${total} AS n`,
        params.slice(0, params.length - 2),
      );
      totalCount = Number(n);
    }
    return {
      products: rows.map((r) => productFromRow(r)),
      details: pageDetails(rows),
      offset,
      totalCount,
      totalExact: true,
      hasNextPage: offset + rows.length < totalCount,
      correctedQuery: null,
      facets: null,
    };
  }

  private async listing(
    spec: ListingSpec,
    sort: ProductSortKey,
    first: number,
    offset: number,
    withFacets: boolean,
    details: ProductDetails,
  ): Promise<ProductPage> {
    const ranges = withFacets ? PRICE_RANGES : null;
    if (spec.text) {
      const read = spec.read ?? (await this.search.readText(spec.text));
      spec.read = read;
      if (!read.query) {
        return {
          products: [],
          offset,
          totalCount: 0,
          totalExact: true,
          hasNextPage: false,
          correctedQuery: read.correctedQuery,
          facets: withFacets ? emptyFacets() : null,
        };
      }
      const pageSpec: PageSpec = { text: read.query, filter: spec.filter };
      const plan = readPlanFor(read.fraction, read.products, first, offset);
      const st = searchPageStatement(pageSpec, sort, first, offset, ranges, plan, details);
      const page = await this.page(st.sql, st.params, offset, withFacets);
      return { ...page, correctedQuery: read.correctedQuery };
    }
    // Collections are small curated sets, counted whole; categories and the whole shop read their kept counts.
    const st = spec.collection
      ? searchPageStatement({ ...spec, text: null }, sort, first, offset, ranges, 'index', details)
      : facetedListingStatement(spec, sort, first, offset, ranges, details);
    return this.page(st.sql, st.params, offset, withFacets);
  }

  private async page(sql: string, params: unknown[], offset: number, withFacets: boolean): Promise<ProductPage> {
    const rows = await selectRows<ListingRow>(this.ds, sql, params);
    const head = rows[0]!;
    const found = rows.filter((r): r is ListingRow & { id: number } => r.id !== null);
    const products = found.map((r) => productFromRow(r));
    let totalCount: number;
    let totalExact = true;
    let hasNextPage: boolean;
    if (head.total !== undefined) {
      totalCount = head.total;
      hasNextPage = offset + products.length < totalCount;
    } else {
      // Every hit was read when fewer than the most asked for came back; otherwise there are more than the limit.
      const seen = head.seen ?? 0;
      totalExact = head.need == null || seen < head.need;
      totalCount = totalExact ? seen : SEARCH_EXACT_LIMIT;
      hasNextPage = seen > offset + products.length;
    }
    return {
      products,
      details: pageDetails(found),
      offset,
      totalCount,
      totalExact,
      hasNextPage,
      correctedQuery: null,
      facets: withFacets ? facetsFromRow(head) : null,
    };
  }

  /** Counts per filter option alone (when the page was read without them). */
  async facets(spec: ListingSpec): Promise<ProductFacets> {
    return (await this.listing(spec, 'RELEVANCE', 1, 0, true, NO_DETAILS)).facets!;
  }

  /** Most sold (paid orders, last 90 days) in-stock products, then the shop's own order. */
  async bestSellers(first: number): Promise<ProductEntity[]> {
    const rows = await selectRows<ProductRow>(this.ds, BEST_SELLERS_SQL, [first]);
    return rows.map((r) => productFromRow(r));
  }

  /**
   * A product with its sizes, images and the categories it was moved out of, in one statement: the product page
   * (and its server render) asks for all of them.
   */
  async productDetail(id: number): Promise<{
    product: ProductEntity;
    sizes: ProductSizeEntity[];
    images: ProductImageEntity[];
    formerCategories: string[];
  } | null> {
    const rows = await selectRows<ProductRow & { sizes: SizeRow[]; images: ImageRow[]; former_categories: string[] }>(
      this.ds,
      PRODUCT_DETAIL_SQL,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      product: productFromRow(row),
      sizes: row.sizes.map(sizeFromRow),
      images: row.images.map(imageFromRow),
      formerCategories: row.former_categories,
    };
  }

  async product(id: number): Promise<ProductEntity | null> {
    const rows = await selectRows<ProductRow>(
      this.ds,
      `SELECT ${PRODUCT_COLUMNS} FROM product p JOIN category c ON c.slug = p.category_slug WHERE p.id = $1 AND p.active`,
      [id],
    );
    return rows[0] ? productFromRow(rows[0]) : null;
  }

  /** Categories a product was moved out of (its old URLs there answer 301). */
  async formerCategories(productId: number, current: string): Promise<string[]> {
    const rows = await selectRows<{ category_slug: string }>(
      this.ds,
      `SELECT DISTINCT category_slug FROM product_slug_history WHERE product_id = $1 AND category_slug <> $2 ORDER BY category_slug`,
      [productId, current],
    );
    return rows.map((r) => r.category_slug);
  }

  /** Batched for DataLoader: sizes of many products in one statement. */
  async sizesByProduct(productIds: readonly number[]): Promise<ProductSizeEntity[][]> {
    const rows = await selectRows<SizeRow>(this.ds, SIZES_BY_PRODUCT_SQL, [productIds]);
    return groupByProduct(productIds, rows.map(sizeFromRow));
  }

  /** Batched for DataLoader: images of many products in one statement. */
  async imagesByProduct(productIds: readonly number[]): Promise<ProductImageEntity[][]> {
    const rows = await selectRows<ImageRow>(this.ds, IMAGES_BY_PRODUCT_SQL, [productIds]);
    const images = rows.map(imageFromRow);
    return groupByProduct(productIds, images);
  }

  static cursor(offset: number): string {
    return encodeOffsetCursor(offset);
  }
}
