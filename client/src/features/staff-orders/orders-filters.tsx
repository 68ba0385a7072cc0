import { ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_METHOD_LABELS } from '#shared/orders.js';
import { FilterBar } from '../../components/staff/filter-bar';
import { DateRangeFields, FilterSelect, type FilterOptions } from '../../components/staff/filter-fields';

/** The orders list's query parameters: state(s), payment method (the one the gateway reported, or contraentrega), dates, search. */
export const ORDERS_FILTER_KEYS = ['estado', 'pago', 'desde', 'hasta', 'q'] as const;

export type OrdersFilterValues = Record<(typeof ORDERS_FILTER_KEYS)[number], string>;

const TO_SHIP = 'PAGADO,EN_PREPARACION';
// Any other combination of states (from a link such as the dashboard's) shows as «Varios estados».
const STATE_OPTIONS: FilterOptions = [
  [TO_SHIP, 'Por enviar (pagado o en preparación)'],
  ...ORDER_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]] as const),
];

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
          <FilterSelect
            label="Estado"
            all="Todos los estados"
            value={draft.estado}
            onChange={set('estado')}
            options={STATE_OPTIONS}
            unknown={() => 'Varios estados'}
          />
          <FilterSelect
            label="Medio de pago"
            all="Todos los medios"
            value={draft.pago}
            onChange={set('pago')}
            options={PAYMENT_METHOD_LABELS}
          />
          <DateRangeFields from={draft.desde} to={draft.hasta} onFromChange={set('desde')} onToChange={set('hasta')} />
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
