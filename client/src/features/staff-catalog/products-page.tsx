import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { ProductEditor } from './product-editor';
import { QueryError } from '../../components/staff/query-error';
import { StaffProductsListDocument } from './staff-catalog.generated';

/** `/dashboard/productos`: stock per size, price, active flag and images of every product. */
export function ProductsPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const { data, error, loading, refetch } = useQuery(StaffProductsListDocument, { variables: { search: search || null, category: category || null }, fetchPolicy: 'cache-and-network' });
  return (
    <section className="staff-page">
      <h1>Productos</h1>
      <div className="orders-filters" role="search">
        <label>
          Buscar
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Nombre o categoría (sin tildes también)" />
        </label>
        <label>
          Categoría
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">Todas</option>
            {data?.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando productos…</p> : null}
      {data ? (
        <ul className="staff-products">
          {data.staffProducts.map((p) => (
            <li key={p.id}>
              <ProductEditor product={p} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
