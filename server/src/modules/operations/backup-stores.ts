import fs from 'node:fs/promises';
import path from 'node:path';
import { backupTimeOf } from './backup-writer.js';
import type { StoredBackup } from './backup-retention.js';

/** Where finished backups are kept: the local folder (always) and, when configured, the Firebase Storage bucket. */
export interface BackupStore {
  /** `local` or `firebase` (recorded with each run). */
  kind: string;
  /** Copies a finished archive (and its .sha256) here; the local store already has it. */
  put(file: string): Promise<void>;
  list(): Promise<StoredBackup[]>;
  remove(name: string): Promise<void>;
}

export class LocalBackupStore implements BackupStore {
  readonly kind = 'local';
  constructor(readonly dir: string) {}

  async put(file: string): Promise<void> {
    if (path.dirname(path.resolve(file)) !== path.resolve(this.dir))
      await fs.copyFile(file, path.join(this.dir, path.basename(file)));
  }

  async list(): Promise<StoredBackup[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    return names.flatMap((name) => {
      const at = backupTimeOf(name);
      return at ? [{ name, at }] : [];
    });
  }

  async remove(name: string): Promise<void> {
    await fs.rm(path.join(this.dir, name), { force: true });
    await fs.rm(path.join(this.dir, `${name}.sha256`), { force: true });
  }
}

/** The part of a firebase-admin Storage bucket the backup store uses (injectable for tests). */
export interface BackupBucket {
  upload(file: string, options: { destination: string; resumable: boolean; contentType: string }): Promise<unknown>;
  getFiles(options: { prefix: string }): Promise<[Array<{ name: string }>]>;
  file(name: string): { delete(options: { ignoreNotFound: boolean }): Promise<unknown> };
}

const PREFIX = 'backups/';

/** Backups in the shop's Firebase Storage bucket under `backups/` (private: no download token is ever set). */
export class FirebaseBackupStore implements BackupStore {
  readonly kind = 'firebase';
  constructor(private readonly bucket: BackupBucket) {}

  async put(file: string): Promise<void> {
    const name = path.basename(file);
    await this.bucket.upload(file, {
      destination: `${PREFIX}${name}`,
      resumable: false,
      contentType: 'application/gzip',
    });
    await this.bucket.upload(`${file}.sha256`, {
      destination: `${PREFIX}${name}.sha256`,
      resumable: false,
      contentType: 'text/plain',
    });
  }

  async list(): Promise<StoredBackup[]> {
    const [files] = await this.bucket.getFiles({ prefix: PREFIX });
    return files.flatMap((f) => {
      const name = f.name.slice(PREFIX.length);
      const at = backupTimeOf(name);
      return at ? [{ name, at }] : [];
    });
  }

  async remove(name: string): Promise<void> {
    await this.bucket.file(`${PREFIX}${name}`).delete({ ignoreNotFound: true });
    await this.bucket.file(`${PREFIX}${name}.sha256`).delete({ ignoreNotFound: true });
  }
}

/** The bucket of FIREBASE_STORAGE_BUCKET, through the same firebase-admin app the media store uses. */
export async function firebaseBackupStore(bucketName: string, projectId?: string): Promise<FirebaseBackupStore> {
  const { getFirebaseApp } = await import('../../common/firebase-app.js');
  const { getStorage } = await import('firebase-admin/storage');
  return new FirebaseBackupStore(getStorage(getFirebaseApp(projectId)).bucket(bucketName) as unknown as BackupBucket);
}
