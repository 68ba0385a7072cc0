/**
 * Where media files (product pictures, banners, video) live. One interface, two adapters picked at
 * start-up: a local folder served at /media (default) and Firebase Storage (production).
 */
export interface MediaStore {
  /** Stores a file and returns the public URL browsers use to fetch it. */
  put(key: string, body: Buffer | string, contentType: string): Promise<string>;
  exists(key: string): Promise<boolean>;
  /** Public URL of a stored file. */
  downloadUrl(key: string): Promise<string>;
  /** A stored file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Deletes a stored file (nothing happens when there is none). */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

/** Keys are lower-case relative paths without `..`; anything else is refused. */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 300) {
    throw new Error(`Clave de archivo no válida: ${JSON.stringify(key)}`);
  }
}

/**
 * A media store that notes every file written through it, so that work which fails after storing files (an import
 * whose transaction rolls back) can delete them again instead of leaving orphans behind.
 */
export class MediaWriteLog implements MediaStore {
  readonly keys: string[] = [];

  constructor(private readonly inner: MediaStore) {}

  put(key: string, body: Buffer | string, contentType: string): Promise<string> {
    this.keys.push(key);
    return this.inner.put(key, body, contentType);
  }

  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }

  downloadUrl(key: string): Promise<string> {
    return this.inner.downloadUrl(key);
  }

  read(key: string): Promise<Buffer | null> {
    return this.inner.read(key);
  }

  remove(key: string): Promise<void> {
    return this.inner.remove(key);
  }

  /** Deletes every file written through this log (each attempted, whatever happens to the others). */
  async discard(): Promise<void> {
    const keys = this.keys.splice(0);
    await Promise.allSettled(keys.map((key) => this.inner.remove(key)));
  }
}
