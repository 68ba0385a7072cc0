import { useContext, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { QueryClient } from '../../lib/apollo';
import { useShopQuery } from '../../lib/use-shop-query';
import { formatCop } from '#shared/money.js';
import { categoryPath, productPath } from '#shared/storefront-routes.js';
import { ServerPageContext, useDocumentMeta } from '../../lib/use-document-meta';
import { deliveryPromiseText, useShopSettings } from '../../lib/public-layout-data';
import { ProductDetailDocument } from './catalog.generated';
import { checkProductLocation } from './product-location';
import { ProductGallery } from './product-gallery';
import { ProductPurchase, type AddToCartLine } from './product-purchase';
import { SizeGuideTable } from './size-guide-table';
import './product-detail.css';

export interface ProductRouteProps {
  /** The 404 page (composed by app/: features do not import each other). */
  notFound: ReactNode;
  /** Puts the line in the cart and opens the drawer (composed by app/). */
  onAddToCart: (line: AddToCartLine) => void;
}

const ID = /^\d{1,9}$/;

/** The data ProductRoute queries (run by the server before rendering), with the same variables. */
export async function loadProduct(client: QueryClient, id: string) {
  if (ID.test(id)) await client.query({ query: ProductDetailDocument, variables: { id } });
}

/** A permanent redirect: the server answers 301, the browser replaces the URL. */
function Redirect({ to }: { to: string }) {
  const server = useContext(ServerPageContext);
  const { search } = useLocation();
  if (server) {
    server.redirect = `${to}${search}`;
    return null;
  }
  return <Navigate replace to={`${to}${search}`} />;
}

/** Product detail on every product URL shape of its category (shared/storefront-routes.ts); wrong slugs redirect, foreign routes 404. */
export function ProductRoute({ notFound, onAddToCart }: ProductRouteProps) {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { data, loading, error } = useShopQuery(ProductDetailDocument, { variables: { id }, skip: !ID.test(id) });
  const product = data?.product;
  const settings = useShopSettings();
  const verdict = product ? checkProductLocation(pathname, product) : null;
  const canonical = product ? productPath(product) : undefined;
  useDocumentMeta(
    product && verdict?.kind === 'ok' && canonical
      ? {
          title: product.name,
          description: `${product.name}: ${product.description}`.slice(0, 155),
          canonicalPath: canonical,
          og: { type: 'product', image: product.images[0]?.url, price: product.price },
          structured: {
            breadcrumb: [
              { name: 'Inicio', path: '/' },
              { name: product.category.name, path: categoryPath(product.category.slug) },
              { name: product.name, path: canonical },
            ],
            product: {
              name: product.name,
              description: product.description,
              path: canonical,
              images: product.images.map((i) => i.url),
              price: product.price,
              inStock: !product.soldOut,
              sku: product.id,
              category: product.category.name,
            },
          },
        }
      : { title: loading ? undefined : 'Página no encontrada', noindex: !loading },
  );

  if (!ID.test(id) || (!loading && !error && !product)) return notFound;
  if (error && !product) {
    return (
      <p className="product-page__error" role="alert">
        No pudimos cargar este producto. Revisa tu conexión e intenta de nuevo.
      </p>
    );
  }
  if (!product) return <ProductSkeleton />;
  if (verdict?.kind === 'redirect') return <Redirect to={verdict.to} />;
  if (verdict?.kind === 'not-found') return notFound;

  return (
    <article className="product-page">
      <nav aria-label="Ruta de navegación" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Inicio</Link>
          </li>
          <li>
            <Link to={categoryPath(product.category.slug)}>{product.category.name}</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product-page__layout">
        <ProductGallery images={product.images} name={product.name} />
        <div className="product-page__info">
          <h1 className="product-page__name">{product.name}</h1>
          <p className="product-page__price">{formatCop(product.price)}</p>
          <p className="product-page__tax">
            IVA incluido.
            {settings
              ? ` Envío gratis en compras desde ${formatCop(settings.freeShippingThreshold)}. ${deliveryPromiseText(settings)}.`
              : null}
          </p>
          {product.soldOut ? <p className="product-page__soldout">Agotado en todas las tallas</p> : null}
          <ProductPurchase
            key={product.id}
            productId={product.id}
            sizes={product.sizes}
            onAdd={(line) =>
              onAddToCart({
                ...line,
                shown: {
                  name: product.name,
                  sizeLabel: line.sizeLabel,
                  href: canonical ?? productPath(product),
                  categorySlug: product.category.slug,
                  categoryName: product.category.name,
                  image: product.images[0]?.url ?? null,
                },
              })
            }
          />
          <div className="product-page__description">
            <h2>Descripción</h2>
            <p>{product.description}</p>
          </div>
        </div>
      </div>
      {product.sizeGuide?.rows.length ? <SizeGuideTable guide={product.sizeGuide} productName={product.name} /> : null}
    </article>
  );
}

function ProductSkeleton() {
  return (
    <div className="product-page product-page--loading" aria-busy="true" aria-label="Cargando producto">
      <div className="product-page__layout">
        <div className="product-gallery__main skeleton-block" />
        <div>
          <div className="skeleton-line" />
          <div className="skeleton-line skeleton-line--short" />
        </div>
      </div>
    </div>
  );
}
