import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { validatingStorage, type CartLine } from './cart-storage';
import { cartLinesAtom, discountCodeAtom, clearCartAtom } from './cart-atoms';

/**
 * The order placed from this browser's cart, remembered until its payment is approved (then the cart is
 * emptied) or until it ends unpaid (then only this memory goes; the cart stays). `cart` is the cart it
 * was placed from: a different cart means the shopper changed it, and the order is let go.
 */
export interface PendingOrder {
  reference: string;
  token: string;
  cart: string;
}

export const PENDING_ORDER_STORAGE_KEY = 'enzo.order.v1';

const REFERENCE = /^ENZ-[A-Z0-9]{6}$/;

export function parsePendingOrder(raw: string | null): PendingOrder | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingOrder> | null;
    if (!value || typeof value.reference !== 'string' || !REFERENCE.test(value.reference)) return null;
    if (
      typeof value.token !== 'string' ||
      value.token.length < 16 ||
      value.token.length > 64 ||
      typeof value.cart !== 'string'
    )
      return null;
    return { reference: value.reference, token: value.token, cart: value.cart };
  } catch {
    return null;
  }
}

/** A cart's identity: its lines (order-independent) and its discount code. */
export function cartSignature(lines: readonly CartLine[], code: string): string {
  const parts = lines.map((l) => `${l.productId}:${l.sizeId}:${l.quantity}`).sort();
  return `${parts.join(',')}|${code.trim().toUpperCase()}`;
}

export const pendingOrderAtom = atomWithStorage<PendingOrder | null>(
  PENDING_ORDER_STORAGE_KEY,
  null,
  validatingStorage(parsePendingOrder),
  { getOnInit: true },
);

/** The signature of the cart as it is now. */
export const cartSignatureAtom = atom((get) => cartSignature(get(cartLinesAtom), get(discountCodeAtom)));

/** Remembers an order just placed from the current cart (the cart is kept until the payment is approved). */
export const rememberOrderAtom = atom(null, (get, set, order: { reference: string; token: string }) => {
  set(pendingOrderAtom, { ...order, cart: get(cartSignatureAtom) });
});

/** Forgets the remembered order (it ended unpaid or was let go); the cart stays. */
export const forgetOrderAtom = atom(null, (_get, set) => set(pendingOrderAtom, null));

/**
 * The remembered order was paid: its cart is bought, so both go. Products added to the cart after the
 * order was placed stay (the cart is emptied only when it is still the order's).
 */
export const orderPaidAtom = atom(null, (get, set, reference: string) => {
  const order = get(pendingOrderAtom);
  if (order?.reference !== reference) return;
  if (order.cart === get(cartSignatureAtom)) set(clearCartAtom);
  set(pendingOrderAtom, null);
});
