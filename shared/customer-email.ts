/**
 * One form of an email address for every rule that counts a customer's orders (open orders per email, a code's
 * per-customer limit, first purchase, «Consulta tu pedido»): `Ana.Perez+promo@GoogleMail.com` and
 * `anaperez@gmail.com` reach the same inbox, so they are the same customer. The server stores this form with each
 * order (`shop_order.email_canonical`) and compares it in SQL.
 */

/** Longest address the shop stores (RFC 5321's path limit): longer input is cut before anything else runs. */
export const EMAIL_MAX_LENGTH = 254;

/** Domains whose mailbox ignores dots in the local part (Gmail, both of its names). */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);

/**
 * Lower case, without the `+tag` of the local part; for gmail.com and googlemail.com also without dots, and
 * googlemail.com written as gmail.com. Anything without an `@` is only trimmed and lower-cased.
 */
export function canonicalEmail(email: string): string {
  const text = email
    .slice(0, EMAIL_MAX_LENGTH * 2)
    .trim()
    .toLowerCase()
    .slice(0, EMAIL_MAX_LENGTH);
  const at = text.lastIndexOf('@');
  if (at <= 0) return text;
  let local = text.slice(0, at);
  let domain = text.slice(at + 1);
  const plus = local.indexOf('+');
  // A local part that starts with `+` keeps it: there is no mailbox name before the tag.
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
