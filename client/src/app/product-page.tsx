import { lazy, Suspense } from 'react';
import { useSetAtom } from 'jotai';
import { addToCartAtom } from '../features/cart/cart-atoms';
import { ProductRoute } from '../features/catalog/product-route';
import { DocumentMeta, HttpStatus } from './document-meta';

export { loadProduct } from '../features/catalog/product-route';

// Only for a product that does not exist (or no longer): not part of every product page's first load.
const NotFoundPage = lazy(() =>
  import('../features/content/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/** App-level composition of the product page: catalog detail + cart + the content 404. */
export function ProductPage() {
  const addToCart = useSetAtom(addToCartAtom);
  return (
    <ProductRoute
      onAddToCart={addToCart}
      notFound={
        <>
          <DocumentMeta title="Página no encontrada" noindex />
          <HttpStatus code={404} />
          <Suspense fallback={null}>
            <NotFoundPage />
          </Suspense>
        </>
      }
    />
  );
}
