import { useEffect, useSyncExternalStore } from 'react';
import { print } from 'graphql';
import { isPermission, type Permission } from '#shared/staff-access.js';
import { setAuthTokenProvider } from '../../lib/apollo';
import type { User } from '../../lib/firebase';
import { StaffSessionMeDocument, type StaffSessionMeQuery } from './staff-session.generated';

/**
 * Where the dashboard stands: waiting, signed out, signed in without access (not on the team, or disabled), staff.
 * The role and permissions come from the server's staff table (`me`), never from the browser's own guess; they only
 * decide what the dashboard shows, the server checks every call.
 */
export type StaffSession =
  | { status: 'loading' }
  | { status: 'unavailable' }
  /** The sign-in service is still starting (local Auth emulator): retried every 2 s. */
  | { status: 'starting' }
  | { status: 'signed-out' }
  | { status: 'not-staff'; email: string | null; message: string }
  | {
      status: 'staff';
      uid: string;
      email: string | null;
      name: string | null;
      roleLabel: string;
      permissions: ReadonlySet<Permission>;
    };

let session: StaffSession = { status: 'loading' };
const listeners = new Set<() => void>();
let started = false;
let currentUser: User | null = null;
let checking = 0;

function publish(next: StaffSession) {
  session = next;
  for (const l of listeners) l();
}

const firebase = () => import('../../lib/firebase');

interface MeAnswer {
  data?: StaffSessionMeQuery | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** Asks the server who this user is on the team (role and permissions), with their ID token. */
async function askServer(user: User): Promise<StaffSession> {
  const token = await user.getIdToken();
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: print(StaffSessionMeDocument) }),
  });
  const body = (await res.json()) as MeAnswer;
  const me = body.data?.me;
  if (me) {
    return {
      status: 'staff',
      uid: me.uid,
      email: me.email ?? null,
      name: me.name ?? null,
      roleLabel: me.roleLabel,
      permissions: new Set(me.permissions.filter(isPermission)),
    };
  }
  const error = body.errors?.[0];
  if (error?.extensions?.code === 'FORBIDDEN')
    return { status: 'not-staff', email: user.email, message: error.message };
  if (error?.extensions?.code === 'UNAUTHENTICATED') return { status: 'signed-out' };
  throw new Error(error?.message ?? `me ${res.status}`);
}

async function check(user: User | null) {
  const run = ++checking;
  currentUser = user;
  if (!user) {
    setAuthTokenProvider(null);
    publish({ status: 'signed-out' });
    return;
  }
  const next = await askServer(user);
  if (run !== checking) return;
  if (next.status === 'signed-out') {
    // The server refused the session (revoked): sign out of Firebase too.
    setAuthTokenProvider(null);
    await (await firebase()).signOutStaff().catch(() => undefined);
  } else if (next.status === 'staff') {
    setAuthTokenProvider(() => user.getIdToken());
  } else {
    setAuthTokenProvider(null);
  }
  publish(next);
}

/** Asks the server again (a role changed, access was turned off): called when the page comes back into view. */
export function refreshStaffSession(): void {
  if (currentUser && (session.status === 'staff' || session.status === 'not-staff'))
    void check(currentUser).catch(() => undefined);
}

function start() {
  if (started) return;
  started = true;
  firebase()
    .then((m) => m.watchAuthState((user) => void check(user).catch(() => publish({ status: 'unavailable' }))))
    .catch((err: unknown) => {
      started = false;
      if ((err as { code?: string }).code === 'auth/starting') {
        publish({ status: 'starting' });
        setTimeout(start, 2000);
        return;
      }
      publish({ status: 'unavailable' });
    });
  if (typeof document !== 'undefined')
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') refreshStaffSession();
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
  if (code === 'auth/user-disabled')
    return 'Tu cuenta del panel está desactivada. Si crees que es un error, habla con la persona propietaria de la tienda.';
  if (
    [
      'auth/invalid-credential',
      'auth/wrong-password',
      'auth/user-not-found',
      'auth/invalid-email',
      'auth/invalid-login-credentials',
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
