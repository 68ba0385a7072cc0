import { In, type DataSource } from 'typeorm';
import { badInput } from '../../common/errors.js';
import { checkPageSize } from '../../common/cursor.js';
import { OrderEntity } from './order.entity.js';
import { OrderLineEntity } from './order-line.entity.js';
import { OrderTransitionEntity } from './order-transition.entity.js';
import { PaymentEventEntity } from './payment-event.entity.js';
import { orderWhere, type OrderFilter } from './order-filter.js';

export interface OrderPage {
  orders: Array<{ order: OrderEntity; cursor: string }>;
  hasNextPage: boolean;
  totalCount: number;
}

/** Keyset cursor on (created_at, id): the exact timestamp text from PostgreSQL plus the id. */
function encodeCursor(createdAtText: string, id: number): string {
  return Buffer.from(`k:${createdAtText}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: number } {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^k:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,10})$/.exec(raw);
  if (!match || Number.isNaN(new Date(match[1]).getTime()))
    throw badInput('El cursor de paginación no es válido.', 'after');
  return { createdAt: match[1], id: Number(match[2]) };
}

const SELECT_ORDERS = `SELECT o.id, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at FROM shop_order o`;

/** Reads of orders for staff: filtered, newest first, keyset-paginated; lines, payments and timeline batched. */
export class OrderQueries {
  constructor(private readonly ds: DataSource) {}

  /** Two statements per page whatever its size: the page (ids + cursor keys, then rows) and the count. */
  async list(
    filter: OrderFilter | null | undefined,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<OrderPage> {
    const size = checkPageSize(first, 100, 25);
    const where = orderWhere(filter);
    let sql = where.sql;
    const params = [...where.params];
    if (after) {
      const c = decodeCursor(after);
      params.push(c.createdAt, c.id);
      sql += `${sql ? ' AND' : 'WHERE'} (o.created_at, o.id) < ($${params.length - 1}::timestamptz, $${params.length}::int)`;
    }
    params.push(size + 1);
    const [keys, count] = await Promise.all([
      this.ds.query(
        `${SELECT_ORDERS} ${sql} ORDER BY o.created_at DESC, o.id DESC LIMIT $${params.length}`,
        params,
      ) as Promise<Array<{ id: number; cursor_at: string }>>,
      this.ds.query(`SELECT count(*)::int AS n FROM shop_order o ${where.sql}`, where.params) as Promise<
        Array<{ n: number }>
      >,
    ]);
    const pageKeys = keys.slice(0, size);
    const rows = pageKeys.length
      ? await this.ds
          .getRepository(OrderEntity)
          .createQueryBuilder('o')
          .whereInIds(pageKeys.map((k) => k.id))
          .getMany()
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      orders: pageKeys.map((k) => ({ order: byId.get(k.id)!, cursor: encodeCursor(k.cursor_at, k.id) })),
      hasNextPage: keys.length > size,
      totalCount: count[0].n,
    };
  }

  /** Every order matching the filter, newest first, in batches (for the CSV export). */
  async *all(filter: OrderFilter | null | undefined, batch = 500): AsyncGenerator<OrderEntity[]> {
    let after: string | null = null;
    for (;;) {
      const page: OrderPage = await this.list(filter, Math.min(batch, 100), after);
      if (page.orders.length) yield page.orders.map((o) => o.order);
      if (!page.hasNextPage) return;
      after = page.orders[page.orders.length - 1].cursor;
    }
  }

  async byId(id: string | number): Promise<OrderEntity | null> {
    const n = Number(id);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) return null;
    return this.ds.getRepository(OrderEntity).findOneBy({ id: n });
  }

  /** Orders by id in the order asked (unknown ids left out), e.g. for a combined packing list. */
  async byIds(ids: readonly string[]): Promise<OrderEntity[]> {
    const numbers = [
      ...new Set(ids.map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647)),
    ].slice(0, 100);
    if (numbers.length === 0) return [];
    const rows = await this.ds.getRepository(OrderEntity).findBy({ id: In(numbers) });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return numbers.flatMap((n) => byId.get(n) ?? []);
  }

  /** Batched for DataLoader: lines of many orders in one statement. */
  async linesByOrder(orderIds: readonly number[]): Promise<OrderLineEntity[][]> {
    const rows = await this.ds
      .getRepository(OrderLineEntity)
      .find({ where: { orderId: In([...orderIds]) }, order: { position: 'ASC', id: 'ASC' } });
    return groupBy(orderIds, rows);
  }

  /** Batched for DataLoader: payment events of many orders in one statement. */
  async paymentsByOrder(orderIds: readonly number[]): Promise<PaymentEventEntity[][]> {
    const rows = await this.ds
      .getRepository(PaymentEventEntity)
      .find({ where: { orderId: In([...orderIds]) }, order: { receivedAt: 'ASC', id: 'ASC' } });
    return groupBy(orderIds, rows);
  }

  /** Batched for DataLoader: state changes of many orders in one statement. */
  async timelineByOrder(orderIds: readonly number[]): Promise<OrderTransitionEntity[][]> {
    const rows = await this.ds
      .getRepository(OrderTransitionEntity)
      .find({ where: { orderId: In([...orderIds]) }, order: { at: 'ASC', id: 'ASC' } });
    return groupBy(orderIds, rows);
  }
}

function groupBy<T extends { orderId: number | null }>(orderIds: readonly number[], rows: T[]): T[][] {
  const byOrder = new Map<number, T[]>();
  for (const row of rows) {
    if (row.orderId === null) continue;
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return orderIds.map((id) => byOrder.get(id) ?? []);
}
