import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { OPEN_RETURN_STATUSES, RETURN_STATUS_LABELS, type ReturnStatusValue } from '#shared/returns.js';
import { QueryError } from '../../components/staff/query-error';
import { StaffReturnsDocument } from './staff-returns.generated';
import { ReturnCard } from './return-card';
import './staff-returns.css';
import { countOf } from '#shared/plural.js';

const STATUSES = Object.keys(RETURN_STATUS_LABELS) as ReturnStatusValue[];
const OPEN = 'abiertas';
const ALL = 'todas';

/** `?estado=` → the statuses asked for (open ones unless told otherwise). */
function statusesOf(value: string | null): ReturnStatusValue[] | null {
  if (value === ALL) return null;
  const chosen = STATUSES.find((s) => s === value);
  return chosen ? [chosen] : [...OPEN_RETURN_STATUSES];
}

/**
 * `/dashboard/devoluciones`: retracto, warranty claims and reversals, open ones first by legal deadline
 * (overdue ones marked), filtered by state; each with its next step.
 */
export function ReturnsPage() {
  const [params, setParams] = useSearchParams();
  const filter = params.get('estado') ?? OPEN;
  const statuses = statusesOf(filter);
  const { data, error, loading, refetch } = useQuery(StaffReturnsDocument, {
    variables: { statuses },
    fetchPolicy: 'cache-and-network',
  });
  const list = data?.staffReturns ?? [];
  const overdue = list.filter((r) => r.overdue).length;
  return (
    <section className="staff-page returns-page">
      <h1>Devoluciones y reembolsos</h1>
      <p className="muted">
        Retracto: el dinero se devuelve en 30 días calendario desde la solicitud. Garantía: 30 días calendario si el
        remedio es el reembolso. Reversión del pago: 15 días hábiles.
      </p>
      <label className="returns-page__filter">
        Estado
        <select
          value={statuses === null ? ALL : statuses.length > 1 ? OPEN : statuses[0]}
          onChange={(e) => setParams(e.target.value === OPEN ? {} : { estado: e.target.value }, { replace: true })}
        >
          <option value={OPEN}>Abiertas (por resolver)</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETURN_STATUS_LABELS[s]}
            </option>
          ))}
          <option value={ALL}>Todas</option>
        </select>
      </label>
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando solicitudes…</p> : null}
      {data ? (
        <p role="status" className="returns-page__summary">
          {list.length === 0
            ? 'No hay solicitudes en este estado.'
            : `${countOf(list.length, 'solicitud', 'solicitudes')}${overdue ? `, ${overdue === 1 ? '1 con el plazo vencido' : `${overdue} con el plazo vencido`}` : ''}.`}
        </p>
      ) : null}
      <div className="returns-list">
        {list.map((r) => (
          <ReturnCard key={r.id} request={r} />
        ))}
      </div>
    </section>
  );
}
