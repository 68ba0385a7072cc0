import type { DataSource } from 'typeorm';
import type { Env } from '../../config/env.js';
import type { PaymentGateway } from './payment-gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { loadSandboxEventsSecret } from './sandbox-secret.js';
import { WompiGateway } from './wompi-gateway.js';

/** Wompi when its three keys are set; otherwise the built-in sandbox (same protocol). */
export function createPaymentGateway(env: Env, ds: DataSource): PaymentGateway {
  if (env.WOMPI_PUBLIC_KEY && env.WOMPI_INTEGRITY_SECRET && env.WOMPI_EVENTS_SECRET) {
    return new WompiGateway({
      publicKey: env.WOMPI_PUBLIC_KEY,
      integritySecret: env.WOMPI_INTEGRITY_SECRET,
      eventsSecret: env.WOMPI_EVENTS_SECRET,
      apiUrl: env.WOMPI_API_URL,
      privateKey: env.WOMPI_PRIVATE_KEY,
    });
  }
  if (env.WOMPI_PUBLIC_KEY || env.WOMPI_INTEGRITY_SECRET || env.WOMPI_EVENTS_SECRET) {
    throw new Error(
      'Para usar Wompi define WOMPI_PUBLIC_KEY, WOMPI_INTEGRITY_SECRET y WOMPI_EVENTS_SECRET (las tres).',
    );
  }
  return new SandboxGateway(ds, loadSandboxEventsSecret(env.dataDir), () => env.publicUrl);
}
