import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { ProductCard, ProductCardSkeleton } from '../../components/product-card';
import { productPath } from '#shared/storefront-routes.js';
import { useDocumentMeta } from '../../lib/use-document-meta';
import './catalog.css';
import type { ProductSort } from '../../gql/types';
import { CategoryListingDocument } from './catalog.generated';
import { listingVariables } from './listing-variables';

const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'RELEVANCE', label: 'Relevancia' },
  { value: 'PRICE_ASC', label: 'Menor precio' },
  { value: 'PRICE_DESC', label: 'Mayor precio' },
  { value: 'NEWEST', label: 'Más nuevos' },
];

export interface CategoryPageProps {
  title: string;
  description: string;
  path: string;
  category?: string;
  collection?: string;
}

/** Listing of one category (or collection): grid, sort, load more, empty state, skeletons. */
export function CategoryPage({ title, description, path, category, collection }: CategoryPageProps) {
  const [sort, setSort] = useState<ProductSort>('RELEVANCE');
  const { data, loading, error, fetchMore } = useQuery(CategoryListingDocument, {
    // The server loads the first page with the same variables (routes.ts loadCategoryListing).
    variables: listingVariables({ category, collection }, sort),
    notifyOnNetworkStatusChange: true,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const products = data?.products.edges.map((e) => e.node) ?? [];
  const pageInfo = data?.products.pageInfo;
  useDocumentMeta({
    title,
    description,
    canonicalPath: path,
    og: { type: 'website', image: products[0]?.images[0]?.url },
    structured: { breadcrumb: [{ name: 'Inicio', path: '/' }, { name: title, path }] },
  });

  async function loadMore() {
    if (!pageInfo?.endCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { after: pageInfo.endCursor } });
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <header className="catalog__header">
        <h1 id="catalog-title">{title}</h1>
        <p className="catalog__description">{description}</p>
      </header>
      <div className="catalog__toolbar">
        <p className="catalog__count" aria-live="polite">
          {data ? `${data.products.totalCount} ${data.products.totalCount === 1 ? 'producto' : 'productos'}` : '\u00a0'}
        </p>
        <label className="catalog__sort">
          Ordenar por
          <select value={sort} onChange={(e) => setSort(e.target.value as ProductSort)}>
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && !data ? (
        <p className="catalog__error" role="alert">
          No pudimos cargar los productos. Revisa tu conexión e intenta de nuevo.
        </p>
      ) : null}
      {!loading && data && products.length === 0 ? (
        <p className="catalog__empty">Por ahora no hay productos aquí. Vuelve pronto: estamos preparando nuevos diseños.</p>
      ) : null}
      <ul className="catalog__grid" aria-busy={loading}>
        {products.map((p, i) => (
          <li key={p.id}>
            <ProductCard href={productPath(p)} name={p.name} price={p.price} soldOut={p.soldOut} image={p.images[0]} eager={i < 4} />
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
      {pageInfo?.hasNextPage ? (
        <div className="catalog__more">
          <button type="button" className="button button--secondary" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Cargando…' : 'Ver más productos'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
