import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { ReadCache } from '../../common/read-cache.js';

/**
 * Channel that the `enzo_notify_catalog_change` triggers notify (created by migration
 * 1765300000000-catalog-change-notify, one more table in 1765500000000-payment-options-notify).
 * tests/api/catalog-notify-coverage.test.ts fails when a table that a cached read touches has no such trigger.
 */
export const CATALOG_CHANNEL = 'enzo_catalog';
const SYNC_PREFIX = 'sync:';

export interface CachedPage {
  status: number;
  /** The page as sent: UTF-8, encoded once when it was rendered. */
  body: Buffer;
  etag: string;
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
    maxSize: 24 * 1024 * 1024,
    sizeCalculation: (p) => p.body.length + 200,
  });
  readonly reads = new LRUCache<string, CachedRead>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (r) => r.body.length * 2 + 200,
  });
  /**
   * ReadCache values (treated as immutable): the server render's in-process query results, and the settings
   * quotes read (shipping terms per destination, the contraentrega settings). Sized by their JSON: a JavaScript
   * object takes about twice the characters it serialises to (property slots, hidden classes, headers).
   */
  readonly values = new LRUCache<string, { value: unknown }>({
    maxSize: 24 * 1024 * 1024,
    sizeCalculation: ({ value }) => valueSize(value),
  });
  /** Bumped on every invalidation: work that started under an older version does not store its result. */
  version = 0;
  #client: pg.Client | null = null;
  #listening = false;
  #stopped = false;
  #retry: NodeJS.Timeout | undefined;
  #waiters = new Map<string, () => void>();
  /** Statements on the LISTEN connection, one at a time (pg clients do not queue them for us). */
  #queue: Promise<unknown> = Promise.resolve();
  /** The sync marker queued on the LISTEN connection and not sent yet. */
  #unsent: { done: Promise<void> } | null = null;

  constructor(
    private readonly databaseUrl: string | null,
    private readonly log?: Logger,
  ) {}

  /** True while invalidations are being received: only then may anything be cached. */
  get enabled(): boolean {
    return this.#listening;
  }

  async start(): Promise<void> {
    if (!this.databaseUrl) return;
    await this.#connect().catch((err: unknown) => {
      this.log?.warn({ err }, 'caché del catálogo: sin LISTEN, se reintenta');
      this.#scheduleReconnect();
    });
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl!, application_name: 'enzo-catalog-cache' });
    client.on('notification', (msg) => {
      if (msg.channel !== CATALOG_CHANNEL) return;
      if (msg.payload?.startsWith(SYNC_PREFIX)) {
        this.#waiters.get(msg.payload.slice(SYNC_PREFIX.length))?.();
        return;
      }
      this.invalidate();
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    await client.connect();
    await client.query(`LISTEN ${CATALOG_CHANNEL}`);
    if (this.#stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    // Anything changed while not listening is unknown: start empty.
    this.invalidate();
    this.#listening = true;
  }

  #lost(client: pg.Client) {
    if (this.#client !== client) return;
    this.#client = null;
    this.#listening = false;
    this.invalidate();
    if (!this.#stopped) {
      this.log?.warn('caché del catálogo: se perdió la conexión LISTEN; sin caché hasta reconectar');
      this.#scheduleReconnect();
    }
  }

  #scheduleReconnect() {
    if (this.#stopped || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#connect().catch(() => this.#scheduleReconnect());
    }, 1000);
    this.#retry.unref();
  }

  invalidate(): void {
    this.version++;
    this.pages.clear();
    this.reads.clear();
    this.values.clear();
  }

  /**
   * The cached value of `key`, or `load()`'s, kept (if `keep` agrees) only if no catalog change arrived while it
   * was read, and only while invalidations are being received. Callers treat the value as immutable.
   */
  async remember<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.values.get(key);
    if (hit) return hit.value as T;
    const version = this.version;
    const value = await load();
    if (this.enabled && this.version === version && keep(value)) this.values.set(key, { value });
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
    const client = this.#client;
    if (!client) return Promise.resolve();
    if (this.#unsent) return this.#unsent.done;
    const marker = { done: Promise.resolve() };
    this.#unsent = marker;
    marker.done = this.#marker(client, timeoutMs, () => {
      if (this.#unsent === marker) this.#unsent = null;
    });
    return marker.done;
  }

  async #marker(client: pg.Client, timeoutMs: number, leaving: () => void): Promise<void> {
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
      const sent = this.#queue.then(() => {
        leaving();
        return client.query(`SELECT pg_notify($1, $2)`, [CATALOG_CHANNEL, `${SYNC_PREFIX}${token}`]);
      });
      this.#queue = sent.catch(() => undefined);
      await sent;
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
    clearTimeout(this.#retry);
    this.#listening = false;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }
}
