import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { ORDER_STATUS_LABELS } from '#shared/orders.js';
import type { OrderStatus } from '../../gql/types';
import { StaffTransitionOrderDocument } from './staff-orders.generated';
import type { StaffOrderFieldsFragment } from './staff-orders.generated';
import { useCan } from '../../lib/staff-permissions';

const CANCEL_HINTS: Partial<Record<OrderStatus, string>> = {
  PENDIENTE_PAGO: 'Se liberará el inventario reservado por esta orden.',
  POR_CONFIRMAR:
    'Contraentrega sin confirmar: se liberará el inventario apartado y el código de descuento; el cliente recibe un correo.',
  PAGADO: 'La orden está pagada: quedará marcada con reembolso pendiente.',
  EN_PREPARACION: 'La orden está pagada: quedará marcada con reembolso pendiente.',
};

/** How a step reads in the list: confirming a cash-on-delivery order is what staff do after the call. */
function stepLabel(from: OrderStatus, to: OrderStatus): string {
  if (from === 'POR_CONFIRMAR' && to === 'EN_PREPARACION') return 'Confirmado por teléfono → En preparación';
  return ORDER_STATUS_LABELS[to];
}

/** Moves the order to one of its allowed next states, with a note; ENVIADO asks for carrier and tracking. */
export function OrderActions({ order }: { order: StaffOrderFieldsFragment }) {
  const [to, setTo] = useState<OrderStatus | ''>('');
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [transition, { loading }] = useMutation(StaffTransitionOrderDocument);
  const can = useCan();

  const feedback = message ? (
    <p className={message.ok ? 'staff-success' : 'staff-error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  ) : null;

  // A role that only reads orders (Consulta) sees no form; the server answers only the steps the role may take.
  if (!can('orders.fulfil')) return null;
  if (order.allowedTransitions.length === 0) {
    // A final state (ENTREGADO, CANCELADO): still confirm the change that led here.
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
    if (!to) return setMessage({ ok: false, text: 'Elige el nuevo estado.' });
    if (to === 'ENVIADO' && (!carrier.trim() || !tracking.trim()))
      return setMessage({ ok: false, text: 'Indica la transportadora y el número de guía.' });
    if (to === 'CANCELADO' && !window.confirm('¿Cancelar esta orden? Esta acción no se puede deshacer.')) return;
    try {
      const { data } = await transition({
        variables: {
          input: {
            orderId: order.id,
            to,
            note: note || null,
            ...(to === 'ENVIADO' ? { carrier, trackingNumber: tracking } : {}),
          },
        },
      });
      const refused = refusalMessage(data?.staffTransitionOrder, 'StaffOrder');
      if (refused) return setMessage({ ok: false, text: refused });
      setMessage({ ok: true, text: `Orden movida a «${ORDER_STATUS_LABELS[to]}».` });
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
        <select value={to} onChange={(e) => setTo(e.target.value as OrderStatus | '')}>
          <option value="">Elige…</option>
          {order.allowedTransitions.map((s) => (
            <option key={s} value={s}>
              {stepLabel(order.status, s)}
            </option>
          ))}
        </select>
      </label>
      {to === 'ENVIADO' ? (
        <>
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
        </>
      ) : null}
      {to === 'CANCELADO' ? (
        <p className="muted">
          {order.paymentMethod === 'CASH_ON_DELIVERY' && order.status !== 'POR_CONFIRMAR'
            ? 'Contraentrega aún sin cobrar: la orden quedará cancelada sin reembolso.'
            : (CANCEL_HINTS[order.status] ?? 'La orden quedará cancelada.')}
        </p>
      ) : null}
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
