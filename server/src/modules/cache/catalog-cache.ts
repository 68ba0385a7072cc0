import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { ReadCache } from '../../common/read-cache.js';
import { countCacheLookup } from '../../common/metrics.js';
import { PgListener, type PgListenerEvent } from '../../common/pg-listener.js';

/**
 * Channel that the `enzo_notify_catalog_change` triggers notify (created by migration
 * 1765300000000-catalog-change-notify, one more table in 1765500000000-payment-options-notify).
 * tests/api/catalog-notify-coverage.test.ts fails when a table that a cached read touches has no such trigger.
 */
export const CATALOG_CHANNEL = 'enzo_catalog';
const SYNC_PREFIX = 'sync:';

export interface CachedPage {
  status: number;
  /**
   * The page's UTF-8 bytes, gzip-compressed once when it was rendered: sent as they are to every client that accepts
   * gzip (browsers and crawlers), inflated for one that does not. A quarter of the memory, and no compression per hit.
   */
  gzip: Buffer;
  etag: string;
  /** Not to be indexed (sent with X-Robots-Tag) nor kept by shared caches. */
  noindex?: boolean;
}

export interface CachedRead {
  /** The serialised GraphQL result, as sent. */
  body: string;
  contentType: string;
  etag: string;
}

/** An estimate of the memory a cached value holds (JSON characters × 2, plus the entry); 1 KB if it has no JSON. */
function valueSize(value: unknown): number {
  try {
    return (JSON.stringify(value)?.length ?? 0) * 2 + 200;
  } catch {
    return 1024;
  }
}

/**
 * This instance's cache of public catalog reads, server-rendered pages and the settings quotes read (ReadCache).
 * Every instance LISTENs on one PostgreSQL connection to `enzo_catalog` and drops everything when the catalog
 * changes (any instance's staff edit, an order's stock, SQL by hand). While that connection is down nothing is
 * cached or served from cache, so a lost notification can never leave a stale price behind.
 */
export class CatalogCache implements ReadCache {
  // Each cache is bounded by bytes, not by entries: a page or a query result of a product with many sizes and
  // images is many times a small one, and a crawler walking every product and filter fills any count-bounded cache
  // with the largest. V8 keeps a string of Latin-1 text at one byte per character and any other (a page with one
  // «…» in it) at two: string sizes count two, the most an entry can take.
  readonly pages = new LRUCache<string, CachedPage>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (p) => p.gzip.length + 200,
  });
  /**
   * Search result pages, apart: anyone can ask for any query, so they get a small cache of their own instead of
   * pushing the shop's pages out of `pages`.
   */
  readonly searchPages = new LRUCache<string, CachedPage>({
    max: 500,
    maxSize: 2 * 1024 * 1024,
    sizeCalculation: (p) => p.gzip.length + 200,
  });
  readonly reads = new LRUCache<string, CachedRead>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (r) => r.body.length * 2 + 200,
  });
  /**
   * ReadCache values (treated as immutable): the server render's in-process query results, and the settings
   * quotes read (shipping terms per destination, the contraentrega settings). Sized by their JSON: a JavaScript
   * object takes about twice the characters it serialises to (property slots, hidden classes, headers).
   */
  readonly values = new LRUCache<string, { value: unknown }>({
    maxSize: 12 * 1024 * 1024,
    sizeCalculation: ({ value }) => valueSize(value),
  });
  /** ReadCache values keyed by what a visitor typed (rememberTyped): as `searchPages`, a small store of their own. */
  readonly typed = new LRUCache<string, { value: unknown }>({
    max: 2000,
    maxSize: 4 * 1024 * 1024,
    sizeCalculation: ({ value }) => valueSize(value),
  });
  /** Bumped on every invalidation: work that started under an older version does not store its result. */
  version = 0;
  readonly #listener: PgListener;
  #stopped = false;
  #waiters = new Map<string, () => void>();
  /** Asks when content next changes by the clock alone (expireWith); the timer drops everything then. */
  #msToNextChange: (() => Promise<number | null>) | null = null;
  /** The tables `#msToNextChange`'s answer depends on (expireWith); null: any change may move it. */
  #datedTables: ReadonlySet<string> | null = null;
  /** Bumped every time `#msToNextChange` is asked: only the newest answer arms the timer. */
  #expiryRound = 0;
  #expiry: NodeJS.Timeout | undefined;
  /** The sync marker queued on the LISTEN connection and not sent yet. */
  #unsent: { done: Promise<void> } | null = null;

  constructor(
    databaseUrl: string | null,
    private readonly log?: Logger,
  ) {
    const onEvent = (event: PgListenerEvent) => this.#onEvent(event);
    this.#listener = new PgListener(databaseUrl, CATALOG_CHANNEL, onEvent, log, 'enzo-catalog-cache');
  }

  /** True while invalidations are being received: only then may anything be cached. */
  get enabled(): boolean {
    return this.#listener.listening;
  }

  start(): Promise<void> {
    return this.#listener.start();
  }

  /**
   * A sync marker wakes its waiter; anything else (a change, or a connection made or lost) drops everything. A change
   * to a table the next dated moment does not depend on (an order's stock, a product: the payload is the table's name)
   * leaves that moment where it was, so the timer armed for it still covers what is kept and it is not asked again:
   * at peak an order changes a size's visible stock many times a second, on every instance.
   */
  #onEvent(event: PgListenerEvent) {
    if (event?.startsWith(SYNC_PREFIX)) {
      this.#waiters.get(event.slice(SYNC_PREFIX.length))?.();
      return;
    }
    if (event !== null && this.#datedTables && !this.#datedTables.has(event)) this.#drop();
    else this.invalidate();
  }

  invalidate(): void {
    this.#drop();
    this.#scheduleExpiry();
  }

  #drop(): void {
    this.version++;
    this.pages.clear();
    this.searchPages.clear();
    this.reads.clear();
    this.values.clear();
    this.typed.clear();
  }

  /**
   * Time-limited content (slides and promo blocks with dates, preview links) changes with no write to notify
   * about: `msToNextChange` says, from the database, how long until the next such moment, and everything kept is
   * dropped then. Asked again after every invalidation but a change to a table outside `datedTables` (those its
   * answer reads; omitted: every table), so what it answers always covers what is kept.
   */
  expireWith(msToNextChange: () => Promise<number | null>, datedTables?: readonly string[]): void {
    this.#msToNextChange = msToNextChange;
    this.#datedTables = datedTables ? new Set(datedTables) : null;
    this.#scheduleExpiry();
  }

  #scheduleExpiry() {
    clearTimeout(this.#expiry);
    this.#expiry = undefined;
    const ask = this.#msToNextChange;
    if (!ask || this.#stopped) return;
    const round = ++this.#expiryRound;
    const arm = (ms: number) => {
      if (this.#expiryRound !== round || this.#stopped) return;
      clearTimeout(this.#expiry);
      // setTimeout's longest wait is ~24.8 days; a later moment is asked about again then.
      this.#expiry = setTimeout(() => this.invalidate(), Math.min(Math.max(ms, 0) + 5, 2 ** 31 - 1));
      this.#expiry.unref();
    };
    ask().then(
      (ms) => {
        if (ms !== null) arm(ms);
      },
      (err: unknown) => {
        // Unknown: keep nothing longer than a minute.
        this.log?.warn({ err }, 'caché del catálogo: no se pudo leer el próximo cambio por fecha');
        arm(60_000);
      },
    );
  }

  /**
   * The cached value of `key`, or `load()`'s, kept (if `keep` agrees) only if no catalog change arrived while it
   * was read, and only while invalidations are being received. Callers treat the value as immutable.
   */
  remember<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    return this.#remember('values', key, load, keep);
  }

  /** `remember` in the `typed` store. */
  rememberTyped<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.#remember('typed', key, load, () => true);
  }

  async #remember<T>(
    store: 'values' | 'typed',
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean,
  ): Promise<T> {
    if (!this.enabled) return load();
    const hit = this[store].get(key);
    countCacheLookup(store, hit !== undefined);
    if (hit) return hit.value as T;
    const version = this.version;
    const value = await load();
    if (this.enabled && this.version === version && keep(value)) this[store].set(key, { value });
    return value;
  }

  /**
   * Resolves once every notification committed before this call has been handled here: notifications reach a
   * listener in commit order, so receiving our own marker means the earlier ones came first. A mutation waits
   * for it before answering, so the next read on this instance cannot see what it changed from the cache.
   * Markers leave one at a time on the LISTEN connection; every sync that starts while one is still waiting to
   * leave shares it (it is sent after all of them started), so concurrent mutations add no queue.
   */
  sync(timeoutMs = 2000): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    if (this.#unsent) return this.#unsent.done;
    const marker = { done: Promise.resolve() };
    this.#unsent = marker;
    marker.done = this.#marker(timeoutMs, () => {
      if (this.#unsent === marker) this.#unsent = null;
    });
    return marker.done;
  }

  async #marker(timeoutMs: number, leaving: () => void): Promise<void> {
    const token = randomUUID();
    const received = new Promise<void>((resolve) => this.#waiters.set(token, resolve));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        // Unconfirmed: be safe rather than fast.
        this.invalidate();
        resolve();
      }, timeoutMs);
    });
    try {
      await this.#listener.notify(`${SYNC_PREFIX}${token}`, leaving);
      await Promise.race([received, timeout]);
    } catch {
      leaving();
      this.invalidate();
    } finally {
      clearTimeout(timer);
      this.#waiters.delete(token);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#expiry);
    await this.#listener.stop();
  }
}
