import { ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '#shared/orders.js';
import { FilterBar } from '../../components/staff/filter-bar';

/** The orders list's query parameters: state(s), payment method (the one the gateway reported, or contraentrega), dates, search. */
export const ORDERS_FILTER_KEYS = ['estado', 'pago', 'desde', 'hasta', 'q'] as const;

export type OrdersFilterValues = Record<(typeof ORDERS_FILTER_KEYS)[number], string>;

const TO_SHIP = 'PAGADO,EN_PREPARACION';
const KNOWN_STATES = ['', TO_SHIP, ...ORDER_STATUSES];

/** State, payment method, date range and free-text search for the orders list (applied on submit). */
export function OrdersFilters({
  values,
  onApply,
}: {
  values: OrdersFilterValues;
  onApply: (v: OrdersFilterValues) => void;
}) {
  return (
    <FilterBar label="Filtrar órdenes" values={values} onApply={onApply}>
      {(draft, set) => (
        <>
          <label>
            Estado
            <select value={draft.estado} onChange={set('estado')}>
              <option value="">Todos los estados</option>
              <option value={TO_SHIP}>Por enviar (pagado o en preparación)</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_STATUS_LABELS[s]}
                </option>
              ))}
              {KNOWN_STATES.includes(draft.estado) ? null : <option value={draft.estado}>Varios estados</option>}
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
          <label className="staff-filters__search">
            Buscar
            <input
              type="search"
              value={draft.q}
              onChange={set('q')}
              placeholder="Referencia, nombre, correo, celular o documento"
            />
          </label>
        </>
      )}
    </FilterBar>
  );
}
