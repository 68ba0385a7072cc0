// `npm run staff:add -- <correo> <contraseña>`: creates or updates a staff account (custom claim
// `staff: true`). Auth emulator by default (started here when none is running); the real Firebase
// project when FIREBASE_PROJECT_ID is set (credentials from GOOGLE_APPLICATION_CREDENTIALS).
import path from 'node:path';
import { EnvError, exportAuthEmulatorHost, parseEnv } from '../server/src/config/env.js';
import { startAuthEmulator, type AuthEmulator } from '../server/src/modules/staff/auth-emulator.js';
import { upsertStaffAccount } from '../server/src/modules/staff/staff-accounts.js';

async function main() {
  const [email, password] = process.argv.slice(2);
  if (!email || !password || !/^[^@\s]+@[^\s@][^\s.@]*\.[^\s@]+$/.test(email) || password.length < 6) {
    console.error('Uso: npm run staff:add -- <correo> <contraseña>   (la contraseña debe tener al menos 6 caracteres)');
    process.exit(2);
  }
  const env = parseEnv();
  let emulator: AuthEmulator | undefined;
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    exportAuthEmulatorHost(env.FIREBASE_AUTH_EMULATOR_HOST);
  } else if (!env.FIREBASE_PROJECT_ID) {
    emulator = await startAuthEmulator({
      port: env.FIREBASE_AUTH_EMULATOR_PORT,
      projectId: env.firebaseProjectId,
      log: (m) => console.log(m),
      persistDir: path.join(env.dataDir, 'auth-emulator'),
    });
    exportAuthEmulatorHost(emulator.host);
    if (emulator.startedHere) {
      console.log(
        `Las cuentas del emulador se guardan en ${path.join(env.dataDir, 'auth-emulator')} y las carga el próximo \`npm start\`.`,
      );
    }
  }
  try {
    const account = await upsertStaffAccount(env.firebaseProjectId, email, password);
    const where =
      env.FIREBASE_PROJECT_ID && !env.FIREBASE_AUTH_EMULATOR_HOST
        ? `proyecto ${env.firebaseProjectId}`
        : `emulador ${emulator?.host ?? env.FIREBASE_AUTH_EMULATOR_HOST}`;
    console.log(
      `${account.created ? 'Cuenta creada' : 'Cuenta actualizada'}: ${account.email} (uid ${account.uid}) con acceso al panel (${where}).`,
    );
  } finally {
    await emulator?.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : `No se pudo crear la cuenta: ${(err as Error).message}`);
  process.exit(1);
});
