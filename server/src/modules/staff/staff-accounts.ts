import { getAuth } from 'firebase-admin/auth';
import { getFirebaseApp } from '../../common/firebase-app.js';

export interface StaffAccount {
  uid: string;
  email: string;
  created: boolean;
}

/**
 * Creates or updates a Firebase user with this email and password and sets the custom claim
 * `staff: true` (keeping any other claims). Existing sessions pick the claim up on token refresh.
 */
export async function upsertStaffAccount(
  projectId: string,
  email: string,
  password: string,
  displayName = 'Personal Enzo',
): Promise<StaffAccount> {
  const auth = getAuth(getFirebaseApp(projectId));
  const normalized = email.trim().toLowerCase();
  let uid: string;
  let created = false;
  let claims: Record<string, unknown> = {};
  try {
    const user = await auth.getUserByEmail(normalized);
    uid = user.uid;
    claims = user.customClaims ?? {};
    await auth.updateUser(uid, { password, disabled: false, ...(user.displayName ? {} : { displayName }) });
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
    const user = await auth.createUser({ email: normalized, password, displayName, emailVerified: true });
    uid = user.uid;
    created = true;
  }
  await auth.setCustomUserClaims(uid, { ...claims, staff: true });
  return { uid, email: normalized, created };
}
