import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#shared/shop.js';
/** The synchronous storage shape `atomWithStorage` accepts. */
export interface SyncStorage<T> {
  getItem: (key: string, initialValue: T) => T;
  setItem: (key: string, value: T) => void;
  removeItem: (key: string) => void;
  subscribe?: (key: string, callback: (value: T) => void, initialValue: T) => (() => void) | undefined;
}

/**
 * What the product page showed when the line was added: the drawer draws the line at once with it, before the
 * server's quote prices it (the quote's own name, picture and size replace it then). Never a price.
 */
export interface LineShown {
  name: string;
  sizeLabel: string;
  /** The product's page (`/collares/12/collar-miel`). */
  href: string;
  categorySlug: string;
  categoryName: string;
  /** The product's first picture. */
  image: string | null;
}

/** One cart line as stored in the browser: ids, a quantity and what it looked like, never a price. */
export interface CartLine {
  productId: string;
  sizeId: string;
  quantity: number;
  shown?: LineShown;
}

export interface StoredCart {
  version: 1;
  lines: CartLine[];
}

export const CART_STORAGE_KEY = 'enzo.cart.v1';
export const DISCOUNT_STORAGE_KEY = 'enzo.discount.v1';
export const EMPTY_CART: StoredCart = { version: 1, lines: [] };

const ID = /^\d{1,9}$/;

function isLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false;
  const l = value as Record<string, unknown>;
  return (
    typeof l.productId === 'string' &&
    ID.test(l.productId) &&
    typeof l.sizeId === 'string' &&
    ID.test(l.sizeId) &&
    typeof l.quantity === 'number' &&
    Number.isInteger(l.quantity) &&
    l.quantity >= 1 &&
    l.quantity <= MAX_LINE_QUANTITY
  );
}

const text = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/** What a stored line says it looked like, if it is well formed (anything else: the line waits for its quote). */
function readShown(value: unknown): LineShown | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const image =
    v.image === null || (text(v.image, 1000) && /^(?:\/(?!\/)|https:\/\/)/.test(v.image)) ? v.image : undefined;
  if (
    !text(v.name, 200) ||
    !text(v.sizeLabel, 40) ||
    !text(v.href, 300) ||
    !/^\/(?!\/)[\w./-]*$/.test(v.href) ||
    !text(v.categorySlug, 40) ||
    !/^[a-z0-9-]+$/.test(v.categorySlug) ||
    !text(v.categoryName, 80) ||
    image === undefined
  )
    return undefined;
  return {
    name: v.name,
    sizeLabel: v.sizeLabel,
    href: v.href,
    categorySlug: v.categorySlug,
    categoryName: v.categoryName,
    image,
  };
}

/** Anything unreadable or from another version becomes an empty cart; bad lines are dropped. */
export function parseStoredCart(raw: string | null): StoredCart {
  if (!raw) return EMPTY_CART;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return EMPTY_CART;
    const { version, lines } = value as Record<string, unknown>;
    if (version !== 1 || !Array.isArray(lines)) return EMPTY_CART;
    const valid = lines.filter(isLine).slice(0, MAX_CART_LINES);
    return {
      version: 1,
      lines: valid.map(({ productId, sizeId, quantity, shown }) => {
        const readable = readShown(shown);
        return readable ? { productId, sizeId, quantity, shown: readable } : { productId, sizeId, quantity };
      }),
    };
  } catch {
    return EMPTY_CART;
  }
}

export function parseStoredCode(raw: string | null): string {
  if (!raw) return '';
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' && value.length <= 40 ? value : '';
  } catch {
    return '';
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * A localStorage-backed jotai storage that validates what it reads (also from other tabs,
 * through the `storage` event) and never throws (private mode, quota, disabled storage).
 */
export function validatingStorage<T>(parse: (raw: string | null) => T): SyncStorage<T> {
  return {
    getItem: (key) => parse(safeLocalStorage()?.getItem(key) ?? null),
    setItem: (key, value) => {
      try {
        safeLocalStorage()?.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the cart still works for this visit.
      }
    },
    removeItem: (key) => {
      try {
        safeLocalStorage()?.removeItem(key);
      } catch {
        // Ignored, as above.
      }
    },
    subscribe: (key, callback) => {
      if (typeof window === 'undefined') return () => undefined;
      const onStorage = (e: StorageEvent) => {
        if (e.storageArea === safeLocalStorage() && e.key === key) callback(parse(e.newValue));
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
