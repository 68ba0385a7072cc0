import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { DISCOUNT_CODE_STATE_LABELS, describeDiscountRules } from '#shared/discount-codes.js';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { DiscountCodeForm, toInput } from './discount-code-form';
import { ActionError, QueryError } from '../../components/staff/query-error';
import { StaffDiscountCodesListDocument, StaffToggleDiscountCodeDocument } from './staff-discounts.generated';
import type { StaffDiscountCodeFieldsFragment } from './staff-discounts.generated';
import { useCan } from '../../lib/staff-permissions';
import { formatDay } from '../../lib/staff-format';
import { EntityHistory } from '../staff-activity';

const validity = (c: StaffDiscountCodeFieldsFragment) =>
  c.validFrom || c.validUntil
    ? `${c.validFrom ? formatDay(c.validFrom) : '…'} – ${c.validUntil ? formatDay(c.validUntil) : '…'}`
    : 'Sin límite';

/** `/dashboard/codigos-descuento`: list with uses and conditions; create, edit and (de)activate codes. On a phone each code is a card. */
export function DiscountCodesPage() {
  const { data, error, loading, refetch } = useQuery(StaffDiscountCodesListDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [editing, setEditing] = useState<StaffDiscountCodeFieldsFragment | 'new' | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [update] = useMutation(StaffToggleDiscountCodeDocument);
  const can = useCan();

  async function toggle(c: StaffDiscountCodeFieldsFragment) {
    setToggleError(null);
    try {
      const { data } = await update({ variables: { id: c.id, input: { ...toInput(c), active: !c.active } } });
      setToggleError(refusalMessage(data?.staffUpdateDiscountCode, 'StaffDiscountCode'));
    } catch (err) {
      setToggleError(staffErrorMessage(err));
    }
  }

  return (
    <section className="staff-page">
      <div className="staff-page__head">
        <h1>Códigos de descuento</h1>
        {can('discounts.manage') ? (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            Nuevo código
          </button>
        ) : null}
      </div>
      {editing ? (
        <DiscountCodeForm
          key={editing === 'new' ? 'new' : editing.id}
          code={editing === 'new' ? null : editing}
          categories={data?.categories ?? []}
          onDone={() => setEditing(null)}
          onCreated={() => void refetch()}
        />
      ) : null}
      <ActionError message={toggleError} />
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando códigos…</p> : null}
      {data ? (
        <div className="staff-table-wrap">
          <table className="staff-table staff-table--cards">
            <caption className="visually-hidden">Códigos de descuento</caption>
            <thead>
              <tr>
                <th scope="col">Código</th>
                <th scope="col">Descuento</th>
                <th scope="col">Vigencia</th>
                <th scope="col">Condiciones</th>
                <th scope="col">Usos</th>
                <th scope="col">Estado</th>
                <th scope="col">
                  <span className="visually-hidden">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.staffDiscountCodes.map((c) => (
                <tr key={c.id}>
                  <td data-label="Código">
                    <strong>{c.code}</strong>
                  </td>
                  <td data-label="Descuento" className="num">
                    {c.percent} %
                  </td>
                  <td data-label="Vigencia">{validity(c)}</td>
                  <td data-label="Condiciones">
                    {describeDiscountRules({
                      ...c,
                      minSubtotal: c.minSubtotal ?? null,
                      perCustomerLimit: c.perCustomerLimit ?? null,
                      categoryNames: c.categories.map((x) => x.name),
                    })}
                  </td>
                  <td data-label="Usos" className="num">
                    {c.usageLimit ? `${c.uses} de ${c.usageLimit}` : c.uses}
                  </td>
                  <td data-label="Estado">
                    <span className={`code-state code-state--${c.state.toLowerCase().replace('_', '-')}`}>
                      {DISCOUNT_CODE_STATE_LABELS[c.state]}
                    </span>
                  </td>
                  <td className="staff-table__actions">
                    {can('discounts.manage') ? (
                      <>
                        <button
                          type="button"
                          className="button button--secondary"
                          onClick={() => setEditing(c)}
                          aria-label={`Editar ${c.code}`}
                        >
                          Editar
                        </button>
                        <button
                          type="button"
                          className="button button--secondary"
                          onClick={() => void toggle(c)}
                          aria-label={`${c.active ? 'Desactivar' : 'Activar'} ${c.code}`}
                        >
                          {c.active ? 'Desactivar' : 'Activar'}
                        </button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && can('audit.view')
        ? data.staffDiscountCodes.map((c) => (
            <EntityHistory key={c.id} entityType="discountCode" entityId={c.id} title={`Historial de ${c.code}`} />
          ))
        : null}
    </section>
  );
}
