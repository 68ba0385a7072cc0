import { getApps, initializeApp, type App } from 'firebase-admin/app';

/**
 * The one firebase-admin app. Credentials come from the environment the way firebase-admin reads
 * them (GOOGLE_APPLICATION_CREDENTIALS or the runtime's service account); with
 * FIREBASE_AUTH_EMULATOR_HOST set, tokens are checked against the Auth emulator.
 */
export function getFirebaseApp(projectId?: string): App {
  // One app per project (named after it), so a process never checks one project's tokens with another's app.
  const name = projectId ?? '[DEFAULT]';
  const existing = getApps().find((app) => app.name === name);
  if (existing) return existing;
  return projectId ? initializeApp({ projectId }, name) : initializeApp();
}
