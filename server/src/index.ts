import { EnvError, parseEnv } from './config/env.js';
import { createLogger, startShop, type RunningShop } from './app/start-shop.js';

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
  const log = createLogger(env);
  // Signals are handled from the start: one that arrives while the shop is starting stops it once it is up.
  let requested: string | null = null;
  let stopNow: ((signal: string) => void) | null = null;
  const onSignal = (signal: string) => (stopNow ? stopNow(signal) : (requested ??= signal));
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  let shop: RunningShop;
  try {
    shop = await startShop(env, log);
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
      ...(shop.staffAuth.emulatorHost ? [`  Firebase Auth (emulador): http://${shop.staffAuth.emulatorHost}`] : [`  Firebase Auth: proyecto ${env.firebaseProjectId}`]),
      ...(shop.staffAuth.devAccount ? [`  Personal (desarrollo): ${shop.staffAuth.devAccount.email} / ${shop.staffAuth.devAccount.password}`] : []),
      env.paymentsAreReal ? '  Pagos:       Wompi (reales)' : `  Pagos:       DE PRUEBA (${shop.services.gateway.kind === 'sandbox' ? 'pasarela de pruebas integrada' : 'Wompi, llaves de prueba'}): los pagos no son reales`,
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`Recibida ${signal}: deteniendo…`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    await shop.close().catch((err) => log.error({ err }, 'Error al detener'));
    clearTimeout(timer);
    process.exit(0);
  };
  stopNow = (signal) => void stop(signal);
  if (requested) stopNow(requested);
}

void main();
