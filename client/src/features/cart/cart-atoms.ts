import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#shared/shop.js';
import {
  CART_STORAGE_KEY,
  DISCOUNT_STORAGE_KEY,
  EMPTY_CART,
  parseStoredCart,
  parseStoredCode,
  validatingStorage,
  type CartLine,
  type StoredCart,
} from './cart-storage';

/** The persisted cart (`enzo.cart.v1`), shared with other tabs. */
export const storedCartAtom = atomWithStorage<StoredCart>(
  CART_STORAGE_KEY,
  EMPTY_CART,
  validatingStorage(parseStoredCart),
  { getOnInit: true },
);

/** Discount code typed by the shopper (validated by the server on every quote). */
export const discountCodeAtom = atomWithStorage<string>(DISCOUNT_STORAGE_KEY, '', validatingStorage(parseStoredCode), {
  getOnInit: true,
});

/**
 * A code the shop refused when the order was placed (a rule about who is buying, or it ran out meanwhile): the code
 * is dropped so every figure is quoted without it, and the code field says why until the shopper types another.
 */
export const refusedCodeAtom = atom<{ code: string; message: string } | null>(null);

/** Drops the code after placeOrder refused it, remembering why. */
export const refuseCodeAtom = atom(null, (_get, set, refused: { code: string; message: string }) => {
  set(discountCodeAtom, '');
  set(refusedCodeAtom, refused);
});

/** Cart lines; writing replaces them (kept within the line and quantity limits). */
export const cartLinesAtom = atom(
  (get) => get(storedCartAtom).lines,
  (_get, set, lines: CartLine[]) => {
    const valid = lines
      .filter((l) => l.quantity >= 1)
      .map((l) => ({ ...l, quantity: Math.min(Math.floor(l.quantity), MAX_LINE_QUANTITY) }));
    set(storedCartAtom, { version: 1, lines: valid.slice(0, MAX_CART_LINES) });
  },
);

/** Badge figure: the sum of quantities. */
export const cartCountAtom = atom((get) => get(cartLinesAtom).reduce((n, l) => n + l.quantity, 0));

/** Whether the cart drawer is open. */
export const cartOpenAtom = atom(false);

/** Whether the mobile menu drawer is open (on phones it holds the cart entry too). */
export const mobileMenuOpenAtom = atom(false);

const sameLine = (a: { productId: string; sizeId: string }, b: { productId: string; sizeId: string }) =>
  a.productId === b.productId && a.sizeId === b.sizeId;

/** Why the cart did not take what the shopper asked for (shown in the drawer), or null. */
export const cartNoticeAtom = atom<string | null>(null);

/** `Solo queda 1 unidad de talla M y ya está en tu carro.` */
export function stockLimitNotice(available: number, sizeLabel?: string): string {
  const size = sizeLabel ? ` de talla ${sizeLabel}` : '';
  return available === 1
    ? `Solo queda 1 unidad${size} y ya está en tu carro.`
    : `Solo quedan ${available} unidades${size} y ya están en tu carro.`;
}

/** A line to add; `available` (the size's stock when the shopper chose it) caps the line's quantity. */
export interface AddToCart extends CartLine {
  available?: number;
  sizeLabel?: string;
}

/** Adds units of a size (merging with an existing line, never past the stock it knows) and opens the drawer. */
export const addToCartAtom = atom(null, (get, set, { available, sizeLabel, ...line }: AddToCart) => {
  const lines = get(cartLinesAtom);
  const existing = lines.find((l) => sameLine(l, line));
  const wanted = (existing?.quantity ?? 0) + line.quantity;
  const cap = Math.min(MAX_LINE_QUANTITY, available ?? MAX_LINE_QUANTITY);
  const quantity = Math.max(existing?.quantity ?? 0, Math.min(wanted, cap));
  set(cartNoticeAtom, wanted > cap && cap > 0 ? stockLimitNotice(cap, sizeLabel) : null);
  if (quantity >= 1)
    set(
      cartLinesAtom,
      existing
        ? lines.map((l) => (l === existing ? { ...l, ...(line.shown ? { shown: line.shown } : {}), quantity } : l))
        : [...lines, { ...line, quantity }],
    );
  set(mobileMenuOpenAtom, false);
  set(cartOpenAtom, true);
});

/**
 * Sets a line's quantity (`quantity`), or moves it by `by` from what the cart holds now (the stepper: two
 * quick taps add two even before the quote refreshes); capped by `max`, what the quote says can be bought.
 */
export const setLineQuantityAtom = atom(
  null,
  (
    get,
    set,
    {
      productId,
      sizeId,
      quantity,
      by,
      max,
    }: { productId: string; sizeId: string; quantity?: number; by?: number; max?: number },
  ) => {
    set(cartNoticeAtom, null);
    set(
      cartLinesAtom,
      get(cartLinesAtom).map((l) => {
        if (!sameLine(l, { productId, sizeId })) return l;
        // A step never removes the line (that is `Eliminar`).
        const wanted = quantity ?? Math.max(1, l.quantity + (by ?? 0));
        return { ...l, quantity: max !== undefined && max > 0 ? Math.min(wanted, max) : wanted };
      }),
    );
  },
);

export const removeLineAtom = atom(null, (get, set, key: { productId: string; sizeId: string }) => {
  set(cartNoticeAtom, null);
  set(
    cartLinesAtom,
    get(cartLinesAtom).filter((l) => !sameLine(l, key)),
  );
});

/** Empties the cart and forgets the code (after an order is placed). */
export const clearCartAtom = atom(null, (_get, set) => {
  set(storedCartAtom, EMPTY_CART);
  set(discountCodeAtom, '');
});

/** Closes the cart and the mobile menu together (Ir a Pagar, navigation). */
export const closeDrawersAtom = atom(null, (_get, set) => {
  set(cartOpenAtom, false);
  set(mobileMenuOpenAtom, false);
});
