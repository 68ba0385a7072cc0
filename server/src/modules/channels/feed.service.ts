import { createHash } from 'node:crypto';
import { createGzip } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { catalogBatches } from '../catalog/index.js';
import type { ShippingService } from '../shipping/index.js';
import type { MediaStore } from '../media/index.js';
import { feedItemsOf, type FeedExclusion, type FeedShipping } from './feed-items.js';
import { FeedImages } from './feed-images.js';
import { googleFeedWriter, metaFeedWriter, type FeedSink } from './feed-writers.js';

export type FeedKind = 'google' | 'meta';

/** What a feed lists: products and items (sizes), how many show drawn artwork, and who is left out and why. */
export interface FeedSummary {
  products: number;
  items: number;
  drawn: number;
  excluded: FeedExclusion[];
}

/** A generated feed: gzip bytes (how it is kept and sent), the ETag of its text, and what it lists. */
export interface BuiltFeed {
  etag: string;
  gzip: Buffer;
  contentType: string;
  summary: FeedSummary;
}

/** Tells whether the catalogue changed since a version was read (the catalogue cache, invalidated by NOTIFY). */
export interface CatalogVersion {
  readonly enabled: boolean;
  readonly version: number;
}

const CONTENT_TYPES: Record<FeedKind, string> = {
  google: 'application/xml; charset=utf-8',
  meta: 'text/csv; charset=utf-8',
};

/** Past this size (compressed) a feed is served but not kept. */
const MAX_KEPT_BYTES = 48 * 1024 * 1024;

/**
 * The Google and Meta product feeds: every size of every published product, built from the catalogue in batches
 * (memory holds one batch and the compressed output), kept by this instance until the catalogue changes (the same
 * NOTIFY that empties the page cache), one build at a time per feed.
 */
export class FeedService {
  #kept = new Map<FeedKind, BuiltFeed & { version: number }>();
  #building = new Map<FeedKind, Promise<BuiltFeed>>();
  readonly #images: FeedImages;

  constructor(
    private readonly ds: DataSource,
    private readonly shipping: ShippingService,
    media: MediaStore,
    private readonly publicUrl: () => string,
    private readonly catalog: CatalogVersion = { enabled: false, version: 0 },
  ) {
    this.#images = new FeedImages(ds, media);
  }

  /**
   * What a feed states about shipping: one price for all of Colombia, the highest rate any department or municipality
   * pays (a feed may overstate shipping, never understate it), free from the threshold. Per-department rates cannot
   * be stated: Google's `shipping` attribute takes a region only in Australia, Japan and the United States, and
   * Merchant Center's custom delivery areas do not cover Colombia.
   */
  async shippingTerms(): Promise<FeedShipping> {
    const [settings, rates] = await Promise.all([this.shipping.settings(), this.shipping.rates()]);
    return {
      freeFrom: settings.freeFrom,
      fee: Math.max(settings.defaultFee, ...rates.map((r) => r.fee)),
      minDays: Math.min(settings.defaultMinDays, ...rates.map((r) => r.minDays)),
      maxDays: Math.max(settings.defaultMaxDays, ...rates.map((r) => r.maxDays)),
    };
  }

  async feed(kind: FeedKind): Promise<BuiltFeed> {
    const kept = this.#kept.get(kind);
    if (kept && this.catalog.enabled && kept.version === this.catalog.version) return kept;
    let building = this.#building.get(kind);
    if (!building) {
      const version = this.catalog.version;
      building = this.build(kind).then((built) => {
        if (this.catalog.enabled && this.catalog.version === version && built.gzip.length <= MAX_KEPT_BYTES)
          this.#kept.set(kind, { ...built, version });
        else this.#kept.delete(kind);
        return built;
      });
      this.#building.set(kind, building);
      void building.finally(() => this.#building.delete(kind)).catch(() => undefined);
    }
    return building;
  }

  /**
   * Writes the feed's text through `sink`; answers how many products and items it listed, how many of those show
   * drawn artwork (SVG sent as PNG) and who was left out.
   */
  async write(kind: FeedKind, sink: FeedSink): Promise<FeedSummary> {
    const publicUrl = this.publicUrl();
    const shipping = await this.shippingTerms();
    const writer = kind === 'google' ? googleFeedWriter(sink, publicUrl) : metaFeedWriter(sink);
    const excluded: FeedExclusion[] = [];
    let products = 0;
    let items = 0;
    let drawn = 0;
    for await (const batch of catalogBatches(this.ds, { activeOnly: true })) {
      const rasters = await this.#images.rastersOf(batch.flatMap((p) => p.images));
      const listed = [];
      for (const p of batch) {
        const result = feedItemsOf(p, publicUrl, shipping, rasters);
        if ('exclusion' in result) excluded.push(result.exclusion);
        else {
          products++;
          if (result.drawn) drawn++;
          items += result.items.length;
          listed.push(...result.items);
        }
      }
      await writer.items(listed);
    }
    await writer.end();
    return { products, items, drawn, excluded };
  }

  private async build(kind: FeedKind): Promise<BuiltFeed> {
    const hash = createHash('sha256');
    const gzip = createGzip({ level: 6 });
    const chunks: Buffer[] = [];
    gzip.on('data', (c: Buffer) => chunks.push(c));
    const finished = new Promise<void>((resolve, reject) => {
      gzip.on('end', resolve);
      gzip.on('error', reject);
    });
    const summary = await this.write(kind, {
      write: (text) => {
        hash.update(text);
        if (!gzip.write(text)) return new Promise<void>((r) => gzip.once('drain', () => r()));
      },
    });
    gzip.end();
    await finished;
    return {
      etag: `"${kind}-${hash.digest('base64url').slice(0, 32)}"`,
      gzip: Buffer.concat(chunks),
      contentType: CONTENT_TYPES[kind],
      summary,
    };
  }

  /**
   * For the staff «Canales» page: what the feeds list and which published products they leave out (both feeds list
   * the same; Meta's is the smaller to build, and is kept like any feed until the catalogue changes).
   */
  async summary(): Promise<FeedSummary> {
    return (await this.feed('meta')).summary;
  }
}
