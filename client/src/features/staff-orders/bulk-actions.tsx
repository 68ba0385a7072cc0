import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router';
import { ORDER_STATUS_LABELS } from '#shared/orders.js';
import { staffErrorMessage } from '../../lib/staff-errors';
import { ActionError } from '../../components/staff/query-error';
import type { OrderStatus } from '../../gql/types';
import { StaffBulkTransitionOrdersDocument, type OrderMoveFieldsFragment } from './staff-orders.generated';
import { BulkShipments } from './bulk-shipments';
import { useCan } from '../../lib/staff-permissions';
import { countOf } from '#shared/plural.js';

/** A chosen order as the list knows it: its reference and the steps the server allows it now. */
export interface SelectedOrder {
  id: string;
  reference: string;
  allowedMoves: OrderMoveFieldsFragment[];
}

interface Outcome {
  orderId: string;
  reference: string;
  ok: boolean;
  text: string;
}

/** The steps every chosen order can take (from each one's own moves), in the first order's order. */
function commonMoves(
  orders: SelectedOrder[],
): Array<{ to: OrderStatus; label: string; moves: OrderMoveFieldsFragment[] }> {
  const [first, ...rest] = orders;
  if (!first) return [];
  return first.allowedMoves
    .filter((m) => rest.every((o) => o.allowedMoves.some((other) => other.to === m.to)))
    .map((m) => {
      const moves = orders.map((o) => o.allowedMoves.find((x) => x.to === m.to)!);
      const label = moves.every((x) => x.label === m.label) ? m.label : ORDER_STATUS_LABELS[m.to];
      return { to: m.to, label, moves };
    });
}

/**
 * The chosen orders of the list: one state change for all (only the states all of them can reach now, as the
 * server says; shipping asks each order's guide number), each order through the order lifecycle with its own
 * result, and a combined packing list to print.
 */
export function BulkActions({ orders, onDone }: { orders: SelectedOrder[]; onDone: () => void }) {
  const [to, setTo] = useState<OrderStatus | ''>('');
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [guides, setGuides] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [bulk, { loading }] = useMutation(StaffBulkTransitionOrdersDocument);
  const count = orders.length;
  const can = useCan();
  // Only a role that moves orders gets the form (the server offers each order only the steps the role may take);
  // Consulta only prints packing lists.
  const fulfils = can('orders.fulfil');
  const options = fulfils ? commonMoves(orders) : [];
  const chosen = options.find((o) => o.to === to);
  const shipping = chosen?.moves.some((m) => m.requires.length > 0) ?? false;
  const consequences = [...new Set(chosen?.moves.flatMap((m) => m.consequences) ?? [])];
  const shipments = orders.map((o) => ({ orderId: o.id, reference: o.reference, trackingNumber: guides[o.id] ?? '' }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setOutcomes(null);
    if (!chosen) return setError('Elige el nuevo estado.');
    if (shipping && (!carrier.trim() || shipments.some((s) => !s.trackingNumber.trim())))
      return setError('Indica la transportadora y el número de guía de cada orden.');
    const ask = chosen.moves.find((m) => m.confirm)?.confirm;
    const question =
      chosen.to === 'CANCELADO'
        ? `¿Cancelar ${count === 1 ? 'la orden elegida' : `las ${count} órdenes elegidas`}? Esta acción no se puede deshacer.`
        : ask;
    if (question && !window.confirm(question)) return;
    try {
      const input = {
        orderIds: orders.map((o) => o.id),
        to: chosen.to,
        note: note.trim() || null,
        ...(shipping
          ? { shipments: shipments.map((s) => ({ orderId: s.orderId, carrier, trackingNumber: s.trackingNumber })) }
          : {}),
      };
      const result = (await bulk({ variables: { input } })).data?.staffBulkTransitionOrders;
      if (!result) return setError('No pudimos conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.');
      if (result.__typename === 'ValidationErrors') return setError(result.message);
      const references = new Map(orders.map((o) => [o.id, o.reference]));
      setOutcomes(
        result.items.map(({ orderId, result: r }) => ({
          orderId,
          reference: references.get(orderId) ?? `#${orderId}`,
          ok: r.__typename === 'StaffOrder',
          text: r.__typename === 'StaffOrder' ? `movida a «${ORDER_STATUS_LABELS[r.status]}».` : r.message,
        })),
      );
      setNote('');
      setTo('');
      onDone();
    } catch (err) {
      setError(staffErrorMessage(err));
    }
  }

  const ids = orders.map((o) => o.id).join(',');
  return (
    <div className="staff-card no-print" role="region" aria-label="Acciones sobre las órdenes elegidas">
      <p>
        <strong>{countOf(count, 'orden elegida', 'órdenes elegidas')}</strong>
      </p>
      <form className="bulk-bar" onSubmit={(e) => void submit(e)} noValidate>
        {options.length ? (
          <label className="staff-field">
            Nuevo estado para todas
            <select value={to} onChange={(e) => setTo(e.target.value as OrderStatus | '')}>
              <option value="">Elige…</option>
              {options.map((o) => (
                <option key={o.to} value={o.to}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ) : fulfils ? (
          <p className="muted">
            Las órdenes elegidas no tienen un cambio de estado en común: elige órdenes que estén en el mismo estado.
          </p>
        ) : null}
        {shipping ? (
          <BulkShipments
            carrier={carrier}
            onCarrier={setCarrier}
            shipments={shipments}
            onTracking={(id, value) => setGuides({ ...guides, [id]: value })}
          />
        ) : null}
        {consequences.length ? (
          <ul className="muted" aria-live="polite">
            {consequences.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        ) : null}
        {fulfils ? (
          <>
            <label className="staff-field">
              Nota (opcional)
              <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} />
            </label>
            <button type="submit" className="button" disabled={loading || count === 0 || options.length === 0}>
              {loading ? 'Cambiando…' : `Cambiar ${countOf(count, 'orden', 'órdenes')}`}
            </button>
          </>
        ) : null}
        <Link className="button button--secondary" to={`/orders/empaque?ids=${ids}`}>
          Lista de empaque ({count})
        </Link>
      </form>
      <ActionError message={error} />
      {outcomes ? (
        <div role="status">
          <p>
            {outcomes.length === 1
              ? outcomes[0]!.ok
                ? 'La orden cambió de estado.'
                : 'La orden no cambió de estado.'
              : `${outcomes.filter((o) => o.ok).length} de ${outcomes.length} órdenes cambiaron de estado.`}
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
