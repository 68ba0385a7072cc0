/**
 * Values read from the database that change only when staff change them (shipping terms, the contraentrega
 * switch, the server render's catalog queries), kept by this instance until the next change anywhere.
 * Implemented by the catalog cache, which every instance invalidates on the catalog's `NOTIFY`
 * (modules/cache/catalog-cache.ts); without its LISTEN connection every call reads. Reads inside a transaction
 * (placing an order) never go through it: they read the row itself.
 */
export interface ReadCache {
  /** `keep`: whether a loaded value may be kept (e.g. not a result with errors); every value by default. */
  remember<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /**
   * The same, for values keyed by what a visitor typed (search suggestions): kept apart, in a small store of their
   * own, so that text anyone can send never pushes the shop's own reads out.
   */
  rememberTyped<T>(key: string, load: () => Promise<T>): Promise<T>;
}
