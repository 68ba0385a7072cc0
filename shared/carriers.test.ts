import { describe, expect, it } from 'vitest';
import { carrierDisplayName, findCarrier, trackingUrl } from './carriers.js';

describe('carrier tracking links', () => {
  it('builds each listed carrier’s link from the guide number', () => {
    expect(trackingUrl('Servientrega', '2150001234')).toBe(
      'https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=2150001234',
    );
    expect(trackingUrl('coordinadora', ' 98765432101 ')).toBe(
      'https://coordinadora.com/rastreo/rastreo-de-guia/detalle-de-rastreo-de-guia/?guia=98765432101',
    );
    expect(trackingUrl('Inter Rapidísimo', '700012')).toBe('https://interrapidisimo.com/sigue-tu-envio/?guia=700012');
    expect(trackingUrl('ENVÍA', '0123')).toMatch(/^https:\/\/envia\.co\/.*0123$/);
  });

  it('encodes the guide number and has no link for other carriers or a missing guide', () => {
    expect(trackingUrl('Servientrega', 'A B/1&x')).toContain('A%20B%2F1%26x');
    expect(trackingUrl('Mensajero propio', '123')).toBeNull();
    expect(trackingUrl('Servientrega', '  ')).toBeNull();
    expect(trackingUrl(null, '123')).toBeNull();
  });

  it('writes listed carriers their own way and others as typed', () => {
    expect(findCarrier('interrapidisimo')?.name).toBe('Interrapidísimo');
    expect(carrierDisplayName('servientrega')).toBe('Servientrega');
    expect(carrierDisplayName(' Mensajero propio ')).toBe('Mensajero propio');
  });
});
