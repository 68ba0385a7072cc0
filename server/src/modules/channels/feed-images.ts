import type { DataSource } from 'typeorm';
import { rasterizeSvg, type MediaStore } from '../media/index.js';
import type { SnapshotImage } from '../catalog/index.js';

const isSvg = (image: Pick<SnapshotImage, 'storageKey'>) => /\.svg$/i.test(image.storageKey);

/** Renders at a time: each one keeps a core busy. */
const RENDERS_AT_ONCE = 2;

/**
 * PNG copies of SVG product pictures for the feeds: Google and Meta take JPEG, PNG or WebP only, and a shop whose
 * pictures are SVG artwork would otherwise list nothing. A copy is made the first time a feed needs it, by one
 * instance at a time (an advisory lock; the others then find it), stored beside the original as
 * `feeds/<key>.png` and remembered in `feed_image` by the SVG's key, which never changes (uploads get fresh keys).
 */
export class FeedImages {
  constructor(
    private readonly ds: DataSource,
    private readonly media: MediaStore,
  ) {}

  /**
   * The PNG copy's URL of every SVG among `images`, by storage key; null for one that cannot be drawn (missing file,
   * not an SVG librsvg can render). Raster pictures are not in the map: they are used as they are.
   */
  async rastersOf(images: Array<Pick<SnapshotImage, 'storageKey'>>): Promise<Map<string, string | null>> {
    const keys = [...new Set(images.filter(isSvg).map((i) => i.storageKey))];
    const found = new Map<string, string | null>();
    if (keys.length === 0) return found;
    const known = async (q: Pick<DataSource, 'query'>, wanted: string[]) => {
      const rows = (await q.query(`SELECT source_key, url FROM feed_image WHERE source_key = ANY($1::varchar[])`, [
        wanted,
      ])) as Array<{ source_key: string; url: string }>;
      for (const r of rows) found.set(r.source_key, r.url);
    };
    await known(this.ds, keys);
    if (found.size === keys.length) return found;
    await this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('enzo_feed_images'))`);
      const missing = keys.filter((k) => !found.has(k));
      await known(m, missing);
      const todo = missing.filter((k) => !found.has(k));
      const made: Array<{ sourceKey: string; storageKey: string; url: string; width: number; height: number }> = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(RENDERS_AT_ONCE, todo.length) }, async () => {
          while (next < todo.length) {
            const key = todo[next++]!;
            const copy = await this.draw(key);
            found.set(key, copy?.url ?? null);
            if (copy) made.push(copy);
          }
        }),
      );
      // One statement on the transaction's connection (a connection runs one statement at a time).
      if (made.length)
        await m.query(
          `INSERT INTO feed_image (source_key, storage_key, url, width, height)
           SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::int[], $5::int[])
           ON CONFLICT (source_key) DO NOTHING`,
          [
            made.map((c) => c.sourceKey),
            made.map((c) => c.storageKey),
            made.map((c) => c.url),
            made.map((c) => c.width),
            made.map((c) => c.height),
          ],
        );
    });
    return found;
  }

  /** Draws one SVG as PNG and stores it; null (nothing stored) when it cannot be drawn. */
  private async draw(sourceKey: string) {
    const svg = await this.media.read(sourceKey);
    const png = svg ? await rasterizeSvg(svg) : null;
    if (!png) return null;
    const storageKey = `feeds/${sourceKey.replace(/\.svg$/i, '')}.png`;
    const url = await this.media.put(storageKey, png.data, 'image/png');
    return { sourceKey, storageKey, url, width: png.width, height: png.height };
  }
}
