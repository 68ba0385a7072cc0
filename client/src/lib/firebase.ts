// Firebase Web SDK for the staff dashboard. Loaded only by staff routes (dynamic import), so the
// storefront's chunks never include Firebase.
import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  confirmPasswordReset,
  connectAuthEmulator,
  verifyPasswordResetCode,
  getAuth,
  inMemoryPersistence,
  browserLocalPersistence,
  onAuthStateChanged,
  setPersistence,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';

export type { User };

interface AuthConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  emulatorUrl: string | null;
}

let authPromise: Promise<Auth> | null = null;

/** The Auth instance configured from `GET /api/auth-config` (emulator by default). */
export function staffAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const res = await fetch('/api/auth-config');
    // The shop serves shoppers before the local Auth emulator has finished starting.
    if (res.status === 503) throw Object.assign(new Error('auth-config starting'), { code: 'auth/starting' });
    if (!res.ok) throw new Error(`auth-config ${res.status}`);
    const config = (await res.json()) as AuthConfig;
    const app = getApps().length
      ? getApp()
      : initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
    const auth = getAuth(app);
    if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
    await setPersistence(auth, typeof indexedDB === 'undefined' ? inMemoryPersistence : browserLocalPersistence);
    return auth;
  })();
  authPromise.catch(() => {
    authPromise = null;
  });
  return authPromise;
}

export async function signInStaff(email: string, password: string): Promise<User> {
  const auth = await staffAuth();
  return (await signInWithEmailAndPassword(auth, email, password)).user;
}

export async function signOutStaff(): Promise<void> {
  await signOut(await staffAuth());
}

export async function watchAuthState(callback: (user: User | null) => void): Promise<() => void> {
  return onAuthStateChanged(await staffAuth(), callback);
}

/** The email a password link (invitation) is for; throws when the link is used up, expired or wrong. */
export async function passwordLinkEmail(code: string): Promise<string> {
  return verifyPasswordResetCode(await staffAuth(), code);
}

/** Sets the password with the link's one-time code, then signs in with it. */
export async function setPasswordAndSignIn(code: string, email: string, password: string): Promise<User> {
  const auth = await staffAuth();
  await confirmPasswordReset(auth, code, password);
  return (await signInWithEmailAndPassword(auth, email, password)).user;
}

/** The signed-in user's ID token (refreshed by the SDK when needed), or null. */
export async function currentIdToken(): Promise<string | null> {
  const user = (await staffAuth()).currentUser;
  return user ? user.getIdToken() : null;
}
