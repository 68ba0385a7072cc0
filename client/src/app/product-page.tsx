import { useSetAtom } from 'jotai';
import { addToCartAtom } from '../features/cart/cart-atoms';
import { ProductRoute } from '../features/catalog/product-route';
import { ProductDetailDocument } from '../features/catalog/catalog.generated';
import { NotFoundPage } from '../features/content/not-found-page';
import { DocumentMeta } from './document-meta';

/** App-level composition of the product page: catalog detail + cart + the content 404. */
export function ProductPage() {
  const addToCart = useSetAtom(addToCartAtom);
  return (
    <ProductRoute
      onAddToCart={addToCart}
      notFound={
        <>
          <DocumentMeta title="Página no encontrada" noindex />
          <NotFoundPage />
        </>
      }
    />
  );
}

/** Queries whose results the server may embed in the HTML of this route (lib/initial-data). */
export const INITIAL_QUERIES = [ProductDetailDocument];
