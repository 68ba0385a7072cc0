import { EnvError, parseEnv } from './config/env.js';
import type { RunningShop } from './app/start-shop.js';
import { metricsAccess } from './app/metrics-access.js';

const METRICS_ACCESS = {
  token: 'con METRICS_TOKEN',
  loopback: 'solo desde este computador',
  closed: 'cerradas: define METRICS_TOKEN',
} as const;

/** Bootstrap only: parse env, start, print the URLs, stop cleanly on signals. */
async function main() {
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
  const { createLogger, startShop } = await import('./app/start-shop.js');
  const log = createLogger(env);
  // Signals are handled from the start: the shop answers /healthz before this function returns, and a Ctrl+C in
  // that window must still stop PostgreSQL and the emulator.
  const starting = startShop(env, log);
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

void main();
