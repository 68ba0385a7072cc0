/**
 * Values read from the database that change only when staff change them (shipping terms, the contraentrega
 * switch), kept by this instance until the next change anywhere. Implemented by the catalog cache, which every
 * instance invalidates on the catalog's `NOTIFY` (modules/cache/catalog-cache.ts). Reads inside a transaction
 * (placing an order) never go through it: they read the row itself.
 */
export interface ReadCache {
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** No cache: every call reads (tests and tools that run without the LISTEN connection). */
export const noReadCache: ReadCache = { remember: (_key, load) => load() };
