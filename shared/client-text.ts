import { z } from 'zod';

/**
 * How far past a field's own maximum a raw text may go before it is refused unread: the maximum is checked
 * after spaces are collapsed and ends trimmed, and nobody types more than twice the maximum in spaces.
 */
const RAW_SLACK = 2;

/**
 * A text a client sends, refused at once (with the field's own "too long" message) when its raw length passes
 * `RAW_SLACK` × `max`: no transform, rule or pattern after it ever reads more than that, so no text can cost
 * more to check than its limit allows. Chain the field's own rules after it.
 */
export function clientText(max: number, message: string) {
  return z.string().max(max * RAW_SLACK, { message, abort: true });
}
