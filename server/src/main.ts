import type { Logger } from 'pino';
import { EnvError, parseEnv, type Env } from './config/env.js';
import type { RunningShop } from './app/start-shop.js';
import { metricsAccess } from './app/metrics-access.js';
import { createLogger } from './app/logger.js';

const noop = () => {};

const METRICS_ACCESS = {
  token: 'con METRICS_TOKEN',
  loopback: 'solo desde este computador',
  closed: 'cerradas: define METRICS_TOKEN',
} as const;

export interface StartHooks {
  /**
   * Runs after the database has started starting and before the shop's modules load. The built launcher
   * (dist/server/index.js) loads the shop's packages here, with source maps off.
   */
  beforeShopModules?: () => Promise<void>;
}

/**
 * The deployment check, then the database (its own process) started first and the shop's modules loaded while it
 * comes up; then the shop starts on it.
 */
async function startInOrder(env: Env, log: Logger, hooks: StartHooks): Promise<RunningShop> {
  // Imported here, after tracing has started: it loads pg, which tracing instruments.
  const { checkDeployment, startDatabase, stopDatabase } = await import('./app/start-database.js');
  checkDeployment(env, log);
  let spawned!: () => void;
  const postgresRuns = new Promise<void>((resolve) => (spawned = resolve));
  const database = startDatabase(env, log, () => spawned());
  let shopModule: typeof import('./app/start-shop.js');
  try {
    // The steps before PostgreSQL's spawn are short but wait on the event loop and the file system, which loading the
    // shop's modules keeps busy: the modules load once the process runs (or the database start is over).
    await Promise.race([postgresRuns, database.then(noop, noop)]);
    await hooks.beforeShopModules?.();
    shopModule = await import('./app/start-shop.js');
  } catch (err) {
    await stopDatabase(database);
    throw err;
  }
  return shopModule.startShop(env, log, database);
}

/** Bootstrap only: parse env, start, print the URLs, stop cleanly on signals. */
export async function main(hooks: StartHooks = {}) {
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Tracing first, when asked for: the shop's packages load after it (a dynamic import), so its hooks see them.
  const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT ? await import('./tracing.js') : null;
  await tracing?.startTracing(env.OTEL_EXPORTER_OTLP_ENDPOINT!, env.OTEL_SERVICE_NAME);
  const log = createLogger(env);
  // Signals are handled from the start: the shop answers /healthz before this function returns, and a Ctrl+C in
  // that window must still stop PostgreSQL and the emulator.
  const starting = startInOrder(env, log, hooks);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`Recibida ${signal}: deteniendo…`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    const running = await starting.catch(() => null);
    await running?.close().catch((err) => log.error({ err }, 'Error al detener'));
    await tracing?.stopTracing();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  let shop: RunningShop;
  try {
    shop = await starting;
  } catch (err) {
    // A refusal with a way out is printed as is; anything else is logged with its details.
    if (err instanceof EnvError) console.error(`\n${err.message}\n`);
    else log.fatal({ err }, 'No se pudo iniciar la tienda');
    process.exit(1);
  }
  const base = env.PUBLIC_URL ?? shop.url;
  console.log(
    [
      '',
      '  Enzo · Accesorios para mascotas',
      `  Tienda:      ${base}/`,
      `  GraphQL:     ${base}/graphql`,
      `  Playground:  ${base}/playground`,
      `  Datos:       ${env.dataDir}${env.DATABASE_URL ? ' (PostgreSQL externo)' : ` (PostgreSQL embebido${shop.postgresDir && !shop.postgresDir.startsWith(env.dataDir) ? ` en ${shop.postgresDir}` : ''})`}`,
      `  Panel:       ${base}/login-dashboard-enzo-fpl`,
      `  Métricas:    ${base}/metrics (${METRICS_ACCESS[metricsAccess(env)]})`,
      ...(env.OTEL_EXPORTER_OTLP_ENDPOINT ? [`  Trazas:      OpenTelemetry a ${env.OTEL_EXPORTER_OTLP_ENDPOINT}`] : []),
      env.paymentsAreReal
        ? '  Pagos:       Wompi (reales)'
        : `  Pagos:       DE PRUEBA (${shop.services.gateway.kind === 'sandbox' ? 'pasarela de pruebas integrada' : 'Wompi, llaves de prueba'}): los pagos no son reales`,
      '',
    ].join('\n'),
  );
  // Staff sign-in may still be starting (local Auth emulator): its lines follow when it is ready.
  shop.staffAuthReady.then(
    (staffAuth) =>
      console.log(
        [
          staffAuth.emulatorHost
            ? `  Firebase Auth (emulador): http://${staffAuth.emulatorHost}`
            : `  Firebase Auth: proyecto ${env.firebaseProjectId}`,
          ...(staffAuth.devAccount
            ? [`  Personal (desarrollo, propietario): ${staffAuth.devAccount.email} / ${staffAuth.devAccount.password}`]
            : []),
          ...(staffAuth.firstOwnerNeeded
            ? [
                '  Equipo:      no hay ninguna persona propietaria. Crea la primera con',
                '               npm run staff:add -- <correo> <contraseña>   (README, «Personal y roles»)',
              ]
            : []),
          '',
        ].join('\n'),
      ),
    () => {
      // Given up because the shop is stopping: nothing to report.
      if (!stopping) console.error('  El inicio de sesión del personal no pudo iniciar (la tienda sigue atendiendo).');
    },
  );
}
