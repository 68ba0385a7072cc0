import type { TestProject } from 'vitest/node';
import { freePort, startAuthEmulator, type AuthEmulator } from '../../server/src/modules/staff/auth-emulator.js';
import { DEMO_FIREBASE_PROJECT } from '../../server/src/config/env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `127.0.0.1:<port>` of the real Firebase Auth emulator started for this test run. */
    authEmulatorHost: string;
  }
}

/** One real Firebase Auth emulator per test run, on a free port (project `demo-enzo`). */
export async function startTestAuthEmulator(): Promise<AuthEmulator> {
  return startAuthEmulator({ port: await freePort(), projectId: DEMO_FIREBASE_PROJECT });
}

export default async function setup(project: TestProject) {
  const emulator = await startTestAuthEmulator();
  project.provide('authEmulatorHost', emulator.host);
  return () => emulator.stop();
}
