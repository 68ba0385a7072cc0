import '../../components/staff/staff.css';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { safeNext, signIn, signInErrorMessage, useStaffSession } from './staff-session';
import { NoAccess, SessionLoading, SessionStarting, SessionUnavailable } from './session-states';
import { AuthCard, AuthSubmit, PasswordInput, useAuthSubmit } from './auth-form';

/** `/login-dashboard-enzo-fpl`: staff sign-in through Firebase (the Auth emulator by default). */
export function LoginPage() {
  const session = useStaffSession();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, busy, submit } = useAuthSubmit(signInErrorMessage);
  const next = safeNext(params.get('next'));

  if (session.status === 'loading') return <SessionLoading />;
  if (session.status === 'starting') return <SessionStarting />;
  if (session.status === 'staff') return <Navigate to={next} replace />;
  if (session.status === 'not-staff') return <NoAccess email={session.email} message={session.message} />;

  return (
    <AuthCard title="Ingreso del personal">
      {session.status === 'unavailable' ? <SessionUnavailable /> : null}
      <form
        onSubmit={submit(
          () => (email.trim() && password ? null : 'Escribe tu correo y tu contraseña.'),
          () => signIn(email.trim(), password),
        )}
        noValidate
      >
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
        <PasswordInput
          label="Contraseña"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <AuthSubmit error={error} busy={busy} label="Ingresar" busyLabel="Ingresando…" />
      </form>
    </AuthCard>
  );
}
