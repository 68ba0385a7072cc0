import { randomBytes, randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: easy to read aloud and type from a receipt. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_PATTERN = /^ENZ-[2-9A-HJKMNP-Z]{6}$/;

export function newOrderReference(): string {
  let out = 'ENZ-';
  for (let i = 0; i < 6; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function newAccessToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The payment reference sent to the gateway: the order reference for the first attempt,
 * `ENZ-XXXXXX-2` for the second (Wompi wants a fresh reference per transaction).
 */
export function paymentReference(reference: string, attempt: number): string {
  return attempt <= 1 ? reference : `${reference}-${attempt}`;
}

export function orderReferenceFromPayment(paymentRef: string): string {
  const match = /^(ENZ-[A-Z0-9]{6})(?:-\d{1,3})?$/.exec(paymentRef);
  return match ? match[1] : paymentRef;
}
