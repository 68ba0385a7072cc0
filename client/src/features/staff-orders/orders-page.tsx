import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { formatCop } from '#shared/money.js';
import { PAYMENT_METHOD_LABELS } from '#shared/orders.js';
import { formatDateTime } from '../../lib/staff-format';
import { StatusBadge } from '../../components/staff/status-badge';
import { OrdersFilters, type OrdersFilterValues } from './orders-filters';
import { downloadCsv } from './csv-download';
import { ActionError, QueryError } from '../../components/staff/query-error';
import type { OrderStatus } from '../../gql/types';
import { StaffOrdersListDocument } from './staff-orders.generated';

const PAGE_SIZE = 25;

/** `/orders`: filtered, searchable, newest first, cursor pages; filters live in the URL. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const [previous, setPrevious] = useState<string[]>([]);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const values: OrdersFilterValues = { estado: params.get('estado') ?? '', desde: params.get('desde') ?? '', hasta: params.get('hasta') ?? '', q: params.get('q') ?? '' };
  const after = params.get('after');
  const filter = {
    statuses: values.estado ? (values.estado.split(',') as OrderStatus[]) : null,
    from: values.desde || null,
    to: values.hasta || null,
    search: values.q || null,
  };
  const { data, error, loading, refetch } = useQuery(StaffOrdersListDocument, { variables: { filter, first: PAGE_SIZE, after }, fetchPolicy: 'cache-and-network' });

  function apply(next: OrdersFilterValues, cursor: string | null = null) {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v);
    if (cursor) p.set('after', cursor);
    setParams(p);
  }

  async function exportCsv() {
    if (!data) return;
    setCsvError(null);
    setExporting(true);
    try {
      await downloadCsv(data.staffOrders.csvUrl);
    } catch {
      setCsvError('No pudimos descargar el archivo. Inténtalo de nuevo.');
    } finally {
      setExporting(false);
    }
  }

  const page = data?.staffOrders;
  return (
    <section className="staff-page">
      <div className="staff-page__head">
        <h1>Ordenes</h1>
        <button type="button" className="button button--secondary" onClick={() => void exportCsv()} disabled={!page || exporting}>
          {exporting ? 'Exportando…' : 'Exportar CSV'}
        </button>
      </div>
      <ActionError message={csvError} />
      <OrdersFilters
        key={params.toString()}
        values={values}
        onApply={(v) => {
          setPrevious([]);
          apply(v);
        }}
      />
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando órdenes…</p> : null}
      {page ? (
        <>
          <p className="orders-count" aria-live="polite">
            {page.totalCount === 1 ? '1 orden' : `${page.totalCount} órdenes`}
          </p>
          <div className="staff-table-wrap">
            <table className="staff-table orders-table">
              <thead>
                <tr>
                  <th scope="col">Referencia</th>
                  <th scope="col">Fecha</th>
                  <th scope="col">Cliente</th>
                  <th scope="col">Municipio</th>
                  <th scope="col">Total</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Pago</th>
                </tr>
              </thead>
              <tbody>
                {page.edges.map(({ node: o }) => (
                  <tr key={o.id}>
                    <td>
                      <Link to={`/detail-order/${o.id}`}>{o.reference}</Link>
                    </td>
                    <td>{formatDateTime(o.createdAt)}</td>
                    <td>{o.customer.fullName}</td>
                    <td>
                      {o.shippingAddress.municipalityName} <span className="muted">({o.shippingAddress.departmentName})</span>
                    </td>
                    <td className="num">{formatCop(o.total)}</td>
                    <td>
                      <StatusBadge status={o.status} />
                    </td>
                    <td>{PAYMENT_METHOD_LABELS[o.paymentMethod]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {page.edges.length === 0 ? <p className="muted">No hay órdenes con estos filtros.</p> : null}
          </div>
          <nav className="staff-pager" aria-label="Paginación de órdenes">
            <button
              type="button"
              className="button button--secondary"
              disabled={!after}
              onClick={() => {
                const prev = previous.slice(0, -1);
                apply(values, previous.at(-1) ?? null);
                setPrevious(prev);
              }}
            >
              Anterior
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={!page.pageInfo.hasNextPage}
              onClick={() => {
                setPrevious([...previous, after ?? '']);
                apply(values, page.pageInfo.endCursor);
              }}
            >
              Siguiente
            </button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
