import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './customer-email.js';

describe('canonical email', () => {
  it('lower-cases, trims and drops the +tag', () => {
    expect(canonicalEmail('  Ana+Promo@Correo.COM ')).toBe('ana@correo.com');
    expect(canonicalEmail('ana+1@correo.com')).toBe(canonicalEmail('ana+2@correo.com'));
  });

  it('ignores dots only where the mailbox does (gmail.com, googlemail.com)', () => {
    expect(canonicalEmail('A.N.A@gmail.com')).toBe('ana@gmail.com');
    expect(canonicalEmail('a.na+x@googlemail.com')).toBe('ana@gmail.com');
    expect(canonicalEmail('a.na@correo.com')).toBe('a.na@correo.com');
  });

  it('keeps what it cannot read as an address, and cuts long text first', () => {
    expect(canonicalEmail('+tag@correo.com')).toBe('+tag@correo.com');
    expect(canonicalEmail('sin-arroba')).toBe('sin-arroba');
    expect(canonicalEmail(`${'a'.repeat(1_000_000)}@gmail.com`)).toHaveLength(254);
  });
});
