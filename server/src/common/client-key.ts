import ipaddr from 'ipaddr.js';

/**
 * The key every per-client limit and cap counts under, derived from the client address (as TRUST_PROXY
 * allows it to be read). An IPv4 client is its address; an IPv6 client is its /64, because one subscriber
 * is usually handed a whole /64 and can pick any address inside it, so counting single IPv6 addresses lets
 * one person walk past every limit. An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, how a dual-stack socket
 * reports IPv4 clients) is the IPv4 address. A zone id (`fe80::1%eth0`) is dropped. Anything that does not
 * parse as an address shares one key, so garbage cannot mint fresh keys either.
 */
export function clientKey(address: string | null | undefined): string {
  if (!address) return UNKNOWN_CLIENT;
  const zone = address.indexOf('%');
  const raw = address.length > 64 ? '' : zone < 0 ? address : address.slice(0, zone);
  // Only the usual dotted quad for IPv4: ipaddr.js also reads legacy forms such as `1.2.3`.
  if (!ipaddr.IPv4.isValidFourPartDecimal(raw) && !ipaddr.IPv6.isValid(raw)) return UNKNOWN_CLIENT;
  const parsed = ipaddr.process(raw);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** The key of a client whose address is unknown or unreadable (all such clients count together). */
export const UNKNOWN_CLIENT = 'desconocido';
