import { describe, expect, it } from 'vitest';
import { isTrackingParam, splitTrackingParams, withTrackingParams, withoutTrackingParams } from './tracking-params.js';

describe('tracking params', () => {
  it('knows the ad-click and campaign parameters, in any case', () => {
    for (const name of ['fbclid', 'gclid', 'utm_source', 'UTM_Campaign', 'utm_content', 'msclkid', 'ttclid', '_gl'])
      expect(isTrackingParam(name), name).toBe(true);
    for (const name of ['q', 'talla', 'orden', 'precio', 'token', 'utm', 'page'])
      expect(isTrackingParam(name), name).toBe(false);
  });

  it('drops them from a URL and keeps every other parameter in its order and spelling', () => {
    expect(withoutTrackingParams('/collares?talla=M&utm_source=fb&orden=precio-asc&fbclid=IwAR1')).toBe(
      '/collares?talla=M&orden=precio-asc',
    );
    expect(withoutTrackingParams('/buscar?q=pechera%20roja&gclid=abc')).toBe('/buscar?q=pechera%20roja');
    expect(withoutTrackingParams('/pechera/12/pechera-roja?utm_medium=cpc&utm_campaign=x')).toBe(
      '/pechera/12/pechera-roja',
    );
    expect(withoutTrackingParams('/collares?talla=M')).toBe('/collares?talla=M');
    expect(withoutTrackingParams('/collares')).toBe('/collares');
    expect(withoutTrackingParams('/collares?%E0%A4%A=1&utm_x=2')).toBe('/collares?%E0%A4%A=1');
    expect(withoutTrackingParams('/x?utm%5Fsource=a&b=1')).toBe('/x?b=1');
  });

  it('gives the removed parameters back so a redirect keeps them', () => {
    const { url, tracking } = splitTrackingParams('/collares/1/otro?talla=M&utm_source=wa&gclid=x');
    expect(url).toBe('/collares/1/otro?talla=M');
    expect(tracking).toEqual(['utm_source=wa', 'gclid=x']);
    expect(withTrackingParams('/collares/1/collar?talla=M', tracking)).toBe(
      '/collares/1/collar?talla=M&utm_source=wa&gclid=x',
    );
    expect(withTrackingParams('/collares/1/collar', ['fbclid=1'])).toBe('/collares/1/collar?fbclid=1');
    expect(withTrackingParams('/collares', [])).toBe('/collares');
  });
});
