import type { EntityManager } from 'typeorm';
import { queryOn } from '../../common/db.js';
import type { OrderEntity } from './order.entity.js';

/** A new order's line as quoted, before it has an id (its image is the product's first, read by the insert). */
export interface NewOrderLine {
  productId: number;
  sizeId: number;
  name: string;
  sizeLabel: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  discount: number;
  categorySlug: string;
}

/** The timeline entry that opens the order (OrderLifecycle.opening). */
export interface OpeningEntry {
  actor: string;
  note: string;
}

type NewOrder = Omit<OrderEntity, 'id' | 'createdAt' | 'updatedAt' | 'lines'>;

/** The columns of a new order, in the order of the statement's parameters. */
const ORDER_COLUMNS: ReadonlyArray<readonly [string, keyof NewOrder]> = [
  ['reference', 'reference'],
  ['access_token', 'accessToken'],
  ['status', 'status'],
  ['payment_method', 'paymentMethod'],
  ['full_name', 'fullName'],
  ['email', 'email'],
  ['email_canonical', 'emailCanonical'],
  ['phone', 'phone'],
  ['document_type', 'documentType'],
  ['document_number', 'documentNumber'],
  ['department_code', 'departmentCode'],
  ['department_name', 'departmentName'],
  ['municipality_code', 'municipalityCode'],
  ['municipality_name', 'municipalityName'],
  ['address', 'address'],
  ['neighborhood', 'neighborhood'],
  ['subtotal', 'subtotal'],
  ['discount', 'discount'],
  ['discount_code', 'discountCode'],
  ['shipping', 'shipping'],
  ['iva_included', 'ivaIncluded'],
  ['total', 'total'],
  ['payment_fee', 'paymentFee'],
  ['idempotency_key', 'idempotencyKey'],
  ['expires_at', 'expiresAt'],
  ['hold_until', 'holdUntil'],
  ['payment_reminder_at', 'paymentReminderAt'],
  ['client_address', 'clientAddress'],
  ['payment_attempt', 'paymentAttempt'],
  ['delivery_min_days', 'deliveryMinDays'],
  ['delivery_max_days', 'deliveryMaxDays'],
];

const ORDER_PARAMS = ORDER_COLUMNS.length;
const LINE_PARAMS = ORDER_PARAMS + 1;

/**
 * The order, its lines (each with its product's first image) and the opening timeline entry in one statement. A
 * reference already taken inserts nothing and answers null (ON CONFLICT on the reference only: the transaction stays
 * usable and the caller draws another); the same idempotency key twice still fails with a unique violation, which the
 * caller answers with the order that won. Columns left out take their defaults (no flags, nothing refunded or
 * collected, no carrier yet).
 */
export async function insertOrder(
  m: EntityManager,
  order: NewOrder,
  lines: NewOrderLine[],
  opening: OpeningEntry,
): Promise<Pick<OrderEntity, 'id' | 'createdAt' | 'updatedAt'> | null> {
  const columns = ORDER_COLUMNS.map(([column]) => column).join(', ');
  const values = ORDER_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  const p = (n: number) => `$${LINE_PARAMS + n}`;
  const {
    rows: [row],
  } = await queryOn<{ id: number; created_at: Date; updated_at: Date }>(
    m,
    `WITH o AS (
       INSERT INTO shop_order (${columns}) VALUES (${values})
       ON CONFLICT (reference) DO NOTHING
       RETURNING id, status, created_at, updated_at
     ), l AS (
       INSERT INTO order_line (order_id, product_id, size_id, name, size_label, unit_price, quantity, line_total,
                               discount, image_url, category_slug, position)
       SELECT o.id, r.product_id, r.size_id, r.name, r.size_label, r.unit_price, r.quantity, r.line_total, r.discount,
              (SELECT i.url FROM product_image i WHERE i.product_id = r.product_id ORDER BY i.position, i.id LIMIT 1),
              r.category_slug, (r.n - 1)::int
         FROM o, unnest(${p(0)}::int[], ${p(1)}::int[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::int[],
                        ${p(5)}::int[], ${p(6)}::int[], ${p(7)}::int[], ${p(8)}::text[])
              WITH ORDINALITY AS r(product_id, size_id, name, size_label, unit_price, quantity, line_total, discount,
                                   category_slug, n)
     ), t AS (
       INSERT INTO order_transition (order_id, from_status, to_status, actor, note)
       SELECT o.id, NULL, o.status, ${p(9)}, ${p(10)} FROM o
     )
     SELECT id, created_at, updated_at FROM o`,
    [
      ...ORDER_COLUMNS.map(([, field]) => order[field]),
      lines.map((l) => l.productId),
      lines.map((l) => l.sizeId),
      lines.map((l) => l.name),
      lines.map((l) => l.sizeLabel),
      lines.map((l) => l.unitPrice),
      lines.map((l) => l.quantity),
      lines.map((l) => l.lineTotal),
      lines.map((l) => l.discount),
      lines.map((l) => l.categorySlug),
      opening.actor,
      opening.note,
    ],
  );
  return row ? { id: row.id, createdAt: row.created_at, updatedAt: row.updated_at } : null;
}
