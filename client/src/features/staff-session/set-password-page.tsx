import '../../components/staff/staff.css';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, AuthSubmit, PasswordInput, useAuthSubmit } from './auth-form';

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

/** Why the chosen password cannot be saved (checked before Firebase is asked); null when it can. */
function passwordRefusal(password: string, repeat: string): string | null {
  if (password.length < MIN_PASSWORD) return `La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`;
  if (password !== repeat) return 'Las dos contraseñas no coinciden.';
  return null;
}

function passwordErrorMessage(err: unknown): string {
  return (err as { code?: string }).code === 'auth/weak-password'
    ? `La contraseña es muy débil: usa al menos ${MIN_PASSWORD} caracteres, mezclando letras y números.`
    : linkErrorMessage(err);
}

/**
 * `/login-dashboard-enzo-fpl/clave?oobCode=…`: the invitation email's link. The person chooses a password (Firebase's
 * one-time code) and enters the dashboard signed in.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const navigate = useNavigate();
  const ruleId = useId();
  const [link, setLink] = useState<LinkState>({ status: 'checking' });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { error, busy, submit } = useAuthSubmit(passwordErrorMessage);

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

  return (
    <AuthCard title="Crea tu contraseña">
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
        <form
          onSubmit={submit(
            () => passwordRefusal(password, repeat),
            async () => {
              const { setPasswordAndSignIn } = await import('../../lib/firebase');
              await setPasswordAndSignIn(code, link.email, password);
              navigate('/dashboard', { replace: true });
            },
          )}
          noValidate
        >
          <p>
            Cuenta: <strong>{link.email}</strong>
          </p>
          <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
          <PasswordInput
            label="Nueva contraseña"
            name="new-password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD}
            value={password}
            onChange={setPassword}
            aria-describedby={ruleId}
          />
          <p id={ruleId} className="muted">
            Al menos {MIN_PASSWORD} caracteres.
          </p>
          <PasswordInput
            label="Repite la contraseña"
            name="repeat-password"
            autoComplete="new-password"
            value={repeat}
            onChange={setRepeat}
          />
          <AuthSubmit error={error} busy={busy} label="Guardar y entrar al panel" busyLabel="Guardando…" />
        </form>
      )}
    </AuthCard>
  );
}
