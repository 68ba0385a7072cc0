import { createHash } from 'node:crypto';
import { safeEqual } from '../../common/crypto.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Wompi's `signature:integrity`: SHA-256 hex of reference + amountInCents + currency + secret. */
export function integritySignature(
  reference: string,
  amountInCents: number,
  currency: string,
  integritySecret: string,
): string {
  return sha256(`${reference}${amountInCents}${currency}${integritySecret}`);
}

/** The Wompi event body (`transaction.updated`); properties are read from the event itself. */
export interface WompiTransaction {
  id: string;
  reference: string;
  amount_in_cents: number;
  status: string;
  currency?: string;
  payment_method_type?: string;
  customer_email?: string;
  redirect_url?: string;
  [key: string]: unknown;
}

export interface WompiEvent {
  event: string;
  data: { transaction: WompiTransaction };
  environment?: string;
  signature: { properties: string[]; checksum: string };
  timestamp: number;
  sent_at?: string;
}

function valueAt(data: unknown, path: string): string {
  let node: unknown = data;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return '';
    node = (node as Record<string, unknown>)[key];
  }
  return node === null || node === undefined ? '' : String(node);
}

/** Checksum = SHA-256 of the listed property values (paths inside `data`), then timestamp, then secret. */
export function eventChecksum(
  event: Pick<WompiEvent, 'data' | 'timestamp'> & { signature: { properties: string[] } },
  eventsSecret: string,
): string {
  const values = event.signature.properties.map((p) => valueAt(event.data, p)).join('');
  return sha256(`${values}${event.timestamp}${eventsSecret}`);
}

export function signEvent(
  event: Omit<WompiEvent, 'signature'> & { signature: { properties: string[] } },
  eventsSecret: string,
): WompiEvent {
  return {
    ...event,
    signature: { properties: event.signature.properties, checksum: eventChecksum(event, eventsSecret) },
  };
}

function isWompiEvent(body: unknown): body is WompiEvent {
  if (!body || typeof body !== 'object') return false;
  const e = body as Partial<WompiEvent>;
  return (
    typeof e.event === 'string' &&
    !!e.data &&
    typeof e.data === 'object' &&
    !!e.signature &&
    Array.isArray(e.signature.properties) &&
    e.signature.properties.every((p) => typeof p === 'string') &&
    typeof e.signature.checksum === 'string' &&
    (typeof e.timestamp === 'number' || typeof e.timestamp === 'string')
  );
}

/**
 * Verifies an event's checksum (and the `X-Event-Checksum` header when present) in constant time.
 * Returns the event when authentic, null otherwise.
 */
export function verifyEvent(
  body: unknown,
  headerChecksum: string | undefined,
  eventsSecret: string,
): WompiEvent | null {
  if (!isWompiEvent(body) || body.signature.properties.length === 0) return null;
  const expected = eventChecksum(body, eventsSecret).toLowerCase();
  if (!safeEqual(expected, body.signature.checksum.toLowerCase())) return null;
  if (headerChecksum !== undefined && !safeEqual(expected, headerChecksum.toLowerCase())) return null;
  return body;
}
