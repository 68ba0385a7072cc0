import '../../components/staff/staff.css';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ActionError } from '../../components/staff/query-error';

const MIN_PASSWORD = 8;

type LinkState = { status: 'checking' } | { status: 'ready'; email: string } | { status: 'invalid'; message: string };

function linkErrorMessage(err: unknown): string {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'auth/expired-action-code')
    return 'El enlace venció (sirve una hora). Pide a la persona propietaria de la tienda que te reenvíe la invitación.';
  if (code === 'auth/invalid-action-code')
    return 'Este enlace ya se usó o no es válido. Si ya creaste tu contraseña, ingresa con ella; si no, pide que te reenvíen la invitación.';
  if (code === 'auth/user-disabled')
    return 'Tu cuenta del panel está desactivada. Habla con la persona propietaria de la tienda.';
  if (code === 'auth/network-request-failed' || err instanceof TypeError)
    return 'No hay conexión. Revisa tu internet y recarga la página.';
  return 'No pudimos revisar el enlace. Recarga la página o pide una nueva invitación.';
}

/**
 * `/login-dashboard-enzo-fpl/clave?oobCode=…`: the invitation email's link. The person chooses a password (Firebase's
 * one-time code) and enters the dashboard signed in.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ status: 'checking' });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    if (!code) {
      setLink({ status: 'invalid', message: 'Falta el código del enlace. Abre el enlace completo del correo.' });
      return;
    }
    import('../../lib/firebase')
      .then((m) => m.passwordLinkEmail(code))
      .then(
        (email) => live && setLink({ status: 'ready', email }),
        (err: unknown) => live && setLink({ status: 'invalid', message: linkErrorMessage(err) }),
      );
    return () => {
      live = false;
    };
  }, [code]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (link.status !== 'ready') return;
    setError(null);
    if (password.length < MIN_PASSWORD) {
      setError(`La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`);
      return;
    }
    if (password !== repeat) {
      setError('Las dos contraseñas no coinciden.');
      return;
    }
    setBusy(true);
    try {
      const { setPasswordAndSignIn } = await import('../../lib/firebase');
      await setPasswordAndSignIn(code, link.email, password);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      setError(
        code === 'auth/weak-password'
          ? `La contraseña es muy débil: usa al menos ${MIN_PASSWORD} caracteres, mezclando letras y números.`
          : linkErrorMessage(err),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-login" aria-labelledby="set-password-title">
      <h1 id="set-password-title">Crea tu contraseña</h1>
      <p className="staff-login__brand">Enzo · Panel de ventas</p>
      {link.status === 'checking' ? (
        <p role="status">Revisando el enlace…</p>
      ) : link.status === 'invalid' ? (
        <>
          <p className="staff-error" role="alert">
            {link.message}
          </p>
          <p>
            <Link to="/login-dashboard-enzo-fpl">Ir al ingreso del personal</Link>
          </p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>
            Cuenta: <strong>{link.email}</strong>
          </p>
          <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
          <label>
            Nueva contraseña
            <input
              type="password"
              name="new-password"
              autoComplete="new-password"
              minLength={MIN_PASSWORD}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="password-rule"
              required
            />
          </label>
          <p id="password-rule" className="muted">
            Al menos {MIN_PASSWORD} caracteres.
          </p>
          <label>
            Repite la contraseña
            <input
              type="password"
              name="repeat-password"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              required
            />
          </label>
          <ActionError message={error} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Guardando…' : 'Guardar y entrar al panel'}
          </button>
        </form>
      )}
    </section>
  );
}
