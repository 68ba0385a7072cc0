import { EnvError, type Env } from './env.js';

/**
 * Local shop or deployment (README «Local o despliegue»). The embedded database, the Auth emulator, the sandbox gateway
 * and the outbox folder serve a shop on one's own computer. A start that other machines can reach, or
 * that uses an external database, is a deployment: it needs the real parts, or TEST_SHOP=true (payments
 * not real, said on every page and email). Anything else is refused before anything starts.
 */

function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h) || h.endsWith('.localhost');
}

/** Why this start counts as a deployment (empty: a shop on one's own computer). */
export function deploymentReasons(env: Env): string[] {
  const reasons: string[] = [];
  if (!isLoopbackHost(env.HOST)) reasons.push(`HOST=${env.HOST} la hace accesible desde otras máquinas`);
  if (env.DATABASE_URL) reasons.push('usa una base de datos externa (DATABASE_URL)');
  if (env.PUBLIC_URL && !isLoopbackHost(new URL(env.PUBLIC_URL).hostname))
    reasons.push(`se publica en ${env.PUBLIC_URL} (PUBLIC_URL)`);
  return reasons;
}

/** What a live deployment lacks, one Spanish line per variable (empty: ready to take real money). */
export function missingForLive(env: Env): string[] {
  const missing: string[] = [];
  if (!env.WOMPI_PUBLIC_KEY) missing.push('WOMPI_PUBLIC_KEY: llave pública de producción de Wompi (pub_prod_…)');
  else if (!env.WOMPI_PUBLIC_KEY.startsWith('pub_prod_'))
    missing.push(
      `WOMPI_PUBLIC_KEY: «${env.WOMPI_PUBLIC_KEY.slice(0, 9)}…» no es una llave de producción (pub_prod_…); con llaves de prueba los pagos no son reales`,
    );
  if (!env.WOMPI_INTEGRITY_SECRET) missing.push('WOMPI_INTEGRITY_SECRET: secreto de integridad de Wompi');
  if (!env.WOMPI_EVENTS_SECRET) missing.push('WOMPI_EVENTS_SECRET: secreto de eventos de Wompi');
  if (!env.realFirebaseProject)
    missing.push('FIREBASE_PROJECT_ID: proyecto de Firebase real para el inicio de sesión del personal (no demo-…)');
  if (!env.FIREBASE_WEB_API_KEY)
    missing.push(
      'FIREBASE_WEB_API_KEY: API key web del proyecto de Firebase (la usa la página de ingreso del personal)',
    );
  if (!env.SMTP_URL)
    missing.push('SMTP_URL: servidor de correo (sin él los correos a los clientes no salen de la carpeta outbox)');
  if (!env.PUBLIC_URL)
    missing.push('PUBLIC_URL: dirección pública de la tienda (https://…), usada en correos y al volver de Wompi');
  return missing;
}

/**
 * Refuses to start a deployment that would fail open. Returns the deployment reasons (for the start-up
 * log) when the start may go on.
 */
export function assertSafeToStart(env: Env): { reasons: string[] } {
  const reasons = deploymentReasons(env);
  if (env.TEST_SHOP && env.WOMPI_PUBLIC_KEY?.startsWith('pub_prod_')) {
    throw new EnvError(
      'La tienda no arranca: TEST_SHOP=true dice que los pagos no son reales, pero WOMPI_PUBLIC_KEY es una llave de producción (pub_prod_…).\n' +
        'Usa llaves de prueba de Wompi (pub_test_…) o ninguna en una tienda de prueba, o quita TEST_SHOP para cobrar de verdad.',
    );
  }
  if (env.TEST_SHOP && env.einvoice.provider === 'alegra' && env.einvoice.environment === '1') {
    throw new EnvError(
      'La tienda no arranca: TEST_SHOP=true dice que nada es real, pero EINVOICE_PROVIDER=alegra con DIAN_ENVIRONMENT=produccion emitiría facturas electrónicas reales ante la DIAN.\n' +
        'Usa DIAN_ENVIRONMENT=pruebas (o el proveedor de prueba integrado) en una tienda de prueba, o quita TEST_SHOP para facturar de verdad.',
    );
  }
  if (reasons.length === 0 || env.TEST_SHOP) return { reasons };
  const missing = missingForLive(env);
  if (missing.length === 0) return { reasons };
  throw new EnvError(
    [
      `La tienda no arranca: esta ejecución es un despliegue (${reasons.join('; ')}) y le falta lo necesario para cobrar y proteger el panel de verdad:`,
      ...missing.map((m) => `  - ${m}`),
      '',
      'Define esas variables (lista completa en README.md, «Lista para salir en vivo»),',
      'o, si es una tienda de prueba en la que los pagos no son reales, define TEST_SHOP=true.',
      'Para usar la tienda solo en este computador, quita HOST, DATABASE_URL y PUBLIC_URL.',
    ].join('\n'),
  );
}

/** What a live deployment with electronic invoicing on lacks to issue real invoices (empty: ready). */
export function missingForInvoicing(env: Env): string[] {
  const missing: string[] = [];
  if (env.einvoice.provider !== 'alegra')
    missing.push(
      'EINVOICE_PROVIDER=alegra, ALEGRA_EINVOICE_TOKEN y ALEGRA_EINVOICE_COMPANY_ID: el proveedor tecnológico que emite ante la DIAN',
    );
  if (env.einvoice.environment !== '1')
    missing.push(
      'DIAN_ENVIRONMENT=produccion: en el ambiente de pruebas de la DIAN las facturas no tienen validez fiscal',
    );
  return missing;
}

/**
 * The second half of the deployment check, once the database says whether the owner has electronic invoicing on: a
 * live deployment (not a test shop) with it on refuses to start without a real provider in the DIAN's production
 * environment, instead of taking orders whose invoices would never reach the DIAN.
 */
export function assertInvoicingSafe(env: Env, invoicingOn: boolean): void {
  if (!invoicingOn || env.TEST_SHOP || deploymentReasons(env).length === 0) return;
  const missing = missingForInvoicing(env);
  if (missing.length === 0) return;
  throw new EnvError(
    [
      'La tienda no arranca: es un despliegue con la facturación electrónica encendida y no puede emitir facturas reales ante la DIAN. Falta:',
      ...missing.map((m) => `  - ${m}`),
      '',
      'Define esas variables (README.md, «Facturación electrónica»), o declara TEST_SHOP=true si es una tienda de prueba.',
      'Si la tienda no está obligada a facturar electrónicamente, apaga la facturación con `npm run einvoicing -- off`',
      '(usa la misma DATABASE_URL) y vuelve a arrancar.',
    ].join('\n'),
  );
}
