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
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

/** Keys are lower-case relative paths without `..`; anything else is refused. */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 300) {
    throw new Error(`Clave de archivo no válida: ${JSON.stringify(key)}`);
  }
}
