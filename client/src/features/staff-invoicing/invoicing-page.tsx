import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { TEST_DOCUMENT_MARK } from '#shared/einvoicing.js';
import { staffErrorMessage } from '../../lib/staff-errors';
import { ActionError, QueryError } from '../../components/staff/query-error';
import { StaffField } from '../../components/staff/staff-field';
import { NumberingForm } from './numbering-form';
import { downloadStaffFile } from './file-download';
import {
  StaffInvoicingDocument,
  StaffSetInvoicingEnabledDocument,
  type InvoicingFieldsFragment,
} from './staff-invoicing.generated';
import './staff-invoicing.css';

const PROVIDERS: Record<string, string> = {
  sandbox: 'Proveedor de prueba integrado (hace de proveedor tecnológico y de DIAN)',
  alegra: 'Alegra (proveedor tecnológico autorizado por la DIAN)',
};

function Switch({ settings }: { settings: InvoicingFieldsFragment }) {
  const [set, { loading }] = useMutation(StaffSetInvoicingEnabledDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = async () => {
    setFailure(null);
    try {
      const result = (await set({ variables: { enabled: !settings.enabled } })).data?.staffSetInvoicingEnabled;
      if (result?.__typename === 'ValidationErrors') setFailure(result.message);
    } catch (err) {
      setFailure(staffErrorMessage(err));
    }
  };
  return (
    <section className="staff-card" aria-labelledby="einvoice-switch-title">
      <h2 id="einvoice-switch-title">Facturación electrónica {settings.enabled ? 'encendida' : 'apagada'}</h2>
      <p>
        {settings.enabled
          ? 'Cada venta pagada (y cada pago contraentrega recibido) genera su factura electrónica, y cada cancelación o reembolso su nota crédito. El pie de página y los correos lo dicen.'
          : 'La tienda no emite facturas electrónicas: el pie de página y los correos no hablan de facturas. Apágala solo si la tienda no está obligada a facturar electrónicamente.'}
      </p>
      <p className="muted">
        Proveedor: {PROVIDERS[settings.provider] ?? settings.provider} · Ambiente DIAN:{' '}
        {settings.environment === 'produccion' ? 'producción' : 'pruebas (habilitación)'}
      </p>
      {!settings.real ? (
        <p className="einvoice-test">{TEST_DOCUMENT_MARK}: los documentos de esta tienda no tienen validez fiscal.</p>
      ) : null}
      {settings.cannotEnable && !settings.enabled ? <p className="staff-alert">{settings.cannotEnable}</p> : null}
      <button type="button" className="button button--secondary" onClick={() => void toggle()} disabled={loading}>
        {settings.enabled ? 'Apagar la facturación electrónica' : 'Encender la facturación electrónica'}
      </button>
      <ActionError message={failure} />
    </section>
  );
}

function lastMonth(): string {
  const d = new Date();
  d.setUTCDate(1);
  return d.toISOString().slice(0, 7);
}

/** A month's invoices and credit notes: CSV for the accountant and a zip of their XMLs. */
function Export() {
  const [month, setMonth] = useState(lastMonth);
  const [failure, setFailure] = useState<string | null>(null);
  const get = (ext: 'csv' | 'zip') => {
    setFailure(null);
    if (!/^\d{4}-\d{2}$/.test(month)) return setFailure('Elige un mes.');
    void downloadStaffFile(`/api/staff/facturacion/${month}.${ext}`, `facturacion-${month}.${ext}`).catch(
      (err: Error) => setFailure(err.message),
    );
  };
  return (
    <section className="staff-card" aria-labelledby="einvoice-export-title">
      <h2 id="einvoice-export-title">Exportar para contabilidad</h2>
      <p className="muted">Las facturas y notas crédito que la DIAN aceptó en el mes (hora de Colombia).</p>
      <div className="einvoice-export">
        <StaffField label="Mes">
          {(a) => <input {...a} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />}
        </StaffField>
        <button type="button" className="button button--secondary" onClick={() => get('csv')}>
          Descargar CSV
        </button>
        <button type="button" className="button button--secondary" onClick={() => get('zip')}>
          Descargar los XML (zip)
        </button>
      </div>
      <ActionError message={failure} />
    </section>
  );
}

/** `/dashboard/facturacion`: the owner's switch, the provider, the numbering resolution, warnings and the export. */
export function InvoicingPage() {
  const { data, error, loading, refetch } = useQuery(StaffInvoicingDocument, { fetchPolicy: 'cache-and-network' });
  const s = data?.staffInvoicing;
  return (
    <section className="staff-page">
      <h1>Facturación electrónica</h1>
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando…</p> : null}
      {s ? (
        <>
          {s.warnings.length ? (
            <ul className="staff-alert" aria-label="Avisos de facturación">
              {s.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          ) : null}
          <Switch settings={s} />
          <NumberingForm key={s.invoiceNumbering?.updatedAt ?? 'none'} settings={s} />
          <Export />
        </>
      ) : null}
    </section>
  );
}
