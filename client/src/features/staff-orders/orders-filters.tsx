import { useState, type FormEvent } from 'react';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '#shared/orders.js';

export interface OrdersFilterValues {
  estado: string;
  /** Payment method (the one the gateway reported, or contraentrega). */
  pago: string;
  desde: string;
  hasta: string;
  q: string;
}

/** State, payment method, date range and free-text search for the orders list (applied on submit). */
export function OrdersFilters({
  values,
  onApply,
}: {
  values: OrdersFilterValues;
  onApply: (v: OrdersFilterValues) => void;
}) {
  const [draft, setDraft] = useState(values);
  const set = (key: keyof OrdersFilterValues) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });
  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(draft);
  }
  const known = ['', 'PAGADO,EN_PREPARACION', ...ORDER_STATUSES];
  return (
    <form className="orders-filters" onSubmit={submit} role="search" aria-label="Filtrar órdenes">
      <label>
        Estado
        <select value={draft.estado} onChange={set('estado')}>
          <option value="">Todos los estados</option>
          <option value="PAGADO,EN_PREPARACION">Por enviar (pagado o en preparación)</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
          {known.includes(draft.estado) ? null : <option value={draft.estado}>Varios estados</option>}
        </select>
      </label>
      <label>
        Medio de pago
        <select value={draft.pago} onChange={set('pago')}>
          <option value="">Todos los medios</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Desde
        <input type="date" value={draft.desde} onChange={set('desde')} />
      </label>
      <label>
        Hasta
        <input type="date" value={draft.hasta} onChange={set('hasta')} />
      </label>
      <label className="orders-filters__search">
        Buscar
        <input
          type="search"
          value={draft.q}
          onChange={set('q')}
          placeholder="Referencia, nombre, correo, celular o documento"
        />
      </label>
      <div className="orders-filters__actions">
        <button type="submit" className="button">
          Filtrar
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            const empty = { estado: '', pago: '', desde: '', hasta: '', q: '' };
            setDraft(empty);
            onApply(empty);
          }}
        >
          Limpiar
        </button>
      </div>
    </form>
  );
}
