/** Shown while a lazily loaded page arrives. */
export function PageFallback() {
  return (
    <div className="page-fallback" role="status" aria-live="polite">
      <span className="visually-hidden">Cargando…</span>
    </div>
  );
}
