import type { TestProject } from 'vitest/node';
import { freePort, startAuthEmulator, type AuthEmulator } from '../../server/src/modules/staff/auth-emulator.js';
import { DEMO_FIREBASE_PROJECT } from '../../server/src/config/env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `127.0.0.1:<port>` of the real Firebase Auth emulator started for this test run. */
    authEmulatorHost: string;
  }
}

/**
 * One real Firebase Auth emulator per test run, on a free port (project `demo-enzo`). With TEST_AUTH_EMULATOR_HOST
 * (`127.0.0.1:9099`) an emulator already running is used instead, as TEST_DATABASE_URL does for PostgreSQL: on a busy
 * machine one emulator can serve several runs in a row.
 */
export async function startTestAuthEmulator(): Promise<AuthEmulator> {
  const given = process.env.TEST_AUTH_EMULATOR_HOST;
  if (given) {
    // The tests create their accounts with fixed emails: start from an empty emulator, as a fresh one would be.
    const cleared = await fetch(`http://${given}/emulator/v1/projects/${DEMO_FIREBASE_PROJECT}/accounts`, {
      method: 'DELETE',
    });
    if (!cleared.ok) throw new Error(`No se pudo vaciar el emulador de Auth en ${given} (${cleared.status})`);
    return { host: given, startedHere: false, stop: async () => {} };
  }
  return startAuthEmulator({ port: await freePort(), projectId: DEMO_FIREBASE_PROJECT });
}

export default async function setup(project: TestProject) {
  const emulator = await startTestAuthEmulator();
  project.provide('authEmulatorHost', emulator.host);
  return () => emulator.stop();
}
