import type { Logger } from 'pino';
import type { Env } from '../../config/env.js';
import { forbidden, unauthenticated } from '../../common/errors.js';
import type { StaffAuthResult, StaffIdentity } from '../../common/context.js';

export type { StaffAuthResult, StaffIdentity };

interface DecodedToken {
  uid: string;
  email?: string;
  name?: string;
  staff?: unknown;
}

/** `Bearer <token>` → token; absent header → null; anything else → '' (malformed). */
export function bearerToken(header: string | undefined | null): string | null {
  if (header == null || header === '') return null;
  const match = /^Bearer\s+([\w.~+/=-]+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/**
 * Verifies Firebase ID tokens (signature, expiry, audience/issuer = our project, revocation).
 * firebase-admin is imported on the first token only, so public requests never load it.
 */
export class StaffAuthService {
  private verifier: Promise<(token: string) => Promise<DecodedToken>> | undefined;

  constructor(
    private readonly env: Env,
    private readonly log?: Logger,
  ) {}

  private load(): Promise<(token: string) => Promise<DecodedToken>> {
    this.verifier ??= (async () => {
      const [{ getAuth }, { getFirebaseApp }] = await Promise.all([
        import('firebase-admin/auth'),
        import('../../common/firebase-app.js'),
      ]);
      const auth = getAuth(getFirebaseApp(this.env.firebaseProjectId));
      return (token: string) => auth.verifyIdToken(token, true) as Promise<DecodedToken>;
    })();
    return this.verifier;
  }

  /** Resolves the identity behind an `Authorization` header value. Never throws. */
  async resolve(header: string | undefined | null): Promise<StaffAuthResult> {
    const token = bearerToken(header);
    if (token === null) return { kind: 'anonymous' };
    if (token === '') return { kind: 'invalid' };
    let decoded: DecodedToken;
    try {
      const verify = await this.load();
      decoded = await verify(token);
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (!code.startsWith('auth/')) this.log?.warn({ err }, 'staff token verification failed unexpectedly');
      return { kind: 'invalid' };
    }
    if (decoded.staff !== true) return { kind: 'not-staff', uid: decoded.uid };
    // Every account with the staff claim is an owner until the staff table decides roles.
    return {
      kind: 'staff',
      staff: { uid: decoded.uid, email: decoded.email ?? null, name: decoded.name ?? null, role: 'propietario' },
    };
  }
}

/** What a context needs to answer "who is calling?" once per request. */
export interface StaffAuthContext {
  staffAuth(): Promise<StaffAuthResult>;
}

/** Memoises the check so a request verifies its token at most once, and only when asked. */
export function lazyStaffAuth(
  service: StaffAuthService,
  header: string | undefined | null,
): () => Promise<StaffAuthResult> {
  let result: Promise<StaffAuthResult> | undefined;
  return () => (result ??= service.resolve(header));
}

/** Guard run first by every staff resolver: UNAUTHENTICATED or FORBIDDEN before any work. */
export async function requireStaff(ctx: StaffAuthContext): Promise<StaffIdentity> {
  const result = await ctx.staffAuth();
  if (result.kind === 'staff') return result.staff;
  if (result.kind === 'not-staff') throw forbidden();
  throw unauthenticated();
}

/** The name recorded as the actor of a staff action. */
export function actorName(staff: StaffIdentity): string {
  return staff.email ?? staff.uid;
}
