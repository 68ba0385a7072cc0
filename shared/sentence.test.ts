import { describe, expect, it } from 'vitest';
import { endSentence } from './sentence.js';
import { formatShopDateTime, formatShopTime } from './order-tracking.js';

describe('endSentence', () => {
  it('adds the full stop a sentence lacks', () => {
    expect(endSentence('Tu pedido está esperando el pago')).toBe('Tu pedido está esperando el pago.');
  });

  it('adds none after a time of day: es-CO writes «a. m.» and «p. m.» with their own period', () => {
    const morning = new Date('2025-11-20T16:50:00Z'); // 11:50 in Bogotá
    const time = formatShopTime(morning);
    expect(time).toBe('11:50 a. m.');
    expect(endSentence(`Tus productos están apartados hasta las ${time}`)).toBe(
      'Tus productos están apartados hasta las 11:50 a. m.',
    );
    expect(endSentence(`Guardamos tus productos hasta el ${formatShopDateTime(morning)}`)).toBe(
      'Guardamos tus productos hasta el 20 de noviembre a las 11:50 a. m.',
    );
  });

  it('keeps a sentence that already ends with a stop, a question or an exclamation as it is', () => {
    expect(endSentence('¿Listo?')).toBe('¿Listo?');
    expect(endSentence('¡Listo! ')).toBe('¡Listo!');
    expect(endSentence('Listo.')).toBe('Listo.');
  });
});
