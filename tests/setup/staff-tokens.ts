import { getAuth } from 'firebase-admin/auth';
import type { StaffRole } from '#shared/staff-access.js';
import { getFirebaseApp } from '../../server/src/common/firebase-app.js';
import { DEMO_FIREBASE_PROJECT } from '../../server/src/config/env.js';

/** Test accounts and ID tokens from the real Auth emulator (FIREBASE_AUTH_EMULATOR_HOST is set by the test shop). */
export function adminAuth() {
  return getAuth(getFirebaseApp(DEMO_FIREBASE_PROJECT));
}

export async function createUser(email: string, password: string, staff: boolean): Promise<string> {
  const auth = adminAuth();
  const user = await auth.createUser({ email, password, displayName: staff ? 'Ana Personal' : 'Cliente Curioso' });
  if (staff) await auth.setCustomUserClaims(user.uid, { staff: true });
  return user.uid;
}

/** Signs in through the emulator's REST API, as the Web SDK does. */
export async function signIn(emulatorHost: string, email: string, password: string): Promise<string> {
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`sign-in failed: ${body.error?.message}`);
  return body.idToken;
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** An unsigned emulator-style token (the emulator and firebase-admin in emulator mode accept `alg: none`). */
export function craftToken(claims: {
  uid: string;
  project?: string;
  expiresInSeconds?: number;
  staff?: boolean;
  email?: string;
}): string {
  const now = Math.floor(Date.now() / 1000);
  const project = claims.project ?? DEMO_FIREBASE_PROJECT;
  const exp = now + (claims.expiresInSeconds ?? 3600);
  const payload = {
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    auth_time: Math.min(now, exp) - 60,
    user_id: claims.uid,
    sub: claims.uid,
    iat: Math.min(now, exp) - 60,
    exp,
    email: claims.email,
    staff: claims.staff,
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An account made the way staff were before the team table (the `staff: true` claim: an owner from its first
 * request), signed in: the Authorization header of a test's staff calls.
 */
export async function legacyStaffHeaders(
  emulatorHost: string,
  email: string,
  password = 'clave-segura-1',
): Promise<Record<string, string>> {
  await createUser(email, password, true);
  return bearer(await signIn(emulatorHost, email, password));
}

/** A member of the team with this role (Firebase account and staff row, as `npm run staff:add` makes), signed in. */
export async function staffMember(
  shop: {
    services: {
      team: {
        add(input: { email: string; password: string; name?: string; role: StaffRole }): Promise<{ uid: string }>;
      };
    };
  },
  emulatorHost: string,
  email: string,
  role: StaffRole,
  name = 'Persona del equipo',
): Promise<{ uid: string; email: string; token: string; headers: Record<string, string> }> {
  const password = 'clave-segura-equipo';
  const { uid } = await shop.services.team.add({ email, password, name, role });
  const token = await signIn(emulatorHost, email, password);
  return { uid, email, token, headers: bearer(token) };
}
