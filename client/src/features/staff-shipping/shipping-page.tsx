import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { QueryError } from '../../components/staff/query-error';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import {
  StaffRemoveShippingRateDocument,
  StaffShippingDocument,
  type ShippingRateFieldsFragment,
} from './staff-shipping.generated';
import { SettingsForm } from './settings-form';
import { RateForm, type RateDraft } from './rate-form';
import { RatesTable } from './rates-table';
import './staff-shipping.css';

/**
 * `/dashboard/envios`: the free-shipping threshold, the general fee and delivery time, and the rate table by
 * department with municipality overrides (fee and business days). The cart, checkout and policies follow it.
 */
export function ShippingPage() {
  const { data, error, loading, refetch } = useQuery(StaffShippingDocument, { fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<{ draft: RateDraft | null; existing: boolean; key: string } | null>(null);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [remove] = useMutation(StaffRemoveShippingRateDocument);
  const addButton = useRef<HTMLButtonElement>(null);

  async function removeRate(r: ShippingRateFieldsFragment) {
    if (!window.confirm(`¿Quitar la tarifa de ${r.municipalityName}? Se cobrará la de ${r.departmentName}.`)) return;
    setFeedback(null);
    setBusyId(r.id);
    try {
      const { data: answer } = await remove({ variables: { id: r.id } });
      const refused = refusalMessage(answer?.staffRemoveShippingRate, 'ShippingRateRemoved');
      if (refused) setFeedback({ ok: false, text: refused });
      else {
        setFeedback({
          ok: true,
          text: `Quitamos la tarifa de ${r.municipalityName}: ahora se cobra la de ${r.departmentName}.`,
        });
        await refetch();
      }
    } catch (err) {
      setFeedback({ ok: false, text: staffErrorMessage(err) });
    } finally {
      setBusyId(null);
    }
  }

  function close() {
    setEditing(null);
    addButton.current?.focus();
  }

  return (
    <section className="staff-page shipping-page">
      <h1>Envíos</h1>
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando tarifas…</p> : null}
      {data ? (
        <>
          <SettingsForm key={data.staffShipping.settings.updatedAt} settings={data.staffShipping.settings} />
          <div className="staff-page__head">
            <h2>Tarifas por destino</h2>
            <button
              ref={addButton}
              type="button"
              className="button"
              onClick={() => setEditing({ draft: null, existing: false, key: `new-${Date.now()}` })}
            >
              Agregar tarifa
            </button>
          </div>
          <p className="muted">
            La tarifa de un municipio reemplaza la de su departamento. Los días son hábiles, sin contar festivos.
          </p>
          {editing ? (
            <RateForm
              key={editing.key}
              initial={editing.draft}
              editing={editing.existing}
              onDone={close}
              onSaved={(text) => {
                setFeedback({ ok: true, text });
                close();
                void refetch();
              }}
            />
          ) : null}
          {feedback ? (
            <p className={feedback.ok ? 'staff-success' : 'staff-error'} role={feedback.ok ? 'status' : 'alert'}>
              {feedback.text}
            </p>
          ) : null}
          <RatesTable
            rates={data.staffShipping.rates}
            busyId={busyId}
            onRemove={(r) => void removeRate(r)}
            onEdit={(r) => setEditing({ draft: r, existing: true, key: r.id })}
          />
        </>
      ) : null}
    </section>
  );
}
