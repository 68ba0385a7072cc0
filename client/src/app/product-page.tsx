import { useSetAtom } from 'jotai';
import { addToCartAtom } from '../features/cart';
import { ProductRoute } from '../features/catalog/product-route';
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
