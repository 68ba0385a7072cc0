import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#shared/shop.js';
/** The synchronous storage shape `atomWithStorage` accepts. */
export interface SyncStorage<T> {
  getItem: (key: string, initialValue: T) => T;
  setItem: (key: string, value: T) => void;
  removeItem: (key: string) => void;
  subscribe?: (key: string, callback: (value: T) => void, initialValue: T) => (() => void) | undefined;
}

/** One cart line as stored in the browser: ids and a quantity, never a price. */
export interface CartLine {
  productId: string;
  sizeId: string;
  quantity: number;
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

/** Anything unreadable or from another version becomes an empty cart; bad lines are dropped. */
export function parseStoredCart(raw: string | null): StoredCart {
  if (!raw) return EMPTY_CART;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return EMPTY_CART;
    const { version, lines } = value as Record<string, unknown>;
    if (version !== 1 || !Array.isArray(lines)) return EMPTY_CART;
    const valid = lines.filter(isLine).slice(0, MAX_CART_LINES);
    return { version: 1, lines: valid.map(({ productId, sizeId, quantity }) => ({ productId, sizeId, quantity })) };
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
