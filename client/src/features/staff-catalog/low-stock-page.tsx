import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCan } from '../../lib/staff-permissions';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { ActionError, QueryError } from '../../components/staff/query-error';
import { StaffLowStockDocument, StaffSetLowStockThresholdDocument } from './staff-catalog.generated';
import { unitsText } from '#shared/plural.js';
import { StaffLink } from '../../components/staff/staff-link';

/** `/dashboard/inventario`: sizes of published products running out, and the threshold that decides it. */
export function LowStockPage() {
  const can = useCan();
  const { data, error, loading, refetch } = useQuery(StaffLowStockDocument, { fetchPolicy: 'cache-and-network' });
  const [setThreshold, { loading: saving }] = useMutation(StaffSetLowStockThresholdDocument, {
    refetchQueries: ['StaffLowStock', 'StaffDashboardHome'],
  });
  const [draft, setDraft] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  if (loading && !data) return <p role="status">Cargando el inventario…</p>;
  if (!data) return null;
  const report = data.staffLowStock;

  async function save(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const value = draft ?? String(report.threshold);
    if (!/^\d{1,4}$/.test(value.trim())) return setMessage('El umbral debe ser un número entero entre 0 y 1.000.');
    try {
      const result = (await setThreshold({ variables: { threshold: Number(value) } })).data?.staffSetLowStockThreshold;
      const refused = refusalMessage(result, 'LowStockReport');
      setMessage(refused);
      if (!refused) setDraft(null);
    } catch (err) {
      setMessage(staffErrorMessage(err));
    }
  }

  return (
    <section className="staff-page">
      <h1>Inventario bajo</h1>
      {can('catalog.edit') ? (
        <form className="bulk-bar" onSubmit={(e) => void save(e)} noValidate>
          <label className="staff-field">
            Avisar cuando queden como máximo (unidades por talla)
            <input
              inputMode="numeric"
              value={draft ?? String(report.threshold)}
              onChange={(e) => setDraft(e.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={saving}>
            Guardar umbral
          </button>
        </form>
      ) : (
        <p className="muted">Se avisa cuando quedan {report.threshold} unidades o menos por talla.</p>
      )}
      <ActionError message={message} />
      {report.items.length === 0 ? (
        <p className="staff-success" role="status">
          Ninguna talla publicada tiene {unitsText(report.threshold)} o menos.
        </p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table staff-table--cards">
            <caption className="visually-hidden">Tallas con {unitsText(report.threshold)} o menos</caption>
            <thead>
              <tr>
                <th scope="col">Producto</th>
                <th scope="col">Categoría</th>
                <th scope="col">Talla</th>
                <th scope="col">Disponibles</th>
                <th scope="col">Reservadas</th>
              </tr>
            </thead>
            <tbody>
              {report.items.map((i) => (
                <tr key={i.sizeId}>
                  <td data-label="Producto">
                    <StaffLink to={`/dashboard/productos/${i.product.id}`} fallback={i.product.name}>
                      {i.product.name}
                    </StaffLink>
                  </td>
                  <td data-label="Categoría">{i.product.category.name}</td>
                  <td data-label="Talla">{i.sizeLabel}</td>
                  <td data-label="Disponibles" className="num">
                    {i.stock === 0 ? <span className="staff-badge staff-badge--warn">Agotada</span> : i.stock}
                  </td>
                  <td data-label="Reservadas" className="num">
                    {i.reserved}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
