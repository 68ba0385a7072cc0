import { z } from 'zod';

/**
 * What a backup archive says about itself (`manifest.json`, the archive's first entry). The restore trusts nothing
 * else: every file it extracts must be listed here with the same size and SHA-256.
 */
export const MANIFEST_FILE = 'manifest.json';
export const DUMP_FILE = 'database.dump';
export const MEDIA_DIR = 'media';
export const OUTBOX_DIR = 'outbox';
export const BACKUP_FORMAT = 'enzo-backup';
export const BACKUP_FORMAT_VERSION = 1;

const fileEntry = z.object({
  path: z.string().min(1).max(1000),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const folderSummary = z.object({
  /** False when the files live elsewhere (Firebase Storage) and so are not in this archive. */
  included: z.boolean(),
  files: z.number().int().min(0),
  bytes: z.number().int().min(0),
  note: z.string().optional(),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({
    file: z.literal(DUMP_FILE),
    /** The last migration applied when the dump was taken. */
    schemaVersion: z.string(),
    migrations: z.number().int().min(0),
    serverVersion: z.string(),
    pgDumpVersion: z.string(),
    counts: z.object({ orders: z.number().int(), products: z.number().int(), customers: z.number().int() }),
    /** Rows per table (`schema.table`) in the dump's snapshot: the restore compares them. */
    tables: z.record(z.string(), z.number().int().min(0)),
  }),
  media: folderSummary,
  outbox: folderSummary,
  files: z.array(fileEntry).min(1),
  totalBytes: z.number().int().min(0),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileEntry>;
