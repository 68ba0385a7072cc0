import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { formatCop } from '#shared/money.js';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { formatDateTime } from '../../lib/staff-format';
import { lapsesIn } from '../../lib/due-date';
import { StaffMarkCashCollectedDocument, type StaffOrderFieldsFragment } from './staff-orders.generated';

/**
 * Contraentrega: what the carrier collects, whether the shop recorded the money (who and when), and
 * the action to record it once the order is delivered.
 */
export function CashCollection({ order }: { order: StaffOrderFieldsFragment }) {
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [markCollected, { loading }] = useMutation(StaffMarkCashCollectedDocument);
  if (order.paymentMethod !== 'CASH_ON_DELIVERY') return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    if (!window.confirm(`¿Registrar que se recibieron ${formatCop(order.total)} de la orden ${order.reference}?`))
      return;
    try {
      const { data } = await markCollected({ variables: { orderId: order.id, note: note.trim() || null } });
      const refused = refusalMessage(data?.staffMarkCashCollected, 'StaffOrder');
      if (refused) return setMessage({ ok: false, text: refused });
      setNote('');
      setMessage({ ok: true, text: 'Pago contraentrega registrado.' });
    } catch (err) {
      setMessage({ ok: false, text: staffErrorMessage(err) });
    }
  }

  const status = order.cashCollectedAt
    ? `Pago recibido el ${formatDateTime(order.cashCollectedAt)} · registrado por ${order.cashCollectedBy ?? '—'}.`
    : order.status === 'POR_CONFIRMAR'
      ? `Llama al cliente para confirmar el pedido; luego muévelo a «En preparación» (o cancélalo).${order.confirmBy ? ` Si nadie lo confirma, se cancela solo el ${formatDateTime(order.confirmBy)} (${lapsesIn(order.confirmBy)}).` : ''}`
      : order.canMarkCashCollected
        ? 'Cuando la transportadora entregue el recaudo, regístralo aquí.'
        : 'El pago se registra cuando la orden ya fue entregada.';
  return (
    <section className="staff-card no-print" aria-labelledby="cash-collection-title">
      <h2 id="cash-collection-title">Pago contraentrega</h2>
      <p>
        A cobrar al entregar: <strong>{formatCop(order.total)}</strong>
        {order.paymentFee > 0 ? ` (incluye ${formatCop(order.paymentFee)} de recargo)` : ''}.
      </p>
      <p className="muted">{status}</p>
      {message ? (
        <p className={message.ok ? 'staff-success' : 'staff-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      {order.canMarkCashCollected ? (
        <form onSubmit={submit} noValidate>
          <label>
            Nota (opcional)
            <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} autoComplete="off" />
          </label>
          <button type="submit" className="button" disabled={loading}>
            {loading ? 'Guardando…' : 'Registrar pago recibido'}
          </button>
        </form>
      ) : null}
    </section>
  );
}
