/** A query failed: Spanish message and a retry button. */
export function QueryError({ onRetry, message = 'No pudimos cargar la información.' }: { onRetry?: () => void; message?: string }) {
  return (
    <div className="staff-error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Reintentar
        </button>
      ) : null}
    </div>
  );
}
