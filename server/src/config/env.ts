import { z } from 'zod';
import path from 'node:path';

/**
 * The only reader of process.env. Parsed once at start-up; a bad value stops the server with a
 * message that names the variable. Production parts are chosen by the presence of their variables.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const boolFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'debe ser una URL completa, p. ej. https://enzo.com.co' }).optional()),
  DATA_DIR: z.string().default('.data'),
  /** Where the built client is served from (default dist/client). */
  CLIENT_DIST_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
      .optional(),
  ),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ON_START: boolFlag,
  GRAPHQL_INTROSPECTION: boolFlag,
  GRAPHQL_PLAYGROUND: boolFlag,
  // Firebase (staff auth, storage)
  FIREBASE_PROJECT_ID: optionalString,
  FIREBASE_STORAGE_BUCKET: optionalString,
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  FIREBASE_WEB_API_KEY: optionalString,
  FIREBASE_WEB_AUTH_DOMAIN: optionalString,
  /** Port of the Auth emulator started by `npm start` when FIREBASE_PROJECT_ID is not set. */
  FIREBASE_AUTH_EMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(9099),
  /** Development staff account created in the Auth emulator at start-up. */
  STAFF_DEV_EMAIL: z.string().default('personal@enzo.test'),
  STAFF_DEV_PASSWORD: z.string().min(6).default('enzo-panel-2024'),
  // Payments (Wompi)
  WOMPI_PUBLIC_KEY: optionalString,
  WOMPI_INTEGRITY_SECRET: optionalString,
  WOMPI_EVENTS_SECRET: optionalString,
  /** Private key: only to void card payments from the dashboard (refunds); without it refunds are recorded transfers. */
  WOMPI_PRIVATE_KEY: optionalString,
  WOMPI_API_URL: optionalString,
  // Email
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Enzo <pedidos@enzo.com.co>'),
  SHOP_NOTIFY_EMAIL: z.string().default('pedidos@enzo.com.co'),
  // Business
  ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Env extends RawEnv {
  isProduction: boolean;
  dataDir: string;
  /** Base URL browsers use to reach this server (no trailing slash). */
  publicUrl: string;
  introspection: boolean;
  playground: boolean;
  seedOnStart: boolean;
  /** Firebase project whose ID tokens the server accepts (`demo-enzo` with the emulator). */
  firebaseProjectId: string;
}

export const DEMO_FIREBASE_PROJECT = 'demo-enzo';

/**
 * firebase-admin reads the Auth emulator address from process.env itself; this is the one place
 * that hands it over (set when the emulator is chosen at start-up).
 */
export function exportAuthEmulatorHost(host: string): void {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
}

export class EnvError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Variables de entorno no válidas:\n${lines.join('\n')}`);
  }
  const raw = result.data;
  const isProduction = raw.NODE_ENV === 'production';
  const publicUrl = (raw.PUBLIC_URL ?? `http://${raw.HOST === '0.0.0.0' ? '127.0.0.1' : raw.HOST}:${raw.PORT}`).replace(/\/$/, '');
  return {
    ...raw,
    isProduction,
    dataDir: path.resolve(raw.DATA_DIR),
    publicUrl,
    introspection: raw.GRAPHQL_INTROSPECTION ?? true,
    playground: raw.GRAPHQL_PLAYGROUND ?? true,
    seedOnStart: raw.SEED_ON_START ?? true,
    firebaseProjectId: raw.FIREBASE_PROJECT_ID ?? DEMO_FIREBASE_PROJECT,
  };
}
