import type { Preview } from './catalog-import-page';

type ProductChange = Preview['creates'][number];

function ProductList({ title, products }: { title: string; products: readonly ProductChange[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3>
        {title} ({products.length})
      </h3>
      <ul className="import-products">
        {products.map((p) => (
          <li key={`${p.productId ?? 'nuevo'}-${p.slug}`}>
            <p>
              <strong>{p.name}</strong> <span className="muted">({p.slug})</span>
              {p.line ? <span className="muted"> · línea {p.line}</span> : null}
              {p.productId ? null : <span className="muted"> · {p.sizes} tallas</span>}
            </p>
            {p.changes.length ? (
              <ul className="import-changes">
                {p.changes.map((c, i) => (
                  <li key={i}>
                    {c.field}: <del>{c.before || '—'}</del> → <ins>{c.after || '—'}</ins>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What importing the file would do, its problems, and the button that applies it (only when nothing blocks it). */
export function ImportPreviewView({
  preview,
  applying,
  onApply,
}: {
  preview: Preview;
  applying: boolean;
  onApply: () => void;
}) {
  const nothing = preview.creates.length + preview.updates.length + preview.archives.length === 0;
  return (
    <section className="import-preview" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title">3. Revise la vista previa</h2>
      <p role="status">
        {preview.fileName} ({preview.format}, {preview.rows} filas): {preview.creates.length} productos nuevos,{' '}
        {preview.updates.length} con cambios, {preview.archives.length} para archivar y {preview.unchanged} sin cambios.
        Todavía no se cambió nada.
      </p>
      {preview.ignoredColumns.length ? (
        <p className="muted">Columnas que no se usan: {preview.ignoredColumns.join(', ')}.</p>
      ) : null}
      {preview.problems.length ? (
        <section aria-label="Problemas" className="import-problems">
          <h3>Problemas ({preview.problems.length})</h3>
          <ul>
            {preview.problems.map((p, i) => (
              <li key={i}>
                Línea {p.line}
                {p.column ? ` («${p.column}»)` : ''}: {p.message}
              </li>
            ))}
          </ul>
          {preview.skipped.length ? (
            <p>
              Productos que quedan como están: {preview.skipped.map((s) => `${s.name} (línea ${s.line})`).join(', ')}.
            </p>
          ) : null}
        </section>
      ) : null}
      <ProductList title="Productos nuevos" products={preview.creates} />
      <ProductList title="Productos que cambian" products={preview.updates} />
      <ProductList title="Productos que se archivan" products={preview.archives} />
      <div className="staff-form__actions">
        <button type="button" className="button" onClick={onApply} disabled={!preview.canApply || nothing || applying}>
          {applying ? 'Aplicando…' : 'Aplicar la importación'}
        </button>
      </div>
      {!preview.canApply ? (
        <p className="muted">
          Corrija los problemas y vuelva a subir el archivo, o marque «Omitir los productos con problemas».
        </p>
      ) : nothing ? (
        <p className="muted">El archivo no cambia nada.</p>
      ) : null}
    </section>
  );
}
