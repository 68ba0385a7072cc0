import { formatCop } from '#shared/money.js';
import { deliveryDaysLabel } from '#shared/shipping.js';
import type { ShippingRateFieldsFragment } from './staff-shipping.generated';

/**
 * The rate table: one row per department with a rate, its municipality overrides right under it.
 * On a phone each row is a card (staff-table--cards).
 */
export function RatesTable({
  rates,
  onEdit,
  onRemove,
  busyId,
}: {
  rates: ShippingRateFieldsFragment[];
  onEdit: (r: ShippingRateFieldsFragment) => void;
  onRemove: (r: ShippingRateFieldsFragment) => void;
  busyId: string | null;
}) {
  const ordered = [...rates].sort(
    (a, b) =>
      a.departmentName.localeCompare(b.departmentName, 'es') ||
      (a.municipalityCode ? 1 : 0) - (b.municipalityCode ? 1 : 0) ||
      (a.municipalityName ?? '').localeCompare(b.municipalityName ?? '', 'es'),
  );
  if (ordered.length === 0) return <p className="muted">La tabla está vacía: todo el país usa la tarifa general.</p>;
  return (
    <div className="staff-table-wrap">
      <table className="staff-table staff-table--cards shipping-rates">
        <caption className="visually-hidden">Tarifas de envío por destino</caption>
        <thead>
          <tr>
            <th scope="col">Destino</th>
            <th scope="col">Envío</th>
            <th scope="col">Entrega</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((r) => {
            const place = r.municipalityName ? `${r.municipalityName} (${r.departmentName})` : r.departmentName;
            return (
              <tr key={r.id} className={r.municipalityCode ? 'shipping-rates__override' : undefined}>
                <td data-label="Destino">
                  {r.municipalityCode ? (
                    <>
                      <span aria-hidden="true">↳ </span>
                      {r.municipalityName} <span className="muted">· municipio de {r.departmentName}</span>
                    </>
                  ) : (
                    <>
                      {r.departmentName} <span className="muted">· todo el departamento</span>
                    </>
                  )}
                </td>
                <td data-label="Envío" className="num">
                  {r.fee === 0 ? 'Gratis' : formatCop(r.fee)}
                </td>
                <td data-label="Entrega">{deliveryDaysLabel(r.minDays, r.maxDays)}</td>
                <td className="staff-table__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => onEdit(r)}
                    aria-label={`Editar tarifa de ${place}`}
                  >
                    Editar
                  </button>
                  {r.municipalityCode ? (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busyId === r.id}
                      onClick={() => onRemove(r)}
                      aria-label={`Quitar la tarifa de ${place}`}
                    >
                      Quitar
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
