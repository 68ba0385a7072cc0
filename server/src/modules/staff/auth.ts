import type { Logger } from 'pino';
import type { Env } from '../../config/env.js';
import type { RequestFacts, StaffAuthResult, StaffIdentity } from '../../common/context.js';
import type { StaffDirectory } from '../team/index.js';

export type { StaffAuthResult, StaffIdentity };

interface DecodedToken {
  uid: string;
  email?: string;
  name?: string;
  staff?: unknown;
  /** When the person signed in (seconds): a new value is a new session. */
  auth_time?: number;
}

/** `Bearer <token>` → token; absent header → null; anything else → '' (malformed). */
export function bearerToken(header: string | undefined | null): string | null {
  if (header == null || header === '') return null;
  const match = /^Bearer\s+([\w.~+/=-]+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/** The payload of a token firebase-admin has already verified (it refused it afterwards, e.g. a disabled account). */
function payloadOf(token: string): { uid: string; email: string | null } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
      email?: unknown;
    };
    return typeof payload.sub === 'string'
      ? { uid: payload.sub, email: typeof payload.email === 'string' ? payload.email : null }
      : null;
  } catch {
    return null;
  }
}

/**
 * Who is calling: Firebase proves the identity (ID token: signature, expiry, audience/issuer = our project,
 * revocation, account disabled), the staff table decides access and role (StaffDirectory, read on every request).
 * firebase-admin is imported on the first token only, so public
 * requests never load it.
 */
export class StaffAuthService {
  private verifier: Promise<(token: string) => Promise<DecodedToken>> | undefined;

  constructor(
    private readonly env: Env,
    private readonly directory: StaffDirectory,
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

  /**
   * Resolves the identity behind an `Authorization` header value. A bad token is `invalid`, never an error; a
   * database failure throws (nobody is let in without the staff table).
   */
  async resolve(
    header: string | undefined | null,
    facts: RequestFacts = { ip: '', requestId: '' },
  ): Promise<StaffAuthResult> {
    const token = bearerToken(header);
    if (token === null) return { kind: 'anonymous' };
    if (token === '') return { kind: 'invalid' };
    let decoded: DecodedToken;
    try {
      const verify = await this.load();
      decoded = await verify(token);
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === 'auth/user-disabled') {
        // Verified, then refused because the account is disabled (access turned off from «Equipo»).
        const who = payloadOf(token);
        if (who) return { kind: 'disabled', uid: who.uid, email: who.email };
      }
      if (!code.startsWith('auth/')) this.log?.warn({ err }, 'staff token verification failed unexpectedly');
      return { kind: 'invalid' };
    }
    const email = decoded.email ?? null;
    let row = await this.directory.find(decoded.uid);
    if (!row && decoded.staff === true && email) {
      // Staff from before the team existed (the `staff` custom claim): they were all owners.
      row = await this.directory.adoptLegacyOwner({ uid: decoded.uid, email, name: decoded.name ?? null }, facts);
    }
    if (!row) return { kind: 'not-staff', uid: decoded.uid, email };
    if (row.disabled) return { kind: 'disabled', uid: row.uid, email: row.email };
    if (typeof decoded.auth_time === 'number' && (row.lastAuthTime ?? 0) < decoded.auth_time) {
      await this.directory.noteSignIn(row, decoded.auth_time, facts);
    }
    return {
      kind: 'staff',
      staff: { uid: row.uid, email: row.email, name: row.displayName || decoded.name || null, role: row.role },
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
  facts?: RequestFacts,
): () => Promise<StaffAuthResult> {
  let result: Promise<StaffAuthResult> | undefined;
  return () => (result ??= service.resolve(header, facts));
}

/** The name recorded as the actor of a staff action. */
export function actorName(staff: StaffIdentity): string {
  return staff.email ?? staff.uid;
}
