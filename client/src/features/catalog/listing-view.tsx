import type { ReactNode } from 'react';
import { ProductCard, ProductCardSkeleton } from '../../components/product-card';
import { productPath } from '#shared/storefront-routes.js';
import type { ListingFacetsFieldsFragment, ProductCardFieldsFragment } from './catalog.generated';
import { ListingFilters, type ListingFiltersProps } from './listing-filters';

export interface ListingViewProps extends Omit<ListingFiltersProps, 'facets' | 'total' | 'totalExact'> {
  header: ReactNode;
  facets: ListingFacetsFieldsFragment | undefined;
  products: ProductCardFieldsFragment[];
  total: number | undefined;
  /** False when a search matched more than `total` products. */
  totalExact?: boolean;
  loading: boolean;
  failed: boolean;
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Shown when the listing is loaded and empty. */
  empty: ReactNode;
  /** False when there is nothing to narrow (no result and no filter on): the page shows only `empty`. */
  showFilters: boolean;
}

/** Listing layout shared by the category pages and /buscar: filters beside (or over) the grid, load more. */
export function ListingView({
  header,
  products,
  total,
  totalExact,
  loading,
  failed,
  hasNextPage,
  loadingMore,
  onLoadMore,
  empty,
  showFilters,
  ...filters
}: ListingViewProps) {
  return (
    <section className="catalog" aria-labelledby="catalog-title">
      {header}
      <div className={showFilters ? 'catalog__layout' : undefined}>
        {showFilters ? <ListingFilters {...filters} total={total} totalExact={totalExact} /> : null}
        <div className="catalog__results">
          {failed ? (
            <p className="catalog__error" role="alert">
              No pudimos cargar los productos. Revisa tu conexión e intenta de nuevo.
            </p>
          ) : null}
          {!loading && total === 0 ? empty : null}
          <ul className="catalog__grid" aria-busy={loading}>
            {products.map((p, i) => (
              <li key={p.id}>
                <ProductCard
                  href={productPath(p)}
                  name={p.name}
                  price={p.price}
                  soldOut={p.soldOut}
                  image={p.images[0]}
                  eager={i < 4}
                />
              </li>
            ))}
            {loading && !loadingMore && products.length === 0
              ? Array.from({ length: 8 }, (_, i) => (
                  <li key={`s${i}`}>
                    <ProductCardSkeleton />
                  </li>
                ))
              : null}
          </ul>
          {hasNextPage ? (
            <div className="catalog__more">
              <button type="button" className="button button--secondary" onClick={onLoadMore} disabled={loadingMore}>
                {loadingMore ? 'Cargando…' : 'Ver más productos'}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
