import type { EntityManager } from 'typeorm';
import type { Env } from '../../config/env.js';
import { canonicalEmail } from '#shared/customer-email.js';
import { countOf, unitsText } from '#shared/plural.js';

export type OrderLimitKind = 'UNITS_PER_ORDER' | 'OPEN_ORDERS_PER_EMAIL' | 'OPEN_ORDERS_PER_CLIENT';

export interface OrderLimitReached {
  __typename: 'OrderLimitReached';
  limit: OrderLimitKind;
  max: number;
  message: string;
}

const reached = (limit: OrderLimitKind, max: number, message: string): OrderLimitReached => ({
  __typename: 'OrderLimitReached',
  limit,
  max,
  message,
});

/**
 * Anti-hoarding caps on a new order (units per size are the cart quote's, MAX_UNITS_PER_SIZE): units
 * per order, and orders holding stock unpaid (waiting for payment, or for the shop to confirm contraentrega) per
 * email (its canonical form: `ana+1@` and `ana+2@` are one customer) and per client address. Checked inside the
 * placement transaction under advisory locks on the email and the address, so concurrent orders from
 * one shopper are counted one after another.
 */
export async function checkOrderLimits(
  m: EntityManager,
  env: Pick<Env, 'MAX_UNITS_PER_ORDER' | 'MAX_OPEN_ORDERS_PER_EMAIL' | 'MAX_OPEN_ORDERS_PER_CLIENT'>,
  order: { units: number; email: string; clientAddress: string | null },
): Promise<OrderLimitReached | null> {
  if (order.units > env.MAX_UNITS_PER_ORDER) {
    return reached(
      'UNITS_PER_ORDER',
      env.MAX_UNITS_PER_ORDER,
      `Un pedido puede llevar hasta ${unitsText(env.MAX_UNITS_PER_ORDER)} en total y el tuyo tiene ${order.units}. Quita algunas o divide la compra en varios pedidos.`,
    );
  }
  const email = canonicalEmail(order.email);
  // Both locks in one statement (email first, as every placement takes them), then both counts in the next: a
  // statement reads the rows committed when it starts, so the counts must come after the wait for the locks.
  await m.query(
    `SELECT pg_advisory_xact_lock(hashtext('order-email'), hashtext($1)),
            CASE WHEN $2::text IS NOT NULL THEN pg_advisory_xact_lock(hashtext('order-client'), hashtext($2)) END`,
    [email, order.clientAddress],
  );
  const [open] = (await m.query(
    `SELECT (SELECT count(*) FROM shop_order
              WHERE status IN ('PENDIENTE_PAGO', 'POR_CONFIRMAR') AND email_canonical = $1)::int AS by_email,
            (SELECT count(*) FROM shop_order
              WHERE status IN ('PENDIENTE_PAGO', 'POR_CONFIRMAR') AND client_address = $2)::int AS by_client`,
    [email, order.clientAddress],
  )) as Array<{ by_email: number; by_client: number }>;
  if (open!.by_email >= env.MAX_OPEN_ORDERS_PER_EMAIL) {
    return reached(
      'OPEN_ORDERS_PER_EMAIL',
      env.MAX_OPEN_ORDERS_PER_EMAIL,
      `Ya tienes ${countOf(open!.by_email, 'pedido', 'pedidos')} esperando pago o confirmación con este correo. Paga o deja vencer alguno (se liberan en unos minutos), o espera nuestra llamada, antes de hacer otro.`,
    );
  }
  if (order.clientAddress && open!.by_client >= env.MAX_OPEN_ORDERS_PER_CLIENT) {
    return reached(
      'OPEN_ORDERS_PER_CLIENT',
      env.MAX_OPEN_ORDERS_PER_CLIENT,
      'Hay demasiados pedidos esperando pago desde tu conexión. Paga o deja vencer alguno antes de hacer otro, o escríbenos si necesitas ayuda.',
    );
  }
  return null;
}
