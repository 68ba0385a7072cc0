import { describe, expect, it } from 'vitest';
import { shopperConfirmationEmail } from './order-email.js';
import type { OrderEntity } from './order.entity.js';
import type { OrderLineEntity } from './order-line.entity.js';

const order = {
  reference: 'ENZ-7K3Q9D',
  fullName: 'José Ñáñez Gómez',
  address: 'Calle 10 # 5-20',
  neighborhood: 'La Candelaria',
  municipalityName: 'Bogotá D.C.',
  departmentName: 'Bogotá D.C.',
  phone: '3154827760',
  subtotal: 84000,
  discount: 8400,
  discountCode: 'BIENVENIDO10',
  shipping: 16500,
  total: 92100,
  ivaIncluded: 14705,
} as OrderEntity;
const lines = [
  { name: 'Collar de cuero Miel', sizeLabel: 'M', quantity: 2, unitPrice: 42000, lineTotal: 84000 },
] as OrderLineEntity[];

describe('shopper confirmation email', () => {
  const mail = shopperConfirmationEmail(order, lines, 'https://enzo.com.co/pago-exitoso?ref=ENZ-7K3Q9D&token=t');

  it('HTML and plain text carry the lines, the totals with IVA incluido and the address, in Spanish', () => {
    expect(mail.subject).toBe('Confirmación de tu pedido ENZ-7K3Q9D · Enzo');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Collar de cuero Miel');
      expect(part).toContain('$ 84.000');
      expect(part).toContain('BIENVENIDO10');
      expect(part).toContain('$ 16.500');
      expect(part).toContain('$ 92.100');
      expect(part).toContain('IVA incluido');
      expect(part).toContain('$ 14.705');
      expect(part).toContain('La Candelaria');
    }
    expect(mail.text).toContain('- Collar de cuero Miel · Talla M · 2 × $ 42.000 = $ 84.000');
    expect(mail.text).toContain('Ver el estado de tu pedido: https://enzo.com.co/pago-exitoso?ref=ENZ-7K3Q9D&token=t');
    // A place name ending in a period ("D.C.") is not followed by a second one.
    expect(mail.text).not.toContain('..');
  });
});
