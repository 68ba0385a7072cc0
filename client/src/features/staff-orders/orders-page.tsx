import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { ORDERS_FILTER_KEYS, OrdersFilters } from './orders-filters';
import { useUrlFilters } from '../../lib/use-url-filters';
import { OrdersTable } from './orders-table';
import { BulkActions, type SelectedOrder } from './bulk-actions';
import { downloadCsv } from './csv-download';
import { ActionError, QueryError } from '../../components/staff/query-error';
import type { OrderStatus, PaymentMethod } from '../../gql/types';
import { StaffOrdersListDocument } from './staff-orders.generated';
import { useCan } from '../../lib/staff-permissions';
import { countOf } from '#shared/plural.js';

const PAGE_SIZE = 25;

/** `/orders`: filtered, searchable, newest first, cursor pages (filters in the URL); CSV exports; bulk changes and packing lists. */
export function OrdersPage() {
  const { values, apply, params, formKey } = useUrlFilters(ORDERS_FILTER_KEYS);
  const can = useCan();
  const [previous, setPrevious] = useState<string[]>([]);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<'orders' | 'lines' | null>(null);
  // Chosen orders by id, kept across pages; what the current page shows of them is fresher (after a change).
  const [selected, setSelected] = useState<Map<string, SelectedOrder>>(new Map());
  const after = params.get('after');
  const filter = {
    statuses: values.estado ? (values.estado.split(',') as OrderStatus[]) : null,
    paymentMethods: values.pago ? (values.pago.split(',') as PaymentMethod[]) : null,
    from: values.desde || null,
    to: values.hasta || null,
    search: values.q || null,
  };
  const { data, error, loading, refetch } = useQuery(StaffOrdersListDocument, {
    variables: { filter, first: PAGE_SIZE, after },
    fetchPolicy: 'cache-and-network',
  });

  async function exportCsv(kind: 'orders' | 'lines') {
    if (!data) return;
    setCsvError(null);
    setExporting(kind);
    try {
      await downloadCsv(kind === 'orders' ? data.staffOrders.csvUrl : data.staffOrders.linesCsvUrl);
    } catch {
      setCsvError('No pudimos descargar el archivo. Inténtalo de nuevo.');
    } finally {
      setExporting(null);
    }
  }

  const page = data?.staffOrders;
  const orders = page?.edges.map((e) => e.node) ?? [];
  const onPage = new Map(orders.map((o) => [o.id, o]));
  const chosen = [...selected.values()].map((s) => onPage.get(s.id) ?? s);
  const toggle = (id: string) => {
    const next = new Map(selected);
    const order = onPage.get(id);
    if (!next.delete(id) && order) next.set(id, order);
    setSelected(next);
  };
  return (
    <section className="staff-page">
      <div className="staff-page__head">
        <h1>Órdenes</h1>
        {can('orders.export') ? (
          <div className="staff-form__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void exportCsv('orders')}
              disabled={!page || exporting !== null}
            >
              {exporting === 'orders' ? 'Exportando…' : 'Exportar CSV'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void exportCsv('lines')}
              disabled={!page || exporting !== null}
            >
              {exporting === 'lines' ? 'Exportando…' : 'Exportar productos (CSV)'}
            </button>
          </div>
        ) : null}
      </div>
      <ActionError message={csvError} />
      <OrdersFilters
        key={formKey}
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
            {countOf(page.totalCount, 'orden', 'órdenes')}
          </p>
          {selected.size ? <BulkActions orders={chosen} onDone={() => void refetch()} /> : null}
          <OrdersTable
            orders={orders}
            selected={new Set(selected.keys())}
            onToggle={toggle}
            onToggleAll={(all) =>
              setSelected(
                new Map(
                  all
                    ? [...selected, ...orders.map((o) => [o.id, o] as const)]
                    : [...selected].filter(([id]) => !onPage.has(id)),
                ),
              )
            }
          />
          <nav className="staff-pager" aria-label="Paginación de órdenes">
            <button
              type="button"
              className="button button--secondary"
              disabled={!after}
              onClick={() => {
                const prev = previous.slice(0, -1);
                apply(values, { after: previous.at(-1) ?? null });
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
                apply(values, { after: page.pageInfo.endCursor ?? null });
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
