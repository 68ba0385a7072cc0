import type { DataSource } from 'typeorm';
import { randomBytes } from 'node:crypto';
import { OrderEntity } from '../../server/src/modules/orders/order.entity.js';
import { OrderLineEntity } from '../../server/src/modules/orders/order-line.entity.js';
import { OrderTransitionEntity } from '../../server/src/modules/orders/order-transition.entity.js';
import type { OrderStatusValue } from '#shared/orders.js';
import { canonicalEmail } from '#shared/customer-email.js';

export interface FixtureOrder {
  status?: OrderStatusValue;
  createdAt?: Date;
  fullName?: string;
  email?: string;
  phone?: string;
  documentNumber?: string;
  municipalityName?: string;
  /** Units of the first size of the given product (reserved when PENDIENTE_PAGO). */
  quantity?: number;
  sizeId: number;
  productId: number;
  unitPrice: number;
}

/**
 * Inserts an order the way checkout stores one (order, one line, creation step) and holds its stock
 * (stock -= n, reserved += n) while it is unpaid.
 */
export async function insertOrder(ds: DataSource, o: FixtureOrder): Promise<OrderEntity> {
  const quantity = o.quantity ?? 1;
  const status = o.status ?? 'PAGADO';
  const subtotal = o.unitPrice * quantity;
  const shipping = subtotal >= 150_000 ? 0 : 16_500;
  const total = subtotal + shipping;
  const reference = `ENZ-${randomBytes(3).toString('hex').toUpperCase()}`;
  return ds.transaction(async (em) => {
    const values: Partial<OrderEntity> = {
      reference,
      status,
      paymentMethod: status === 'POR_CONFIRMAR' ? 'CASH_ON_DELIVERY' : 'CARD',
      fullName: o.fullName ?? 'María José Pérez',
      email: o.email ?? 'maria@example.com',
      emailCanonical: canonicalEmail(o.email ?? 'maria@example.com'),
      phone: o.phone ?? '3001234567',
      documentType: 'CC',
      documentNumber: o.documentNumber ?? '1020304050',
      departmentCode: '11',
      departmentName: 'Bogotá, D.C.',
      municipalityCode: '11001',
      municipalityName: o.municipalityName ?? 'Bogotá, D.C.',
      address: 'Calle 100 # 15-20, apto 301',
      neighborhood: 'Chicó',
      subtotal,
      discount: 0,
      discountCode: null,
      shipping,
      ivaIncluded: total - Math.round(total / 1.19),
      total,
      idempotencyKey: randomBytes(12).toString('hex'),
      expiresAt: new Date(Date.now() + 30 * 60_000),
      holdUntil: new Date(Date.now() + 60 * 60_000),
      ...(o.createdAt ? { createdAt: o.createdAt } : {}),
    };
    const tokenColumn = em
      .getRepository(OrderEntity)
      .metadata.columns.find((c) => c.databaseName.startsWith('access_token'));
    if (tokenColumn) (values as Record<string, unknown>)[tokenColumn.propertyName] = randomBytes(32).toString('hex');
    const inserted = await em.getRepository(OrderEntity).insert(values);
    const id = inserted.identifiers[0].id as number;
    await em.getRepository(OrderLineEntity).insert({
      orderId: id,
      productId: o.productId,
      sizeId: o.sizeId,
      name: 'Collar de prueba',
      sizeLabel: 'M',
      unitPrice: o.unitPrice,
      quantity,
      lineTotal: subtotal,
      imageUrl: null,
      categorySlug: 'collares',
      position: 0,
    });
    // A cash-on-delivery order starts waiting for the shop's call, with its stock held like an unpaid one.
    await em.getRepository(OrderTransitionEntity).insert({
      orderId: id,
      from: null,
      to: status === 'POR_CONFIRMAR' ? 'POR_CONFIRMAR' : 'PENDIENTE_PAGO',
      actor: 'cliente',
      note: null,
    });
    if (status === 'PENDIENTE_PAGO' || status === 'POR_CONFIRMAR') {
      await em.query('UPDATE product_size SET stock = stock - $1, reserved = reserved + $1 WHERE id = $2', [
        quantity,
        o.sizeId,
      ]);
    } else {
      await em.query('UPDATE product_size SET stock = stock - $1 WHERE id = $2', [quantity, o.sizeId]);
      await em
        .getRepository(OrderTransitionEntity)
        .insert({ orderId: id, from: 'PENDIENTE_PAGO', to: status, actor: 'pasarela', note: null });
    }
    return (await em.getRepository(OrderEntity).findOneBy({ id }))!;
  });
}
