import { z } from 'zod';
import path from 'node:path';
import { SIC_URL, type LegalInfo } from '#shared/legal.js';

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
  // Legal identity shown in the footer and every email (Ley 1480, art. 50). Defaults are the demo shop's.
  LEGAL_NAME: z.string().trim().min(3).default('Enzo Accesorios para Mascotas S.A.S.'),
  LEGAL_NIT: z
    .string()
    .trim()
    .regex(/^\d{3}\.?\d{3}\.?\d{3}-\d$/, 'debe ser un NIT con su dígito de verificación, p. ej. 901.234.567-8')
    .default('901.234.567-8'),
  LEGAL_ADDRESS: z.string().trim().min(5).default('Calle 10 # 4-38, local 2, Cúcuta, Norte de Santander'),
  LEGAL_PHONE: z.string().trim().min(7).default('+57 313 456 7890'),
  LEGAL_EMAIL: z.email({ message: 'debe ser un correo válido' }).default('servicioalcliente@enzo.com.co'),
  SIC_URL: z.url({ message: 'debe ser una URL completa' }).default(SIC_URL),
  // Business
  ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /**
   * Minutes after placement at which an unpaid order gets one email with a link to finish paying
   * (at most half of ORDER_EXPIRY_MINUTES, so the products are still held when it arrives).
   */
  PAYMENT_REMINDER_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(10),
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
  /** The shop's legal identity (footer and emails). */
  legal: LegalInfo;
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
    legal: { legalName: raw.LEGAL_NAME, nit: raw.LEGAL_NIT, address: raw.LEGAL_ADDRESS, phone: raw.LEGAL_PHONE, email: raw.LEGAL_EMAIL, sicUrl: raw.SIC_URL },
  };
}
