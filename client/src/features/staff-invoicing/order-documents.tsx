import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatCop } from '#shared/money.js';
import { formatDateTime } from '../../lib/staff-format';
import { staffErrorMessage } from '../../lib/staff-errors';
import { ActionError, QueryError } from '../../components/staff/query-error';
import { useCan } from '../../lib/staff-permissions';
import { downloadStaffFile } from './file-download';
import { EINVOICE_KIND_LABELS, EINVOICE_STATUS_LABELS, STATUS_TONES } from './document-labels';
import {
  StaffOrderDocumentsDocument,
  StaffResendElectronicDocumentDocument,
  StaffRetryElectronicDocumentDocument,
  type ElectronicDocumentFieldsFragment,
} from './staff-invoicing.generated';
import './staff-invoicing.css';

/** One document: status, number, amount, CUFE, why it was refused or is waiting, and its actions. */
function DocumentCard({ d }: { d: ElectronicDocumentFieldsFragment }) {
  const [retry] = useMutation(StaffRetryElectronicDocumentDocument);
  const [resend] = useMutation(StaffResendElectronicDocumentDocument);
  const can = useCan();
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = `${EINVOICE_KIND_LABELS[d.kind]}${d.number ? ` ${d.number}` : ''}`;
  const act = async (
    what: () => Promise<{ __typename?: string; message?: string } | null | undefined>,
    done: string,
  ) => {
    setBusy(true);
    setFailure(null);
    setMessage(null);
    try {
      const result = await what();
      if (result?.__typename === 'ElectronicDocument') setMessage(done);
      else setFailure(result?.message ?? 'No se pudo completar la acción.');
    } catch (err) {
      setFailure(staffErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const download = (path: string, ext: string) =>
    void downloadStaffFile(path, `${label}.${ext}`).catch((err: Error) => setFailure(err.message));
  return (
    <li className="einvoice-doc" aria-label={label}>
      <p className="einvoice-doc__head">
        <strong>{label}</strong>{' '}
        <span className={`einvoice-badge einvoice-badge--${STATUS_TONES[d.status]}`}>
          {EINVOICE_STATUS_LABELS[d.status]}
        </span>
      </p>
      <p className="muted">
        {formatCop(d.amount)} ·{' '}
        {d.acceptedAt
          ? `aceptada por la DIAN el ${formatDateTime(d.acceptedAt)}`
          : `creada el ${formatDateTime(d.issuedAt)}`}
        {d.corrects ? ` · corrige la factura ${d.corrects}` : ''}
        {d.note ? ` · ${d.note}` : ''}
      </p>
      {d.uniqueCode ? (
        <p className="einvoice-doc__code">
          {d.kind === 'INVOICE' ? 'CUFE' : 'CUDE'}: <code>{d.uniqueCode}</code>
        </p>
      ) : null}
      {d.status === 'RECHAZADO' ? (
        <ul className="einvoice-doc__reasons" aria-label="Motivos del rechazo">
          {d.reasons.map((r) => (
            <li key={`${r.code}${r.message}`}>
              <strong>{r.code}</strong> {r.message}
            </li>
          ))}
        </ul>
      ) : null}
      {d.status === 'PENDIENTE' && d.lastError ? (
        <p className="muted">
          Último intento ({d.attempts}): {d.lastError} Se reintenta solo.
        </p>
      ) : null}
      <div className="einvoice-doc__actions">
        {d.status === 'EMITIDO' ? (
          <>
            <button type="button" className="button button--secondary" onClick={() => download(d.pdfPath, 'pdf')}>
              Descargar PDF
            </button>
            <button type="button" className="button button--secondary" onClick={() => download(d.xmlPath, 'xml')}>
              Descargar XML
            </button>
            {can('invoices.send') ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() =>
                  void act(
                    async () => (await resend({ variables: { id: d.id } })).data?.staffResendElectronicDocument,
                    'Reenviado al cliente por correo.',
                  )
                }
              >
                Reenviar al cliente
              </button>
            ) : null}
          </>
        ) : can('invoices.manage') ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() =>
              void act(
                async () => (await retry({ variables: { id: d.id } })).data?.staffRetryElectronicDocument,
                'Enviado de nuevo al proveedor.',
              )
            }
          >
            {d.status === 'RECHAZADO' ? 'Reintentar la emisión' : 'Enviar ahora'}
          </button>
        ) : null}
      </div>
      {message ? <p role="status">{message}</p> : null}
      <ActionError message={failure} />
    </li>
  );
}

/** The order's DIAN electronic invoice and credit notes (staff order page). */
export function OrderDocuments({ orderId }: { orderId: string }) {
  const { data, error, refetch } = useQuery(StaffOrderDocumentsDocument, {
    variables: { id: orderId },
    fetchPolicy: 'cache-and-network',
    pollInterval: 5000,
  });
  if (error && !data) return <QueryError onRetry={() => void refetch()} error={error} />;
  const docs = data?.staffOrder?.electronicDocuments ?? [];
  return (
    <section className="staff-card einvoice-docs" aria-labelledby="einvoice-docs-title">
      <h2 id="einvoice-docs-title">Facturación electrónica</h2>
      {docs.length === 0 ? (
        <p className="muted">Sin documentos electrónicos: la factura se emite cuando la orden se paga.</p>
      ) : (
        <ul>
          {docs.map((d) => (
            <DocumentCard key={d.id} d={d} />
          ))}
        </ul>
      )}
    </section>
  );
}
