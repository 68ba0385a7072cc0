import { useEffect, useSyncExternalStore } from 'react';
import { setAuthTokenProvider } from '../../lib/apollo';
import type { User } from '../../lib/firebase';

/** Where the dashboard stands with Firebase: waiting, signed out, signed in without access, staff. */
export type StaffSession =
  | { status: 'loading' }
  | { status: 'unavailable' }
  /** The sign-in service is still starting (local Auth emulator): retried every 2 s. */
  | { status: 'starting' }
  | { status: 'signed-out' }
  | { status: 'not-staff'; email: string | null }
  | { status: 'staff'; uid: string; email: string | null; name: string | null };

let session: StaffSession = { status: 'loading' };
const listeners = new Set<() => void>();
let started = false;

function publish(next: StaffSession) {
  session = next;
  for (const l of listeners) l();
}

const firebase = () => import('../../lib/firebase');

async function onUser(user: User | null) {
  if (!user) {
    setAuthTokenProvider(null);
    publish({ status: 'signed-out' });
    return;
  }
  const { hasStaffClaim } = await firebase();
  if (await hasStaffClaim(user)) {
    setAuthTokenProvider(() => user.getIdToken());
    publish({ status: 'staff', uid: user.uid, email: user.email, name: user.displayName });
  } else {
    setAuthTokenProvider(null);
    publish({ status: 'not-staff', email: user.email });
  }
}

function start() {
  if (started) return;
  started = true;
  firebase()
    .then((m) => m.watchAuthState((user) => void onUser(user).catch(() => publish({ status: 'unavailable' }))))
    .catch((err: unknown) => {
      started = false;
      if ((err as { code?: string }).code === 'auth/starting') {
        publish({ status: 'starting' });
        setTimeout(start, 2000);
        return;
      }
      publish({ status: 'unavailable' });
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current staff session; starts listening to Firebase on first use. */
export function useStaffSession(): StaffSession {
  useEffect(start, []);
  return useSyncExternalStore(subscribe, () => session);
}

export async function signIn(email: string, password: string): Promise<void> {
  const { signInStaff } = await firebase();
  await signInStaff(email, password);
}

export async function signOut(): Promise<void> {
  const { signOutStaff } = await firebase();
  await signOutStaff();
}

/** Spanish message for a Firebase sign-in error code (one message for wrong password or unknown user). */
export function signInErrorMessage(err: unknown): string {
  const code = (err as { code?: string }).code ?? '';
  if (
    [
      'auth/invalid-credential',
      'auth/wrong-password',
      'auth/user-not-found',
      'auth/invalid-email',
      'auth/invalid-login-credentials',
      'auth/user-disabled',
    ].includes(code)
  ) {
    return 'Correo o contraseña incorrectos.';
  }
  if (code === 'auth/too-many-requests')
    return 'Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.';
  if (code === 'auth/network-request-failed' || err instanceof TypeError)
    return 'No hay conexión. Revisa tu internet e inténtalo de nuevo.';
  return 'No pudimos iniciar sesión. Inténtalo de nuevo.';
}

/** A safe in-app return path from `?next=` (never another site). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login-dashboard-enzo-fpl')
    ? next
    : '/dashboard';
}
