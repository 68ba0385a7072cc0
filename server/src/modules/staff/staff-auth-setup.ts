import path from 'node:path';
import type { Logger } from 'pino';
import { exportAuthEmulatorHost, type Env } from '../../config/env.js';
import { startAuthEmulator } from './auth-emulator.js';

/** How staff sign-in is wired for this run. */
export interface StaffAuthSetup {
  /** `127.0.0.1:<port>` when tokens come from the Auth emulator. */
  emulatorHost: string | null;
  /** The development staff account created in an emulator this process started. */
  devAccount: { email: string; password: string } | null;
  stop(): Promise<void>;
}

/**
 * Picks the staff-auth backend at start-up: an emulator given by FIREBASE_AUTH_EMULATOR_HOST, the
 * real project when FIREBASE_PROJECT_ID is set, else an Auth emulator started here (project
 * `demo-enzo`) with a development staff account.
 */
export async function prepareStaffAuth(env: Env, log: Logger): Promise<StaffAuthSetup> {
  const none = async () => {};
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    exportAuthEmulatorHost(env.FIREBASE_AUTH_EMULATOR_HOST);
    return { emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST, devAccount: null, stop: none };
  }
  if (env.FIREBASE_PROJECT_ID) return { emulatorHost: null, devAccount: null, stop: none };

  const emulator = await startAuthEmulator({
    port: env.FIREBASE_AUTH_EMULATOR_PORT,
    projectId: env.firebaseProjectId,
    log: (m) => log.info(m),
    persistDir: path.join(env.dataDir, 'auth-emulator'),
  });
  try {
    exportAuthEmulatorHost(emulator.host);
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    const { upsertStaffAccount } = await import('./staff-accounts.js');
    await upsertStaffAccount(env.firebaseProjectId, env.STAFF_DEV_EMAIL, env.STAFF_DEV_PASSWORD);
  } catch (err) {
    await emulator.stop();
    throw err;
  }
  return { emulatorHost: emulator.host, devAccount: { email: env.STAFF_DEV_EMAIL, password: env.STAFF_DEV_PASSWORD }, stop: () => emulator.stop() };
}
