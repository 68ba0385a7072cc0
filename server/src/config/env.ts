import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { SIC_URL, type LegalInfo } from '#shared/legal.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#shared/shop.js';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '#shared/audit.js';
import { parseNit } from '#shared/nit.js';

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
  /** Where `npm run backup` and the scheduled backups write their archives (default DATA_DIR/backups). */
  BACKUP_DIR: optionalString,
  /** Folder with pg_dump and pg_restore, when the ones found by themselves do not fit the server. */
  PG_BIN_DIR: optionalString,
  /** Bearer token that /metrics asks for (required to open it in a deployment). */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'debe tener al menos 16 caracteres').optional()),
  /** OTLP/HTTP collector for OpenTelemetry traces (e.g. http://127.0.0.1:4318); unset, no tracing code loads. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(
    z.url({ message: 'debe ser una URL completa, p. ej. http://127.0.0.1:4318' }).optional(),
  ),
  /** The service name traces carry (default enzo-shop). */
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('enzo-shop'),
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
    .regex(/^\d{3}\.?\d{3}\.?\d{3}-\d$/, 'debe ser un NIT con su dígito de verificación, p. ej. 901.234.567-7')
    .refine((v) => !('error' in parseNit(v)), 'el dígito de verificación no corresponde al NIT')
    .default('901.234.567-7'),
  LEGAL_ADDRESS: z.string().trim().min(5).default('Calle 10 # 4-38, local 2, Cúcuta, Norte de Santander'),
  LEGAL_PHONE: z.string().trim().min(7).default('+57 313 456 7890'),
  LEGAL_EMAIL: z.email({ message: 'debe ser un correo válido' }).default('servicioalcliente@enzo.com.co'),
  SIC_URL: z.url({ message: 'debe ser una URL completa' }).default(SIC_URL),
  /** Where browsers reach a given Auth emulator (default `http://<FIREBASE_AUTH_EMULATOR_HOST>`). */
  FIREBASE_AUTH_EMULATOR_PUBLIC_URL: optionalString.pipe(
    z.url({ message: 'debe ser una URL completa, p. ej. http://localhost:9099' }).optional(),
  ),
  // Electronic invoicing (DIAN): the technology provider, its credentials and the DIAN environment.
  /** `sandbox` (default): the built-in provider and DIAN; `alegra`: Alegra's e-invoicing provider API. */
  EINVOICE_PROVIDER: z.enum(['sandbox', 'alegra'], { message: 'debe ser sandbox o alegra' }).default('sandbox'),
  ALEGRA_EINVOICE_TOKEN: optionalString,
  /** The shop's company id at Alegra (created with its `POST /companies`). */
  ALEGRA_EINVOICE_COMPANY_ID: optionalString,
  /** Default: Alegra's sandbox for DIAN_ENVIRONMENT=pruebas, its production API for produccion. */
  ALEGRA_EINVOICE_API_URL: optionalString.pipe(z.url({ message: 'debe ser una URL completa' }).optional()),
  /** `pruebas`: the DIAN's habilitación environment (TipoAmbiente 2, documents without fiscal value); `produccion`: 1. */
  DIAN_ENVIRONMENT: z.enum(['pruebas', 'produccion'], { message: 'debe ser pruebas o produccion' }).default('pruebas'),
  /** Technical key of the DIAN's test numbering (18760000001, SETP 990000000–995000000) used until the owner saves a resolution. */
  DIAN_TECHNICAL_KEY: z.string().trim().min(10).max(100).default('fc8eac422eba16e22ffd8c6f94b3f40a6e38162c'),
  /** The invoicing software as registered with the DIAN: its id and PIN (the PIN keys every CUDE). */
  DIAN_SOFTWARE_ID: z.string().trim().min(1).max(100).default('9c2b7f4e-3d1a-4b8e-a6f0-5e7d8c9b0a12'),
  DIAN_SOFTWARE_PIN: z.string().trim().min(1).max(20).default('12345'),
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
  /**
   * Days the staff activity log keeps its entries (two years by default); a daily job deletes older ones. Never
   * less than 180: the database refuses to delete younger entries.
   */
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(180)
    .max(20 * 365)
    .default(DEFAULT_AUDIT_RETENTION_DAYS),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Env extends RawEnv {
  isProduction: boolean;
  dataDir: string;
  /** Where backups are written locally (BACKUP_DIR or DATA_DIR/backups). */
  backupDir: string;
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
  /** Electronic invoicing as configured (the owner's on/off switch lives in the database). */
  einvoice: EinvoiceConfig;
}

export interface EinvoiceConfig {
  provider: 'sandbox' | 'alegra';
  /** TipoAmbiente: '1' production, '2' the DIAN's tests. */
  environment: '1' | '2';
  /** Alegra: API base URL, token and company id (null with the sandbox). */
  alegra: { apiUrl: string; token: string; companyId: string } | null;
  testTechnicalKey: string;
  softwareId: string;
  softwarePin: string;
  /** Documents with fiscal value: a real provider, the DIAN's production environment and not a test shop. */
  real: boolean;
}

const ALEGRA_URLS = {
  pruebas: 'https://sandbox-api.alegra.com/e-provider/col/v1',
  produccion: 'https://api.alegra.com/e-provider/col/v1',
} as const;

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
  const einvoice = parseEinvoice(raw);
  const publicUrl = (raw.PUBLIC_URL ?? `http://${raw.HOST === '0.0.0.0' ? '127.0.0.1' : raw.HOST}:${raw.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    ...raw,
    isProduction,
    dataDir: path.resolve(raw.DATA_DIR),
    backupDir: path.resolve(raw.BACKUP_DIR ?? path.join(raw.DATA_DIR, 'backups')),
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
    einvoice,
  };
}

/** The provider and its credentials all or nothing; the sandbox never in the DIAN's production environment. */
function parseEinvoice(raw: RawEnv): EinvoiceConfig {
  const problems: string[] = [];
  if (raw.EINVOICE_PROVIDER === 'sandbox' && raw.DIAN_ENVIRONMENT === 'produccion')
    problems.push(
      'DIAN_ENVIRONMENT: el proveedor de prueba integrado no emite documentos reales; define EINVOICE_PROVIDER=alegra con sus credenciales o usa DIAN_ENVIRONMENT=pruebas',
    );
  if (raw.EINVOICE_PROVIDER === 'alegra') {
    if (!raw.ALEGRA_EINVOICE_TOKEN)
      problems.push('ALEGRA_EINVOICE_TOKEN: token de la API de proveedor electrónico de Alegra');
    if (!raw.ALEGRA_EINVOICE_COMPANY_ID)
      problems.push('ALEGRA_EINVOICE_COMPANY_ID: id de la empresa de la tienda en Alegra (POST /companies)');
  }
  if (problems.length > 0)
    throw new EnvError(`Variables de entorno no válidas:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return {
    provider: raw.EINVOICE_PROVIDER,
    environment: raw.DIAN_ENVIRONMENT === 'produccion' ? '1' : '2',
    alegra:
      raw.EINVOICE_PROVIDER === 'alegra'
        ? {
            apiUrl: raw.ALEGRA_EINVOICE_API_URL ?? ALEGRA_URLS[raw.DIAN_ENVIRONMENT],
            token: raw.ALEGRA_EINVOICE_TOKEN!,
            companyId: raw.ALEGRA_EINVOICE_COMPANY_ID!,
          }
        : null,
    testTechnicalKey: raw.DIAN_TECHNICAL_KEY,
    softwareId: raw.DIAN_SOFTWARE_ID,
    softwarePin: raw.DIAN_SOFTWARE_PIN,
    real: raw.EINVOICE_PROVIDER === 'alegra' && raw.DIAN_ENVIRONMENT === 'produccion' && raw.TEST_SHOP !== true,
  };
}
