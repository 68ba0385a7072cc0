import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { clearAuthEmulatorHost, EnvError, exportAuthEmulatorHost, type Env } from '../../config/env.js';
import { FIREBASE_BIN, startAuthEmulator } from './auth-emulator.js';

/** How staff sign-in is wired for this run. */
export interface StaffAuthSetup {
  /** `127.0.0.1:<port>` when tokens come from the Auth emulator. */
  emulatorHost: string | null;
  /**
   * The development owner account for an emulator this process started (or one given with STAFF_DEV_*): the shop
   * creates it, in Firebase and in the staff table, before staff sign-in opens.
   */
  devAccount: { email: string; password: string } | null;
  /** No enabled owner in the staff table yet: the start tells how to create the first one. */
  firstOwnerNeeded?: boolean;
  stop(): Promise<void>;
}

const devAccountOf = (env: Env) => ({ email: env.STAFF_DEV_EMAIL, password: env.STAFF_DEV_PASSWORD });

/**
 * Picks the staff-auth backend at start-up: the real project when FIREBASE_PROJECT_ID names one (its
 * tokens only: config refuses an emulator beside it), an emulator given by FIREBASE_AUTH_EMULATOR_HOST
 * (with the STAFF_DEV_* account when those are set), else an Auth emulator started here (project
 * `demo-enzo`) with a development owner account.
 */
export async function prepareStaffAuth(env: Env, log: Logger, signal?: AbortSignal): Promise<StaffAuthSetup> {
  const none = async () => {};
  if (env.realFirebaseProject) {
    // firebase-admin trusts unsigned emulator tokens whenever this variable exists: never beside a real project.
    clearAuthEmulatorHost();
    return { emulatorHost: null, devAccount: null, stop: none };
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    exportAuthEmulatorHost(env.FIREBASE_AUTH_EMULATOR_HOST);
    const devAccount = env.staffDevAccountInGivenEmulator ? devAccountOf(env) : null;
    return { emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST, devAccount, stop: none };
  }
  if (!fs.existsSync(FIREBASE_BIN)) {
    // A production install (npm ci --omit=dev, the image) has no firebase-tools.
    throw new EnvError(
      'La tienda no arranca: no hay con qué verificar al personal. Esta instalación no incluye el emulador de Firebase Auth (firebase-tools).\n' +
        'Define FIREBASE_PROJECT_ID y FIREBASE_WEB_API_KEY (proyecto real) o, en una tienda de prueba, FIREBASE_AUTH_EMULATOR_HOST con un emulador en marcha.',
    );
  }

  const emulator = await startAuthEmulator({
    port: env.FIREBASE_AUTH_EMULATOR_PORT,
    projectId: env.firebaseProjectId,
    log: (m) => log.info(m),
    persistDir: path.join(env.dataDir, 'auth-emulator'),
    signal,
  });
  try {
    exportAuthEmulatorHost(emulator.host);
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    return { emulatorHost: emulator.host, devAccount: devAccountOf(env), stop: () => emulator.stop() };
  } catch (err) {
    await emulator.stop();
    throw err;
  }
}
