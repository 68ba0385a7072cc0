import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, type MediaStore } from './media-store.js';

/** Files under a folder, served by the HTTP app at `/media/<key>`. */
export class LocalMediaStore implements MediaStore {
  constructor(
    readonly root: string,
    private readonly urlPrefix = '/media',
  ) {}

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer | string, _contentType: string): Promise<string> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Unique per write: two writers of the same key (workers of one process too) never share a temporary file.
    const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
    return this.urlFor(key);
  }

  async exists(key: string): Promise<boolean> {
    return fs
      .access(this.file(key))
      .then(() => true)
      .catch(() => false);
  }

  async read(key: string): Promise<Buffer | null> {
    return fs.readFile(this.file(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async downloadUrl(key: string): Promise<string> {
    assertValidKey(key);
    return this.urlFor(key);
  }

  private urlFor(key: string): string {
    return `${this.urlPrefix}/${key}`;
  }
}
