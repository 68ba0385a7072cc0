import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../lib/staff-permissions';
import { EntityHistory } from '../staff-activity';
import type { ValidProduct } from '#shared/product-form.js';
import type { ProductInput } from '../../gql/types';
import { NETWORK_ERROR } from '../../lib/staff-errors';
import { QueryError } from '../../components/staff/query-error';
import { ProductForm } from './product-form';
import { ProductImages } from './product-images';
import { ProductStatus } from './product-status';
import { EMPTY_PRODUCT, productToForm } from './product-form-values';
import {
  StaffCreateProductDocument,
  StaffProductEditorDocument,
  StaffProductFormOptionsDocument,
  StaffSaveProductDocument,
} from './staff-catalog.generated';

type Answer =
  | { __typename: string; id?: string; message?: string; errors?: Array<{ field: string; message: string }> }
  | null
  | undefined;

/** The server's refusal as the form shows it; null when the product came back. */
function refusal(result: Answer): { message: string; errors?: Array<{ field: string; message: string }> } | null {
  if (!result) return { message: NETWORK_ERROR };
  if (result.__typename === 'StaffProduct') return null;
  return { message: result.message ?? NETWORK_ERROR, errors: result.errors };
}

const toInput = (p: ValidProduct): ProductInput => ({
  ...p,
  sizes: p.sizes.map((s) => ({ id: s.id, label: s.label, sku: s.sku, stock: s.stock, expectedStock: s.expectedStock })),
});

/** `/dashboard/productos/nuevo`: a new product; once created, its page (to add pictures). */
export function NewProductPage() {
  const navigate = useNavigate();
  const { data, error, loading, refetch } = useQuery(StaffProductFormOptionsDocument);
  const [create] = useMutation(StaffCreateProductDocument);
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  if (loading || !data) return <p role="status">Cargando…</p>;
  return (
    <section className="staff-page">
      <p>
        <Link to="/dashboard/productos" className="staff-solo-link">
          ← Productos
        </Link>
      </p>
      <h1>Nuevo producto</h1>
      <ProductForm
        initial={EMPTY_PRODUCT}
        categories={data.categories}
        collections={data.staffCampaigns}
        submitLabel="Crear producto"
        onSubmit={async (input) => {
          const result = (await create({ variables: { input: toInput(input) } })).data?.staffCreateProduct;
          const refused = refusal(result);
          if (!refused && result?.__typename === 'StaffProduct')
            navigate(`/dashboard/productos/${result.id}`, { state: { created: true } });
          return refused;
        }}
      />
    </section>
  );
}

/** `/dashboard/productos/:id`: the whole product, its pictures, and archive/restore. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const can = useCan();
  const { data, error, loading, refetch } = useQuery(StaffProductEditorDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [save] = useMutation(StaffSaveProductDocument);
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  if (loading && !data) return <p role="status">Cargando el producto…</p>;
  const product = data?.staffProduct;
  if (!data || !product) {
    return (
      <section className="staff-page">
        <h1>Producto no encontrado</h1>
        <Link to="/dashboard/productos">Volver a los productos</Link>
      </section>
    );
  }
  return (
    <section className="staff-page">
      <p>
        <Link to="/dashboard/productos" className="staff-solo-link">
          ← Productos
        </Link>
      </p>
      <div className="staff-page__head">
        <h1>{product.name}</h1>
        {product.active ? (
          <a href={product.path} target="_blank" rel="noopener">
            Ver en la tienda
          </a>
        ) : null}
      </div>
      <ProductStatus product={product} />
      <ProductForm
        initial={productToForm(product)}
        categories={data.categories}
        collections={data.staffCampaigns}
        path={product.path}
        formerPaths={product.formerPaths}
        archived={product.archived}
        submitLabel="Guardar cambios"
        onSubmit={async (input) =>
          refusal((await save({ variables: { id: product.id, input: toInput(input) } })).data?.staffSaveProduct)
        }
      />
      <ProductImages product={product} />
      {can('audit.view') ? <EntityHistory entityType="product" entityId={product.id} /> : null}
    </section>
  );
}
