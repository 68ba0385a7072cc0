import { describe, expect, it } from 'vitest';
import { canonicalPathFor } from './canonical-path.js';

describe('canonicalPathFor', () => {
  it('drops trailing and repeated slashes of fixed pages', () => {
    expect(canonicalPathFor('/chaquetas/')).toBe('/chaquetas');
    expect(canonicalPathFor('/chaquetas//')).toBe('/chaquetas');
    expect(canonicalPathFor('//collares')).toBe('/collares');
  });

  it('fixes the letter case to the route table’s spelling', () => {
    expect(canonicalPathFor('/COLLARES')).toBe('/collares');
    expect(canonicalPathFor('/pecherasbackpack/')).toBe('/pecherasBackpack');
    expect(canonicalPathFor('/tratamientodatos')).toBe('/TratamientoDatos');
  });

  it('lower-cases product URLs and leaves the rest to the product page', () => {
    expect(canonicalPathFor('/COLLARES/12/collar-cuero')).toBe('/collares/12/collar-cuero');
    expect(canonicalPathFor('/arnes/4/')).toBeNull();
    expect(canonicalPathFor('/collares/12/collar-cuero/')).toBeNull();
  });

  it('leaves canonical and unknown paths alone', () => {
    expect(canonicalPathFor('/')).toBeNull();
    expect(canonicalPathFor('/chaquetas')).toBeNull();
    expect(canonicalPathFor('/pecherasBackpack')).toBeNull();
    expect(canonicalPathFor('/no-existe/')).toBeNull();
    expect(canonicalPathFor('/detail-order/5')).toBeNull();
  });
});
