import type { Auth } from 'firebase-admin/auth';

/**
 * The Firebase side of a staff account: Firebase proves who a person is, the staff table decides what they may do.
 * The Auth emulator and a real project answer the same calls.
 */
export interface StaffAccounts {
  /**
   * The account with this email (enabled, with `password` when given), created without a password when there is
   * none: the person sets one with the link of `passwordSetupCode`.
   */
  ensureAccount(email: string, name: string, password?: string): Promise<{ uid: string; created: boolean }>;
  /** A one-time code (Firebase's password-reset action code) that lets the person choose a password. */
  passwordSetupCode(email: string): Promise<string>;
  /** Turns sign-in off (and ends every session: refresh tokens revoked) or on again. */
  setAccess(uid: string, disabled: boolean): Promise<void>;
}

const notFound = (err: unknown) => (err as { code?: string }).code === 'auth/user-not-found';

/** Firebase Admin over the project (or the Auth emulator) the shop verifies tokens against; loaded on first use. */
export class FirebaseStaffAccounts implements StaffAccounts {
  #auth: Promise<Auth> | undefined;

  constructor(private readonly projectId: string) {}

  private auth(): Promise<Auth> {
    this.#auth ??= (async () => {
      const [{ getAuth }, { getFirebaseApp }] = await Promise.all([
        import('firebase-admin/auth'),
        import('../../common/firebase-app.js'),
      ]);
      return getAuth(getFirebaseApp(this.projectId));
    })();
    return this.#auth;
  }

  async ensureAccount(email: string, name: string, password?: string): Promise<{ uid: string; created: boolean }> {
    const auth = await this.auth();
    try {
      const user = await auth.getUserByEmail(email);
      await auth.updateUser(user.uid, {
        disabled: false,
        ...(password ? { password } : {}),
        ...(user.displayName || !name ? {} : { displayName: name }),
      });
      return { uid: user.uid, created: false };
    } catch (err) {
      if (!notFound(err)) throw err;
    }
    const user = await auth.createUser({
      email,
      ...(name ? { displayName: name } : {}),
      ...(password ? { password, emailVerified: true } : {}),
    });
    return { uid: user.uid, created: true };
  }

  async passwordSetupCode(email: string): Promise<string> {
    const link = await (await this.auth()).generatePasswordResetLink(email);
    const code = new URL(link).searchParams.get('oobCode');
    if (!code) throw new Error('Firebase answered a password link without an oobCode');
    return code;
  }

  async setAccess(uid: string, disabled: boolean): Promise<void> {
    const auth = await this.auth();
    try {
      await auth.updateUser(uid, { disabled });
      if (disabled) await auth.revokeRefreshTokens(uid);
    } catch (err) {
      // An account deleted in Firebase cannot sign in anyway.
      if (!notFound(err)) throw err;
    }
  }
}
