import type { EntityManager } from 'typeorm';
import { queryOn } from '../../common/db.js';
import type { Env } from '../../config/env.js';
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

/** Who is placing an order: its idempotency key, the canonical email and the client key (null when unknown). */
export interface PlacementParties {
  key: string;
  email: string;
  clientAddress: string | null;
}

/** What the placement transaction reads once its locks are held. */
export interface PlacementState {
  /** The order an earlier request with the same idempotency key placed, if any. */
  earlierOrderId: number | null;
  /** Orders holding stock unpaid with this canonical email / from this client address. */
  openByEmail: number;
  openByClient: number;
}

/**
 * Serialises placements per idempotency key, canonical email and client address (`ana+1@` and `ana+2@` are one
 * customer), then reads, in one statement, the earlier order with the key and the open orders counted by the caps.
 * The locks come first in their own statement, always in this order (key, email, address), so concurrent placements
 * never deadlock; the reads come after it because a statement only sees the rows committed when it starts, so they
 * must start after the wait for the locks.
 */
export async function lockPlacement(m: EntityManager, parties: PlacementParties): Promise<PlacementState> {
  await queryOn(
    m,
    `SELECT pg_advisory_xact_lock(hashtext('order-key'), hashtext($1)),
            pg_advisory_xact_lock(hashtext('order-email'), hashtext($2)),
            CASE WHEN $3::text IS NOT NULL THEN pg_advisory_xact_lock(hashtext('order-client'), hashtext($3)) END`,
    [parties.key, parties.email, parties.clientAddress],
  );
  const {
    rows: [row],
  } = await queryOn<{ earlier_id: number | null; by_email: number; by_client: number }>(
    m,
    `SELECT (SELECT id FROM shop_order WHERE idempotency_key = $1) AS earlier_id,
            (SELECT count(*) FROM shop_order
              WHERE status IN ('PENDIENTE_PAGO', 'POR_CONFIRMAR') AND email_canonical = $2)::int AS by_email,
            (SELECT count(*) FROM shop_order
              WHERE status IN ('PENDIENTE_PAGO', 'POR_CONFIRMAR') AND client_address = $3)::int AS by_client`,
    [parties.key, parties.email, parties.clientAddress],
  );
  return { earlierOrderId: row!.earlier_id, openByEmail: row!.by_email, openByClient: row!.by_client };
}

/**
 * Anti-hoarding caps on a new order (units per size are the cart quote's, MAX_UNITS_PER_SIZE): units per order, and
 * orders holding stock unpaid (waiting for payment, or for the shop to confirm contraentrega) per email and per client
 * address, counted under the locks of `lockPlacement` so concurrent orders from one shopper are counted one after
 * another.
 */
export function orderLimitReached(
  env: Pick<Env, 'MAX_UNITS_PER_ORDER' | 'MAX_OPEN_ORDERS_PER_EMAIL' | 'MAX_OPEN_ORDERS_PER_CLIENT'>,
  order: { units: number; clientAddress: string | null },
  open: PlacementState,
): OrderLimitReached | null {
  if (order.units > env.MAX_UNITS_PER_ORDER) {
    return reached(
      'UNITS_PER_ORDER',
      env.MAX_UNITS_PER_ORDER,
      `Un pedido puede llevar hasta ${unitsText(env.MAX_UNITS_PER_ORDER)} en total y el tuyo tiene ${order.units}. Quita algunas o divide la compra en varios pedidos.`,
    );
  }
  if (open.openByEmail >= env.MAX_OPEN_ORDERS_PER_EMAIL) {
    return reached(
      'OPEN_ORDERS_PER_EMAIL',
      env.MAX_OPEN_ORDERS_PER_EMAIL,
      `Ya tienes ${countOf(open.openByEmail, 'pedido', 'pedidos')} esperando pago o confirmación con este correo. Paga o deja vencer alguno (se liberan en unos minutos), o espera nuestra llamada, antes de hacer otro.`,
    );
  }
  if (order.clientAddress && open.openByClient >= env.MAX_OPEN_ORDERS_PER_CLIENT) {
    return reached(
      'OPEN_ORDERS_PER_CLIENT',
      env.MAX_OPEN_ORDERS_PER_CLIENT,
      'Hay demasiados pedidos esperando pago desde tu conexión. Paga o deja vencer alguno antes de hacer otro, o escríbenos si necesitas ayuda.',
    );
  }
  return null;
}
