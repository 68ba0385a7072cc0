import { staffErrorMessage } from '../../lib/staff-errors';

/** A query failed: a Spanish message (the server's, or a connection hint) and a retry button. */
export function QueryError({ onRetry, error }: { onRetry?: () => void; error?: unknown }) {
  const message =
    error === undefined
      ? 'No pudimos cargar la información.'
      : staffErrorMessage(error, 'No pudimos cargar la información. Revisa tu conexión e inténtalo de nuevo.');
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

/** An action failed (or a form is invalid): its Spanish message, announced; nothing when there is none. */
export function ActionError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="staff-error" role="alert">
      {message}
    </p>
  ) : null;
}
