import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { signOut } from './staff-session';
import { ActionError } from '../../components/staff/query-error';

/** Neutral state while Firebase reports who is signed in (nothing protected is rendered). */
export function SessionLoading() {
  return (
    <div className="staff-session-loading" role="status" aria-live="polite">
      Verificando tu sesión…
    </div>
  );
}

/** The shop just started and its sign-in service is not ready yet (the page retries by itself). */
export function SessionStarting() {
  return (
    <div className="staff-session-loading" role="status" aria-live="polite">
      El inicio de sesión del personal se está preparando. Espera unos segundos: la página seguirá sola.
    </div>
  );
}

export function SessionUnavailable() {
  return (
    <p className="staff-error" role="alert">
      No pudimos conectar con el servicio de inicio de sesión. Revisa tu conexión y recarga la página.
    </p>
  );
}

/** Sign-out with a visible Spanish message when it fails; clears cached staff data on success. */
export function useSignOut() {
  const client = useApolloClient();
  const [error, setError] = useState<string | null>(null);
  async function run(): Promise<boolean> {
    setError(null);
    try {
      await signOut();
      await client.clearStore();
      return true;
    } catch {
      setError('No pudimos cerrar la sesión. Revisa tu conexión e inténtalo de nuevo.');
      return false;
    }
  }
  return { signOut: run, error };
}

/** Signed in, but the server refuses the account (not on the team, or its access was turned off). */
export function NoAccess({ email, message }: { email: string | null; message: string }) {
  const { signOut: run, error } = useSignOut();
  return (
    <section className="staff-login" aria-labelledby="no-access-title">
      <h1 id="no-access-title">No tienes acceso al panel</h1>
      <p role="alert">{message}</p>
      <p>
        {email ? (
          <>
            Entraste como <strong>{email}</strong>.{' '}
          </>
        ) : null}
        Cierra la sesión e ingresa con una cuenta del equipo.
      </p>
      <ActionError message={error} />
      <button type="button" className="button" onClick={() => void run()}>
        Cerrar Sesión
      </button>
    </section>
  );
}
