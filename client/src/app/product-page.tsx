import { useSetAtom } from 'jotai';
import { addToCartAtom } from '../features/cart/cart-atoms';
import { ProductRoute } from '../features/catalog/product-route';
import { NotFoundPage } from '../features/content/not-found-page';
import { DocumentMeta, HttpStatus } from './document-meta';

export { loadProduct } from '../features/catalog/product-route';

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
          <NotFoundPage />
        </>
      }
    />
  );
}
