// `npm run staff:add -- <correo> <contraseña> [--role ROL] [--name "Nombre"]`: creates or updates a member of the
// team: the Firebase account (with that password, enabled) and its row in the staff table (with the role, enabled).
// Without --role it makes an owner (propietario). Roles: propietario, administrador, operador, consulta.
// Firebase: the Auth emulator by default (started here when none is running), the real project when
// FIREBASE_PROJECT_ID is set (credentials from GOOGLE_APPLICATION_CREDENTIALS). Database: the same choice as the
// server (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR, even while the shop is running).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { staffInviteSchema } from '../shared/staff-team.js';
import { ROLE_LABELS, STAFF_ROLES, isStaffRole } from '../shared/staff-access.js';
import { EnvError, exportAuthEmulatorHost, parseEnv } from '../server/src/config/env.js';
import { startAuthEmulator, type AuthEmulator } from '../server/src/modules/staff/auth-emulator.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../server/src/db/embedded-postgres.js';
import { openDatabase } from '../server/src/db/data-source.js';
import { addStaffMember, FirebaseStaffAccounts } from '../server/src/modules/team/index.js';

const USAGE = `Uso: npm run staff:add -- <correo> <contraseña> [--role ${STAFF_ROLES.join('|')}] [--name "Nombre"]
  Sin --role la cuenta queda como propietaria. La contraseña debe tener al menos 8 caracteres.`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { role: { type: 'string' }, name: { type: 'string' } },
    });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  const [email, password, ...rest] = parsed.positionals;
  const role = parsed.values.role ?? 'propietario';
  if (!email || !password || rest.length > 0) fail(USAGE);
  // The same rule as an invitation from «Equipo» (cut to its limit before the pattern runs).
  if (!staffInviteSchema.shape.email.safeParse(email).success) fail(`El correo no es válido: ${email}\n${USAGE}`);
  if (password.length < 8) fail(`La contraseña debe tener al menos 8 caracteres.\n${USAGE}`);
  if (!isStaffRole(role)) fail(`Rol desconocido: ${role}. Usa uno de: ${STAFF_ROLES.join(', ')}.`);

  const env = parseEnv();
  let emulator: AuthEmulator | undefined;
  let embedded: EmbeddedDatabase | undefined;
  try {
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
    if (!env.DATABASE_URL)
      embedded = await startEmbeddedPostgres({ dir: path.join(env.dataDir, 'postgres'), port: env.EMBEDDED_PG_PORT });
    const url = env.DATABASE_URL ?? (await ensureDatabase(embedded!.url, 'enzo'));
    const ds = await openDatabase({ url });
    try {
      const added = await addStaffMember(ds, new FirebaseStaffAccounts(env.firebaseProjectId), {
        email,
        password,
        name: parsed.values.name,
        role,
      });
      const where =
        env.FIREBASE_PROJECT_ID && !env.FIREBASE_AUTH_EMULATOR_HOST
          ? `proyecto ${env.firebaseProjectId}`
          : `emulador ${emulator?.host ?? env.FIREBASE_AUTH_EMULATOR_HOST}`;
      console.log(
        `${added.accountCreated ? 'Cuenta creada' : 'Cuenta actualizada'}: ${added.email} (uid ${added.uid}, ${where}) con el rol ${ROLE_LABELS[added.role]} en el equipo${added.row === 'unchanged' ? ' (ya lo tenía)' : ''}.`,
      );
    } finally {
      await ds.destroy();
    }
  } finally {
    await embedded?.stop();
    await emulator?.stop();
  }
}

main().catch((err) => {
  const code =
    (err as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (err as { code?: string }).code;
  if (code === 'EZ001')
    fail(
      'No se puede: esa cuenta es la única persona propietaria activa y la tienda siempre necesita una. Da primero el rol de propietario a otra persona.',
      1,
    );
  fail(err instanceof EnvError ? err.message : `No se pudo crear la cuenta: ${(err as Error).message}`, 1);
});
