import { describe, expect, it } from 'vitest';
import { SHOPPER_STATUS_EMAILS } from './order-status-email.js';
import type { OrderEntity } from './order.entity.js';
import type { OrderLineEntity } from './order-line.entity.js';

const order = {
  id: 7,
  reference: 'ENZ-7K3Q9D',
  fullName: 'José Ñáñez Gómez',
  email: 'jose@correo.com',
  address: 'Calle 10 # 5-20',
  neighborhood: null,
  municipalityName: 'Cúcuta',
  departmentName: 'Norte de Santander',
  phone: '3154827760',
  subtotal: 84000,
  discount: 0,
  discountCode: null,
  shipping: 16500,
  total: 100500,
  ivaIncluded: 16046,
  carrier: 'servientrega',
  trackingNumber: '2150001234',
  refundPending: false,
  refunded: 0,
  expiresAt: new Date('2025-11-12T20:45:00Z'),
} as unknown as OrderEntity;
const lines = [
  { name: 'Collar <Miel>', sizeLabel: 'M', quantity: 2, unitPrice: 42000, lineTotal: 84000 },
] as OrderLineEntity[];
const links = { orderUrl: 'https://enzo.com.co/pago-exitoso?ref=ENZ-7K3Q9D&token=t', publicUrl: 'https://enzo.com.co' };

describe('shopper status emails', () => {
  it('shipped: carrier, guide and the carrier’s tracking link in both parts', () => {
    const mail = SHOPPER_STATUS_EMAILS.shipped(order, lines, links);
    expect(mail.subject).toBe('Tu pedido ENZ-7K3Q9D va en camino · Enzo');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Servientrega');
      expect(part).toContain('2150001234');
      expect(part).toContain('https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=2150001234');
    }
    expect(mail.text).toContain(`Ver el estado de tu pedido: ${links.orderUrl}`);
  });

  it('shipped with another carrier: the guide as text, no invented link', () => {
    const mail = SHOPPER_STATUS_EMAILS.shipped({ ...order, carrier: 'Mensajero propio' } as OrderEntity, lines, links);
    expect(mail.text).toContain('Puedes seguir el envío con Mensajero propio usando el número de guía 2150001234.');
    expect(mail.html).not.toContain('servientrega.com');
  });

  it('reminder and decline: the deadline in Bogotá time and a link to pay, lines escaped', () => {
    const reminder = SHOPPER_STATUS_EMAILS.paymentReminder(order, lines, links);
    expect(reminder.text).toContain('12 de noviembre a las 3:45 p. m.');
    expect(reminder.text).toContain(`Terminar el pago: ${links.orderUrl}`);
    expect(reminder.html).toContain('Collar &lt;Miel&gt;');
    const declined = SHOPPER_STATUS_EMAILS.declined(order, lines, links);
    expect(declined.text).toMatch(/no se hizo ningún cobro/);
    expect(declined.text).toContain('con tarjeta, PSE, Nequi o Botón Bancolombia');
  });

  it('cancelled: says whether money comes back', () => {
    expect(SHOPPER_STATUS_EMAILS.cancelled(order, lines, links).text).toContain('No se hizo ningún cobro.');
    expect(
      SHOPPER_STATUS_EMAILS.cancelled({ ...order, refundPending: true } as OrderEntity, lines, links).text,
    ).toContain('te devolveremos $ 100.500');
  });

  it('names no staff member and shows no staff note', () => {
    for (const render of Object.values(SHOPPER_STATUS_EMAILS)) {
      const mail = render(order, lines, links);
      expect(mail.text).not.toMatch(/@enzo|personal|nota/i);
    }
  });
});
