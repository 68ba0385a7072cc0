import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router';
import { ORDER_STATUS_LABELS } from '#shared/orders.js';
import { staffErrorMessage } from '../../lib/staff-errors';
import { ActionError } from '../../components/staff/query-error';
import type { OrderStatus } from '../../gql/types';
import { StaffBulkTransitionOrdersDocument } from './staff-orders.generated';
import { useCan } from '../../lib/staff-permissions';

/** States staff move many orders to at once; shipping needs each order's own guide number (order detail). */
const BULK_STATES: OrderStatus[] = ['EN_PREPARACION', 'ENTREGADO', 'CANCELADO'];

interface Outcome {
  orderId: string;
  reference: string;
  ok: boolean;
  text: string;
}

/**
 * The chosen orders of the list: one state change for all (each order through the order lifecycle,
 * each with its own result) and a combined packing list to print.
 */
export function BulkActions({
  selected,
  references,
  onDone,
}: {
  selected: string[];
  references: Map<string, string>;
  onDone: () => void;
}) {
  const [to, setTo] = useState<OrderStatus | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [bulk, { loading }] = useMutation(StaffBulkTransitionOrdersDocument);
  const count = selected.length;
  const can = useCan();
  // Only the steps the role may take; Consulta only prints packing lists.
  const states = can('orders.fulfil') ? BULK_STATES.filter((s) => s !== 'CANCELADO' || can('orders.cancel')) : [];

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setOutcomes(null);
    if (!to) return setError('Elige el nuevo estado.');
    if (
      to === 'CANCELADO' &&
      !window.confirm(
        `¿Cancelar ${count === 1 ? 'la orden elegida' : `las ${count} órdenes elegidas`}? Esta acción no se puede deshacer.`,
      )
    )
      return;
    try {
      const result = (await bulk({ variables: { input: { orderIds: selected, to, note: note.trim() || null } } })).data
        ?.staffBulkTransitionOrders;
      if (!result) return setError('No pudimos conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.');
      if (result.__typename === 'ValidationErrors') return setError(result.message);
      setOutcomes(
        result.items.map(({ orderId, result: r }) => ({
          orderId,
          reference: references.get(orderId) ?? `#${orderId}`,
          ok: r.__typename === 'StaffOrder',
          text: r.__typename === 'StaffOrder' ? `movida a «${ORDER_STATUS_LABELS[r.status]}».` : r.message,
        })),
      );
      setNote('');
      onDone();
    } catch (err) {
      setError(staffErrorMessage(err));
    }
  }

  return (
    <div className="staff-card no-print" role="region" aria-label="Acciones sobre las órdenes elegidas">
      <p>
        <strong>{count === 1 ? '1 orden elegida' : `${count} órdenes elegidas`}</strong>
      </p>
      <form className="bulk-bar" onSubmit={(e) => void submit(e)} noValidate>
        {states.length ? (
          <>
            <label className="staff-field">
              Nuevo estado para todas
              <select value={to} onChange={(e) => setTo(e.target.value as OrderStatus | '')}>
                <option value="">Elige…</option>
                {states.map((s) => (
                  <option key={s} value={s}>
                    {ORDER_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label className="staff-field">
              Nota (opcional)
              <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} />
            </label>
            <button type="submit" className="button" disabled={loading || count === 0}>
              {loading ? 'Cambiando…' : `Cambiar ${count === 1 ? '1 orden' : `${count} órdenes`}`}
            </button>
          </>
        ) : null}
        <Link className="button button--secondary" to={`/orders/empaque?ids=${selected.join(',')}`}>
          Lista de empaque ({count})
        </Link>
      </form>
      {states.length ? (
        <p className="muted">
          Para marcar como enviado, usa el detalle de cada orden: cada envío lleva su transportadora y su número de
          guía.
        </p>
      ) : null}
      <ActionError message={error} />
      {outcomes ? (
        <div role="status">
          <p>
            {outcomes.filter((o) => o.ok).length} de {outcomes.length} órdenes cambiaron de estado.
          </p>
          <ul className="bulk-results">
            {outcomes.map((o) => (
              <li key={o.orderId} className={o.ok ? undefined : 'staff-field__error'}>
                {o.reference}: {o.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
