import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { SHEET_COLUMNS } from '#shared/catalog-sheet.js';
import { downloadStaffFile } from '../../lib/staff-download';
import { staffErrorMessage } from '../../lib/staff-errors';
import { ActionError } from '../../components/staff/query-error';
import {
  ApplyCatalogImportDocument,
  PreviewCatalogImportDocument,
  type PreviewCatalogImportMutation,
} from './staff-channels.generated';
import { ImportPreviewView } from './import-preview-view';
import { StaffLink } from '../../components/staff/staff-link';

type Result = PreviewCatalogImportMutation['staffPreviewCatalogImport'];
export type Preview = Extract<Result, { __typename: 'CatalogImportPreview' }>;

/** Largest file the page sends (GraphQL bodies stop at 8 MB; base64 adds a third). */
const MAX_FILE_BYTES = 6 * 1024 * 1024;

async function toBase64(file: File): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  return url.replace(/^data:[^,]*,/, '');
}

/** `/dashboard/productos/importar`: export the catalogue, then upload a spreadsheet → preview → apply. */
export function CatalogImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [skipBadRows, setSkipBadRows] = useState(false);
  const [archiveMissing, setArchiveMissing] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [runPreview, previewState] = useMutation(PreviewCatalogImportDocument);
  const [runApply, applyState] = useMutation(ApplyCatalogImportDocument);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const input = async () => ({
    fileName: file!.name,
    dataBase64: await toBase64(file!),
    skipBadRows,
    archiveMissing,
  });

  async function onPreview(e: FormEvent) {
    e.preventDefault();
    setPreview(null);
    setDone(null);
    setMessage(null);
    if (!file) return setMessage('Elija un archivo .csv o .xlsx.');
    if (file.size > MAX_FILE_BYTES) return setMessage('El archivo supera los 6 MB: divídalo en varios.');
    try {
      const { data } = await runPreview({ variables: { input: await input() } });
      const result = data?.staffPreviewCatalogImport;
      if (result?.__typename === 'CatalogImportPreview') setPreview(result);
      else if (result) setMessage(result.message);
    } catch (err) {
      setMessage(staffErrorMessage(err));
    }
  }

  async function onApply() {
    if (!file || !preview) return;
    setMessage(null);
    try {
      const { data } = await runApply({ variables: { input: { ...(await input()), token: preview.token } } });
      const result = data?.staffApplyCatalogImport;
      if (result?.__typename === 'CatalogImportApplied') {
        setPreview(null);
        setDone(
          `Importación aplicada: ${result.created} productos nuevos, ${result.updated} actualizados, ${result.archived} archivados, ${result.stockChanges} cambios de inventario y ${result.unchanged} sin cambios${result.skipped ? `; ${result.skipped} omitidos por problemas` : ''}.`,
        );
      } else if (result) {
        setMessage([result.message, ...result.problems.map((p) => `Línea ${p.line}: ${p.message}`)].join(' '));
      }
    } catch (err) {
      setMessage(staffErrorMessage(err));
    }
  }

  async function download(format: 'csv' | 'xlsx') {
    setDownloadError(null);
    try {
      await downloadStaffFile(`/api/staff/catalog.${format}`, `catalogo-enzo.${format}`);
    } catch {
      setDownloadError('No se pudo descargar el catálogo. Intenta de nuevo.');
    }
  }

  return (
    <section className="staff-page">
      <div className="staff-page__head">
        <h1>Importar y exportar el catálogo</h1>
        <StaffLink to="/dashboard/productos">Volver a productos</StaffLink>
      </div>
      <h2>1. Descargue el catálogo</h2>
      <p>
        Una fila por talla, con los datos del producto repetidos en cada una. Para editar en Excel prefiera el libro
        (.xlsx): conserva los códigos tal cual. El CSV usa «;» y UTF-8 como lo abre Excel en español (Colombia).
      </p>
      <div className="staff-form__actions">
        <button type="button" className="button button--secondary" onClick={() => void download('xlsx')}>
          Descargar Excel (.xlsx)
        </button>
        <button type="button" className="button button--secondary" onClick={() => void download('csv')}>
          Descargar CSV
        </button>
      </div>
      <ActionError message={downloadError} />

      <h2>2. Suba el archivo editado</h2>
      <form className="staff-form" onSubmit={(e) => void onPreview(e)}>
        <label className="staff-field">
          Archivo (.csv o .xlsx)
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPreview(null);
            }}
          />
        </label>
        <label className="staff-check">
          <input type="checkbox" checked={skipBadRows} onChange={(e) => setSkipBadRows(e.target.checked)} />
          Omitir los productos con problemas y aplicar el resto
        </label>
        <label className="staff-check">
          <input type="checkbox" checked={archiveMissing} onChange={(e) => setArchiveMissing(e.target.checked)} />
          Archivar los productos de la tienda que no están en el archivo
        </label>
        <div className="staff-form__actions">
          <button type="submit" className="button" disabled={previewState.loading}>
            {previewState.loading ? 'Revisando…' : 'Ver vista previa'}
          </button>
        </div>
      </form>
      <ActionError message={message} />
      {done ? (
        <p role="status" className="staff-notice">
          {done}
        </p>
      ) : null}
      {preview ? (
        <ImportPreviewView preview={preview} applying={applyState.loading} onApply={() => void onApply()} />
      ) : null}

      <details className="import-columns">
        <summary>Columnas del archivo</summary>
        <dl>
          {SHEET_COLUMNS.map((c) => (
            <div key={c.key}>
              <dt>{c.header}</dt>
              <dd>{c.help}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
