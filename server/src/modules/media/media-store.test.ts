import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalMediaStore } from './local-media-store.js';
import { FirebaseMediaStore, firebaseDownloadUrl, type BucketLike } from './firebase-media-store.js';

describe('LocalMediaStore', () => {
  it('stores files under its root and returns /media URLs', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'media-'));
    const store = new LocalMediaStore(root);
    const url = await store.put('products/a-1.svg', '<svg/>', 'image/svg+xml');
    expect(url).toBe('/media/products/a-1.svg');
    expect(await fs.readFile(path.join(root, 'products', 'a-1.svg'), 'utf8')).toBe('<svg/>');
    expect(await store.exists('products/a-1.svg')).toBe(true);
    expect(await store.exists('products/b.svg')).toBe(false);
    expect(await store.downloadUrl('products/a-1.svg')).toBe(url);
    expect((await store.read('products/a-1.svg'))?.toString()).toBe('<svg/>');
    expect(await store.read('products/b.svg')).toBeNull();
    await store.remove('products/a-1.svg');
    await store.remove('products/a-1.svg');
    expect(await store.exists('products/a-1.svg')).toBe(false);
  });

  it('refuses keys that escape the root or are not plain paths', async () => {
    const store = new LocalMediaStore('/tmp/never');
    for (const key of ['../etc/passwd', '/abs.svg', 'a//b', 'A.svg', 'a/../b', '']) {
      await expect(store.put(key, 'x', 'text/plain')).rejects.toThrow('Clave de archivo no válida');
    }
  });
});

describe('FirebaseMediaStore', () => {
  function fakeBucket() {
    const files = new Map<string, { data: Buffer | string; metadata: Record<string, string> }>();
    const save = vi.fn(
      async (key: string, data: Buffer | string, opts: { metadata: { metadata: Record<string, string> } }) => {
        files.set(key, { data, metadata: { ...opts.metadata.metadata } });
      },
    );
    const bucket: BucketLike = {
      name: 'enzo-prod.appspot.com',
      file: (key) => ({
        save: (data, opts) => save(key, data, opts),
        exists: async () => [files.has(key)] as [boolean],
        getMetadata: async () =>
          [{ metadata: files.get(key)?.metadata ?? {} }] as [{ metadata: Record<string, string> }],
        setMetadata: async ({ metadata }) => {
          const f = files.get(key)!;
          f.metadata = { ...f.metadata, ...metadata };
        },
        download: async () => {
          const f = files.get(key);
          if (!f) throw Object.assign(new Error('No such object'), { code: 404 });
          return [Buffer.from(f.data)] as [Buffer];
        },
        delete: async ({ ignoreNotFound }) => {
          if (!files.delete(key) && !ignoreNotFound) throw Object.assign(new Error('No such object'), { code: 404 });
        },
      }),
    };
    return { bucket, files, save };
  }

  it('builds the Firebase download URL with an encoded path and token', () => {
    expect(firebaseDownloadUrl('b.appspot.com', 'products/a b.svg', 'tok-1')).toBe(
      'https://firebasestorage.googleapis.com/v0/b/b.appspot.com/o/products%2Fa%20b.svg?alt=media&token=tok-1',
    );
  });

  it('uploads with a download token and cache headers, and returns its URL', async () => {
    const { bucket, files, save } = fakeBucket();
    const store = new FirebaseMediaStore(bucket);
    const url = await store.put('products/x-1.svg', '<svg/>', 'image/svg+xml');
    expect(save).toHaveBeenCalledWith(
      'products/x-1.svg',
      '<svg/>',
      expect.objectContaining({ contentType: 'image/svg+xml', resumable: false }),
    );
    const token = files.get('products/x-1.svg')!.metadata.firebaseStorageDownloadTokens;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(url).toBe(firebaseDownloadUrl('enzo-prod.appspot.com', 'products/x-1.svg', token!));
    expect(await store.downloadUrl('products/x-1.svg')).toBe(url);
    expect(await store.exists('products/x-1.svg')).toBe(true);
    expect((await store.read('products/x-1.svg'))?.toString()).toBe('<svg/>');
    expect(await store.read('products/nada.svg')).toBeNull();
    await store.remove('products/x-1.svg');
    await store.remove('products/x-1.svg');
    expect(await store.exists('products/x-1.svg')).toBe(false);
  });

  it('adds a token to an existing object that has none', async () => {
    const { bucket, files } = fakeBucket();
    files.set('legacy.svg', { data: 'x', metadata: {} });
    const url = await new FirebaseMediaStore(bucket).downloadUrl('legacy.svg');
    expect(url).toContain(`token=${files.get('legacy.svg')!.metadata.firebaseStorageDownloadTokens}`);
  });
});
