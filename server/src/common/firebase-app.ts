import { getApps, initializeApp, type App } from 'firebase-admin/app';

/**
 * The one firebase-admin app. Credentials come from the environment the way firebase-admin reads
 * them (GOOGLE_APPLICATION_CREDENTIALS or the runtime's service account); with
 * FIREBASE_AUTH_EMULATOR_HOST set, tokens are checked against the Auth emulator.
 */
export function getFirebaseApp(projectId?: string): App {
  const existing = getApps()[0];
  if (existing) return existing;
  return initializeApp(projectId ? { projectId } : undefined);
}
