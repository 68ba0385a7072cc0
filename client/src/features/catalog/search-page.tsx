import { useShopQuery } from '../../lib/use-shop-query';
import { Link, useSearchParams } from 'react-router';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { ProductCard } from '../../components/product-card';
import { categoryPath, productPath, SEARCH_PATH, searchPageMeta } from '#shared/storefront-routes.js';
import './catalog.css';
import { SearchFallbackDocument, SearchResultsDocument } from './catalog.generated';
import { listingFilter, readListingParams } from './listing-url';
import { searchText, searchVariables } from './listing-variables';
import { ListingView } from './listing-view';
import { useLoadMore } from './use-load-more';

/** /buscar?q=…: results with the same filters and sort as the category pages; a helpful page when nothing matches. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = readListingParams(params);
  const q = searchText(params);
  const filter = listingFilter(state, true);
  const meta = searchPageMeta(q);
  useDocumentMeta({
    title: meta.title,
    description: meta.description,
    noindex: meta.noindex,
    canonicalPath: meta.canonical,
  });
  const { data, previousData, loading, error, fetchMore } = useShopQuery(SearchResultsDocument, {
    // The server loads the same results first (index.ts loadSearch).
    variables: searchVariables(params),
  });
  const result = data?.search;
  const products = result?.products.edges.map((e) => e.node) ?? [];
  const pageInfo = result?.products.pageInfo;
  const { loadingMore, loadMore } = useLoadMore((after) => fetchMore({ variables: { after } }), pageInfo?.endCursor);

  return (
    <ListingView
      header={
        <header className="catalog__header">
          <h1 id="catalog-title">{q ? `Resultados para «${result?.query || q}»` : 'Todos los productos'}</h1>
          {result?.correctedQuery ? (
            <p className="catalog__description" role="status">
              No encontramos «{result.query}» tal cual; te mostramos resultados para «{result.correctedQuery}».
            </p>
          ) : null}
        </header>
      }
      action={SEARCH_PATH}
      hidden={q ? { q } : undefined}
      state={state}
      facets={(data ?? previousData)?.search.products.facets}
      total={result?.products.totalCount}
      totalExact={result?.products.totalCountExact}
      showCategories
      showFilters={Boolean(filter) || result?.products.totalCount !== 0}
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
          <NoResults query={q} />
        )
      }
    />
  );
}

/** Nothing matched: what to try, the categories and the best sellers. */
function NoResults({ query }: { query: string }) {
  const { data } = useShopQuery(SearchFallbackDocument);
  return (
    <div className="search-empty">
      <h2>No encontramos productos para «{query}»</h2>
      <ul className="search-empty__tips">
        <li>Revisa la ortografía o usa menos palabras.</li>
        <li>Prueba con algo más general, como «collar», «arnés» o «bandana».</li>
      </ul>
      {data ? (
        <>
          <h3>Explora las categorías</h3>
          <ul className="search-empty__categories">
            {data.categories.map((c) => (
              <li key={c.slug}>
                <Link to={categoryPath(c.slug)}>
                  {c.name} <span>({c.productCount})</span>
                </Link>
              </li>
            ))}
          </ul>
          <h3>Los más vendidos</h3>
          <ul className="catalog__grid">
            {data.bestSellers.map((p) => (
              <li key={p.id}>
                <ProductCard
                  href={productPath(p)}
                  name={p.name}
                  price={p.price}
                  soldOut={p.soldOut}
                  image={p.images[0]}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
