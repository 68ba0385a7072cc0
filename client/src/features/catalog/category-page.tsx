import { useShopQuery } from '../../lib/use-shop-query';
import { useSearchParams } from 'react-router';
import { useDocumentMeta } from '../../lib/use-document-meta';
import './catalog.css';
import { CategoryListingDocument } from './catalog.generated';
import { listingFilter, readListingParams } from './listing-url';
import { categoryListingVariables } from './listing-variables';
import { ListingView } from './listing-view';
import { useLoadMore } from './use-load-more';

export interface CategoryPageProps {
  title: string;
  description: string;
  path: string;
  category?: string;
  collection?: string;
  /** A staff preview of a switched-off campaign page: never indexed. */
  noindex?: boolean;
}

/** Listing of one category (or collection): filters and sort from the URL, grid, load more, empty state, skeletons. */
export function CategoryPage({ title, description, path, category, collection, noindex }: CategoryPageProps) {
  const [params, setParams] = useSearchParams();
  const state = readListingParams(params);
  const filter = listingFilter(state, false);
  const { data, previousData, loading, error, fetchMore } = useShopQuery(CategoryListingDocument, {
    // The server loads the first page with the same variables (index.ts loadCategoryListing).
    variables: categoryListingVariables({ category, collection }, params),
  });
  const products = data?.products.edges.map((e) => e.node) ?? [];
  const pageInfo = data?.products.pageInfo;
  const { loadingMore, loadMore } = useLoadMore((after) => fetchMore({ variables: { after } }), pageInfo?.endCursor);
  useDocumentMeta({
    title,
    description,
    canonicalPath: noindex ? undefined : path,
    noindex,
    og: noindex ? undefined : { type: 'website', image: products[0]?.images[0]?.url },
    structured: {
      breadcrumb: [
        { name: 'Inicio', path: '/' },
        { name: title, path },
      ],
    },
  });

  return (
    <ListingView
      header={
        <header className="catalog__header">
          <h1 id="catalog-title">{title}</h1>
          <p className="catalog__description">{description}</p>
        </header>
      }
      action={path}
      state={state}
      facets={(data ?? previousData)?.products.facets}
      total={data?.products.totalCount}
      showCategories={false}
      showFilters={Boolean(filter) || data?.products.totalCount !== 0}
      onApply={(next) => next.toString() !== params.toString() && setParams(next)}
      products={products}
      loading={loading}
      failed={Boolean(error && !data)}
      hasNextPage={Boolean(pageInfo?.hasNextPage)}
      loadingMore={loadingMore}
      onLoadMore={loadMore}
      empty={
        filter ? (
          <p className="catalog__empty">Ningún producto cumple estos filtros. Prueba quitando alguno.</p>
        ) : (
          <p className="catalog__empty">
            Por ahora no hay productos aquí. Vuelve pronto: estamos preparando nuevos diseños.
          </p>
        )
      }
    />
  );
}
