import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { SIC_URL, type LegalInfo } from '#shared/legal.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#shared/shop.js';

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
  PUBLIC_URL: optionalString.pipe(
    z.url({ message: 'debe ser una URL completa, p. ej. https://enzo.com.co' }).optional(),
  ),
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
  /** Where browsers reach a given Auth emulator (default `http://<FIREBASE_AUTH_EMULATOR_HOST>`). */
  FIREBASE_AUTH_EMULATOR_PUBLIC_URL: optionalString.pipe(
    z.url({ message: 'debe ser una URL completa, p. ej. http://localhost:9099' }).optional(),
  ),
  /** A deployment that says it is a test shop: sandbox payments and the Auth emulator are allowed, with a visible notice. */
  TEST_SHOP: boolFlag,
  /**
   * Catalogue import may fetch pictures from private and loopback addresses (a test shop's own test servers). A shop
   * on one's own computer always may; a deployment only as a declared test shop (never a live one).
   */
  IMPORT_PRIVATE_URLS: boolFlag,
  /** Which proxies may tell the client address (X-Forwarded-For): `loopback` (default), a hop count, addresses/subnets, or `false`. */
  TRUST_PROXY: z.string().trim().default('loopback'),
  // Business
  ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Units of one size in one order. */
  MAX_UNITS_PER_SIZE: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY).default(10),
  /** Units in one order, all sizes together. */
  MAX_UNITS_PER_ORDER: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LINE_QUANTITY * MAX_CART_LINES)
    .default(30),
  /** Orders waiting for payment at the same time with one email. */
  MAX_OPEN_ORDERS_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(3),
  /** Orders waiting for payment at the same time from one client address (mobile carriers share addresses: keep it generous). */
  MAX_OPEN_ORDERS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Minutes after placement at which an unpaid order gets one email with a link to finish paying
   * (at most half of ORDER_EXPIRY_MINUTES, so the products are still held when it arrives).
   */
  PAYMENT_REMINDER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
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
  /** A real Firebase project is configured (not a `demo-*` emulator project): emulator tokens are never accepted. */
  realFirebaseProject: boolean;
  /** Express `trust proxy` value parsed from TRUST_PROXY. */
  trustProxy: boolean | number | string[];
  /** Wompi production keys and not a test shop: the only case in which payments are real. */
  paymentsAreReal: boolean;
  /** Create the STAFF_DEV_* account in an Auth emulator given by FIREBASE_AUTH_EMULATOR_HOST (set explicitly). */
  staffDevAccountInGivenEmulator: boolean;
}

export const DEMO_FIREBASE_PROJECT = 'demo-enzo';

/**
 * firebase-admin reads the Auth emulator address from process.env itself; this is the one place
 * that hands it over (set when the emulator is chosen at start-up).
 */
export function exportAuthEmulatorHost(host: string): void {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
}

/** A start-up refusal: its Spanish message is printed as is (no stack trace) and the process exits 1. */
/** A real Firebase project is in use: firebase-admin must not see an emulator address left by anyone. */
export function clearAuthEmulatorHost(): void {
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
}

export class EnvError extends Error {}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY → express `trust proxy`: never `true` (that would believe any X-Forwarded-For). */
export function parseTrustProxy(value: string): boolean | number | string[] | { error: string } {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0' || v === 'none' || v === '') return false;
  if (v === 'true')
    return {
      error: 'creería cualquier X-Forwarded-For; indica cuántos proxies hay delante (p. ej. 1) o sus direcciones',
    };
  if (/^\d+$/.test(v)) return Number(v);
  const items = v
    .split(',')
    .map((i) => i.trim())
    .filter(Boolean);
  for (const item of items) {
    const [address, bits, extra] = item.split('/');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (net.isIPv6(address ?? '') ? 128 : 32));
    if (!(PROXY_NAMES.has(item) || (net.isIP(address ?? '') !== 0 && okBits && extra === undefined))) {
      return {
        error: `«${item}» no es loopback, linklocal, uniquelocal, una dirección IP ni una subred (p. ej. 10.0.0.0/8)`,
      };
    }
  }
  return items;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Variables de entorno no válidas:\n${lines.join('\n')}`);
  }
  const raw = result.data;
  const trustProxy = parseTrustProxy(raw.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy))
    throw new EnvError(`Variables de entorno no válidas:\n  - TRUST_PROXY: ${trustProxy.error}`);
  const realFirebaseProject = raw.FIREBASE_PROJECT_ID !== undefined && !raw.FIREBASE_PROJECT_ID.startsWith('demo-');
  if (realFirebaseProject && raw.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new EnvError(
      `Variables de entorno no válidas:\n  - FIREBASE_AUTH_EMULATOR_HOST: con un proyecto de Firebase real (FIREBASE_PROJECT_ID=${raw.FIREBASE_PROJECT_ID}) no se aceptan tokens del emulador. Quita FIREBASE_AUTH_EMULATOR_HOST o usa un proyecto demo-….`,
    );
  }
  const wompiLive = Boolean(
    raw.WOMPI_PUBLIC_KEY?.startsWith('pub_prod_') && raw.WOMPI_INTEGRITY_SECRET && raw.WOMPI_EVENTS_SECRET,
  );
  const isProduction = raw.NODE_ENV === 'production';
  const publicUrl = (raw.PUBLIC_URL ?? `http://${raw.HOST === '0.0.0.0' ? '127.0.0.1' : raw.HOST}:${raw.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    ...raw,
    isProduction,
    dataDir: path.resolve(raw.DATA_DIR),
    publicUrl,
    introspection: raw.GRAPHQL_INTROSPECTION ?? true,
    playground: raw.GRAPHQL_PLAYGROUND ?? true,
    seedOnStart: raw.SEED_ON_START ?? true,
    firebaseProjectId: raw.FIREBASE_PROJECT_ID ?? DEMO_FIREBASE_PROJECT,
    legal: {
      legalName: raw.LEGAL_NAME,
      nit: raw.LEGAL_NIT,
      address: raw.LEGAL_ADDRESS,
      phone: raw.LEGAL_PHONE,
      email: raw.LEGAL_EMAIL,
      sicUrl: raw.SIC_URL,
    },
    realFirebaseProject,
    trustProxy,
    paymentsAreReal: wompiLive && raw.TEST_SHOP !== true,
    staffDevAccountInGivenEmulator: source.STAFF_DEV_EMAIL !== undefined && source.STAFF_DEV_EMAIL !== '',
  };
}
