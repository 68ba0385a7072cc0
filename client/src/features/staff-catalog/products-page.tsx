import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { ProductEditor } from './product-editor';
import { QueryError } from '../../components/staff/query-error';
import { StaffProductsListDocument } from './staff-catalog.generated';
import { StaffLink } from '../../components/staff/staff-link';
import { FilterSelect } from '../../components/staff/filter-fields';

/** `/dashboard/productos`: published and draft products (or the archived ones), search, category, quick edits; new product. */
export function ProductsPage() {
  const [params] = useSearchParams();
  const archived = params.get('archivados') === '1';
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const { data, previousData, error, loading, refetch } = useQuery(StaffProductsListDocument, {
    variables: { search: search || null, category: category || null, archived },
    fetchPolicy: 'cache-and-network',
  });
  // The last answer's categories while a new search loads, so the chosen one keeps its name in the select.
  const categories = (data ?? previousData)?.categories ?? [];
  return (
    <section className="staff-page">
      <div className="staff-page__head">
        <h1>Productos</h1>
        <div className="staff-form__actions">
          <StaffLink className="button button--secondary" to="/dashboard/productos/importar">
            Importar o exportar
          </StaffLink>
          <StaffLink className="button" to="/dashboard/productos/nuevo">
            Nuevo producto
          </StaffLink>
        </div>
      </div>
      <nav className="staff-tabs" aria-label="Productos">
        <Link to="/dashboard/productos" aria-current={archived ? undefined : 'page'}>
          En la tienda y borradores
        </Link>
        <Link to="/dashboard/productos?archivados=1" aria-current={archived ? 'page' : undefined}>
          Archivados
        </Link>
      </nav>
      <div className="staff-filters" role="search">
        <label>
          Buscar
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Nombre o categoría (sin tildes también)"
          />
        </label>
        <FilterSelect
          label="Categoría"
          all="Todas"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          options={categories.map((c) => [c.slug, c.name] as const)}
        />
      </div>
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando productos…</p> : null}
      {data && data.staffProducts.length === 0 ? (
        <p className="muted">{archived ? 'No hay productos archivados.' : 'No hay productos con esos filtros.'}</p>
      ) : null}
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
