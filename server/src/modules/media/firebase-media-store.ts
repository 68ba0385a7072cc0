import { randomUUID } from 'node:crypto';
import { assertValidKey, type MediaStore } from './media-store.js';

/** The part of a firebase-admin Storage bucket this adapter uses (injectable for tests). */
export interface BucketLike {
  name: string;
  file(path: string): {
    save(
      data: Buffer | string,
      options: {
        contentType: string;
        resumable: boolean;
        metadata: { cacheControl: string; metadata: Record<string, string> };
      },
    ): Promise<unknown>;
    exists(): Promise<[boolean]>;
    getMetadata(): Promise<[{ metadata?: Record<string, string | number | boolean | null> }]>;
    setMetadata(metadata: { metadata: Record<string, string> }): Promise<unknown>;
    download(): Promise<[Buffer]>;
    delete(options: { ignoreNotFound: boolean }): Promise<unknown>;
  };
}

const TOKEN_KEY = 'firebaseStorageDownloadTokens';

/** The download URL Firebase Storage serves for an object with a download token. */
export function firebaseDownloadUrl(bucket: string, key: string, token: string): string {
  return `https://firebasestorage.googleapis.com/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(key)}?alt=media&token=${encodeURIComponent(token)}`;
}

export class FirebaseMediaStore implements MediaStore {
  constructor(private readonly bucket: BucketLike) {}

  async put(key: string, body: Buffer | string, contentType: string): Promise<string> {
    assertValidKey(key);
    const token = randomUUID();
    await this.bucket.file(key).save(body, {
      contentType,
      resumable: false,
      metadata: { cacheControl: 'public, max-age=31536000', metadata: { [TOKEN_KEY]: token } },
    });
    return firebaseDownloadUrl(this.bucket.name, key, token);
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    const [found] = await this.bucket.file(key).exists();
    return found;
  }

  async read(key: string): Promise<Buffer | null> {
    assertValidKey(key);
    try {
      const [data] = await this.bucket.file(key).download();
      return data;
    } catch (err) {
      if ((err as { code?: number }).code === 404) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    assertValidKey(key);
    await this.bucket.file(key).delete({ ignoreNotFound: true });
  }

  async downloadUrl(key: string): Promise<string> {
    assertValidKey(key);
    const file = this.bucket.file(key);
    const [meta] = await file.getMetadata();
    const existing = meta.metadata?.[TOKEN_KEY];
    let token = typeof existing === 'string' && existing ? existing.split(',')[0]! : undefined;
    if (!token) {
      token = randomUUID();
      await file.setMetadata({ metadata: { [TOKEN_KEY]: token } });
    }
    return firebaseDownloadUrl(this.bucket.name, key, token);
  }
}

/** Builds the adapter over the real firebase-admin bucket (loaded lazily: only production needs it). */
export async function createFirebaseMediaStore(bucketName: string, projectId?: string): Promise<FirebaseMediaStore> {
  const { getFirebaseApp } = await import('../../common/firebase-app.js');
  const { getStorage } = await import('firebase-admin/storage');
  const bucket = getStorage(getFirebaseApp(projectId)).bucket(bucketName);
  return new FirebaseMediaStore(bucket as unknown as BucketLike);
}
