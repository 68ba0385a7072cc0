import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { ORDER_STATUS_LABELS } from '#shared/orders.js';
import type { OrderStatus } from '../../gql/types';
import { StaffTransitionOrderDocument } from './staff-orders.generated';
import type { StaffOrderFieldsFragment } from './staff-orders.generated';
import { useCan } from '../../lib/staff-permissions';

/**
 * Moves the order along one of the steps the server offers for it (`allowedMoves`, read from the order lifecycle):
 * each step says what it needs (carrier and guide number to ship), what it does and whether to ask first; nothing
 * about the lifecycle is decided here.
 */
export function OrderActions({ order }: { order: StaffOrderFieldsFragment }) {
  const [to, setTo] = useState<OrderStatus | ''>('');
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [transition, { loading }] = useMutation(StaffTransitionOrderDocument);
  const move = order.allowedMoves.find((m) => m.to === to);
  const needsCarrier = move?.requires.includes('CARRIER') ?? false;
  const needsTracking = move?.requires.includes('TRACKING_NUMBER') ?? false;
  const can = useCan();

  const feedback = message ? (
    <p className={message.ok ? 'staff-success' : 'staff-error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  ) : null;

  // A role that only reads orders (Consulta) sees no form; the server offers only the steps the role may take.
  if (!can('orders.fulfil')) return null;
  if (order.allowedMoves.length === 0) {
    // A final state (ENTREGADO, DEVUELTO, CANCELADO): still confirm the change that led here.
    return (
      <div className="no-print">
        {feedback}
        <p className="muted">Esta orden ya no admite cambios de estado.</p>
      </div>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    if (!move) return setMessage({ ok: false, text: 'Elige el nuevo estado.' });
    const missing = [
      needsCarrier && !carrier.trim() ? 'la transportadora' : '',
      needsTracking && !tracking.trim() ? 'el número de guía' : '',
    ].filter(Boolean);
    if (missing.length) return setMessage({ ok: false, text: `Indica ${missing.join(' y ')}.` });
    if (move.confirm && !window.confirm(move.confirm)) return;
    try {
      const { data } = await transition({
        variables: {
          input: {
            orderId: order.id,
            to: move.to,
            note: note || null,
            ...(needsCarrier ? { carrier } : {}),
            ...(needsTracking ? { trackingNumber: tracking } : {}),
          },
        },
      });
      const refused = refusalMessage(data?.staffTransitionOrder, 'StaffOrder');
      if (refused) return setMessage({ ok: false, text: refused });
      setMessage({ ok: true, text: `Orden movida a «${ORDER_STATUS_LABELS[move.to]}».` });
      setTo('');
      setNote('');
    } catch (err) {
      setMessage({ ok: false, text: staffErrorMessage(err) });
    }
  }

  return (
    <form
      className="staff-card order-actions no-print"
      onSubmit={submit}
      noValidate
      aria-labelledby="order-actions-title"
    >
      <h2 id="order-actions-title">Cambiar estado</h2>
      <label>
        Nuevo estado
        <select
          value={to}
          onChange={(e) => setTo(e.target.value as OrderStatus | '')}
          aria-describedby="order-move-effects"
        >
          <option value="">Elige…</option>
          {order.allowedMoves.map((m) => (
            <option key={m.to} value={m.to}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      {needsCarrier ? (
        <label>
          Transportadora
          <input
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            maxLength={80}
            aria-required="true"
            autoComplete="off"
          />
        </label>
      ) : null}
      {needsTracking ? (
        <label>
          Número de guía
          <input
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            maxLength={80}
            aria-required="true"
            autoComplete="off"
          />
        </label>
      ) : null}
      <div id="order-move-effects" aria-live="polite">
        {move?.consequences.length ? (
          <ul className="muted order-actions__effects">
            {move.consequences.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <label>
        Nota (opcional)
        <textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={2} />
      </label>
      {feedback}
      <button type="submit" className="button" disabled={loading}>
        {loading ? 'Guardando…' : 'Guardar cambio'}
      </button>
    </form>
  );
}
