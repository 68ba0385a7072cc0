import { describe, expect, it } from 'vitest';
import { clientKey, UNKNOWN_CLIENT } from './client-key.js';

describe('clientKey', () => {
  it('keeps an IPv4 client as its own address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.8')).not.toBe(clientKey('203.0.113.7'));
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 clients by /64, whatever the spelling', () => {
    const key = clientKey('2001:db8::1');
    expect(key).toBe('2001:db8::/64');
    for (const other of ['2001:db8::b', '2001:db8:0:0:ffff:ffff:ffff:ffff', '2001:DB8:0000::42', '2001:db8::1%eth0'])
      expect(clientKey(other)).toBe(key);
    expect(clientKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8:0:1::1')).not.toBe(key);
  });

  it('puts unreadable or missing addresses under one key', () => {
    for (const bad of ['', null, undefined, 'not an ip', '1.2.3', 'x'.repeat(10_000), '2001:db8::1::2'])
      expect(clientKey(bad)).toBe(UNKNOWN_CLIENT);
  });
});
