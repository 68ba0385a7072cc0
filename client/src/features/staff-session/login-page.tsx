import '../../components/staff/staff.css';
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { safeNext, signIn, signInErrorMessage, useStaffSession } from './staff-session';
import { NoAccess, SessionLoading, SessionStarting, SessionUnavailable } from './session-states';
import { ActionError } from '../../components/staff/query-error';

/** `/login-dashboard-enzo-fpl`: staff sign-in through Firebase (the Auth emulator by default). */
export function LoginPage() {
  const session = useStaffSession();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = safeNext(params.get('next'));

  if (session.status === 'loading') return <SessionLoading />;
  if (session.status === 'starting') return <SessionStarting />;
  if (session.status === 'staff') return <Navigate to={next} replace />;
  if (session.status === 'not-staff') return <NoAccess email={session.email} message={session.message} />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Escribe tu correo y tu contraseña.');
      return;
    }
    setBusy(true);
    try {
      await signIn(email.trim(), password);
    } catch (err) {
      setError(signInErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-login" aria-labelledby="staff-login-title">
      <h1 id="staff-login-title">Ingreso del personal</h1>
      <p className="staff-login__brand">Enzo · Panel de ventas</p>
      {session.status === 'unavailable' ? <SessionUnavailable /> : null}
      <form onSubmit={submit} noValidate>
        <label>
          Correo electrónico
          <input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </label>
        <label>
          Contraseña
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        <ActionError message={error} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Ingresando…' : 'Ingresar'}
        </button>
      </form>
    </section>
  );
}
