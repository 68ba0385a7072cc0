import { describe, expect, it } from 'vitest';
import { checkProductLocation } from './product-location';

const collar = { id: '7', slug: 'collar-cuero-miel', category: { slug: 'collares' }, collections: [] };
const arnes = { id: '20', slug: 'arnes-bosque', category: { slug: 'arneses' }, collections: [] };
const bandana = { id: '30', slug: 'bandana-calabaza', category: { slug: 'bandanas' }, collections: ['halloween'] };

describe('checkProductLocation', () => {
  it('accepts the canonical URL of each shape', () => {
    expect(checkProductLocation('/collares/7/collar-cuero-miel', collar)).toEqual({ kind: 'ok' });
    expect(checkProductLocation('/arnes/20/', arnes)).toEqual({ kind: 'ok' });
    expect(checkProductLocation('/bandana/halloween/30/bandana-calabaza', bandana)).toEqual({ kind: 'ok' });
  });

  it('redirects a wrong or missing slug to the canonical URL', () => {
    expect(checkProductLocation('/collares/7/otro-nombre', collar)).toEqual({
      kind: 'redirect',
      to: '/collares/7/collar-cuero-miel',
    });
    expect(checkProductLocation('/arnes/20', arnes)).toEqual({ kind: 'redirect', to: '/arnes/20/' });
    expect(checkProductLocation('/arnes/20/arnes-bosque', arnes)).toEqual({ kind: 'redirect', to: '/arnes/20/' });
    expect(checkProductLocation('/bandana/30/bandana-calabaza', bandana)).toEqual({
      kind: 'redirect',
      to: '/bandana/halloween/30/bandana-calabaza',
    });
  });

  it('redirects the old URLs of a product staff moved to another category', () => {
    const moved = { ...collar, category: { slug: 'arneses' }, formerCategories: ['collares'] };
    expect(checkProductLocation('/collares/7/collar-cuero-miel', moved)).toEqual({ kind: 'redirect', to: '/arnes/7/' });
    expect(checkProductLocation('/correa/7/collar-cuero-miel', moved)).toEqual({ kind: 'not-found' });
  });

  it('refuses a product under another category route', () => {
    expect(checkProductLocation('/correa/7/collar-cuero-miel', collar)).toEqual({ kind: 'not-found' });
    expect(checkProductLocation('/chaqueta/20/arnes-bosque', arnes)).toEqual({ kind: 'not-found' });
  });
});
