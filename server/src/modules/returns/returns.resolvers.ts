import type { Resolvers } from '../../generated/graphql.js';
import type { GraphQLContext } from '../../common/context.js';
import { OrderLineEntity, type OrdersModule } from '../orders/index.js';
import type { ReturnsService } from './returns.service.js';
import type { ReturnRequestEntity } from './return-request.entity.js';
import type { DataSource } from 'typeorm';
import DataLoader from 'dataloader';
import { In } from 'typeorm';

/** Staff check, given by the staff module. */
export type StaffGuard = (ctx: GraphQLContext) => Promise<{ email: string | null; uid: string }>;

const LINES = Symbol('returns.lines');
const REFERENCES = Symbol('returns.references');

const memberOf = (r: object) => ('__typename' in r && typeof r.__typename === 'string' ? (r.__typename as 'ReturnRequest' | 'ValidationErrors' | 'ReturnNotAllowed' | 'NotFound') : 'ReturnRequest');

/** Shopper requests (on the order's page), staff handling, and the returns part of the order and the dashboard. */
export function createReturnsResolvers(deps: { ds: DataSource; returns: ReturnsService; orders: OrdersModule; requireStaff: StaffGuard }): Resolvers {
  const { ds, returns, orders, requireStaff } = deps;
  const lineNames = (ctx: GraphQLContext) =>
    ctx.scoped(LINES, () => new DataLoader(async (ids: readonly number[]) => {
      const rows = await ds.getRepository(OrderLineEntity).findBy({ id: In([...ids]) });
      const byId = new Map(rows.map((l) => [l.id, l]));
      return ids.map((id) => byId.get(id) ?? null);
    }));
  const references = (ctx: GraphQLContext) =>
    ctx.scoped(REFERENCES, () => new DataLoader(async (ids: readonly number[]) => {
      const rows: Array<{ id: number; reference: string }> = await ds.query(`SELECT id, reference FROM shop_order WHERE id = ANY($1::int[])`, [ids]);
      const byId = new Map(rows.map((o) => [o.id, o.reference]));
      return ids.map((id) => byId.get(id) ?? '');
    }));
  const staffName = async (ctx: GraphQLContext) => {
    const staff = await requireStaff(ctx);
    return staff.email ?? staff.uid;
  };
  return {
    Query: {
      staffReturns: async (_p, { statuses }, ctx) => {
        await requireStaff(ctx);
        return returns.list(statuses);
      },
    },
    Mutation: {
      requestReturn: async (_p, { reference, token, input }) => {
        const order = await orders.receipts.authorize(reference, token);
        if (!order) return { __typename: 'NotFound', message: 'No encontramos esta orden.' };
        return returns.request(order.id, input);
      },
      staffDecideReturn: async (_p, { id, accept, note }, ctx) => returns.decide(id, await staffName(ctx), accept, note ?? null),
      staffReceiveReturn: async (_p, { id }, ctx) => returns.receive(id, await staffName(ctx)),
      staffRefundReturn: async (_p, { id, method, reference }, ctx) => returns.refund(id, await staffName(ctx), method, reference ?? null),
    },
    RequestReturnResult: { __resolveType: memberOf },
    StaffReturnResult: { __resolveType: memberOf },
    OrderReceipt: {
      returns: (receipt) => returns.forOrder(receipt.order.id),
      returnOptions: async (receipt) => {
        const options = await returns.options(receipt.order);
        return {
          retractoUntil: options.retractoUntil,
          warrantyUntil: options.warrantyUntil,
          canRequestReversal: options.canRequestReversal,
          returnableLines: receipt.lines
            .map((l) => ({ lineId: l.id, name: l.name, sizeLabel: l.sizeLabel, quantity: options.returnable.get(Number(l.id)) ?? 0 }))
            .filter((l) => l.quantity > 0),
        };
      },
    },
    StaffDashboard: {
      returns: () => returns.due(),
    },
    ReturnRequest: {
      id: (r) => String(r.id),
      orderReference: (r, _a, ctx) => references(ctx).load(r.orderId),
      overdue: (r) => r.refundedAt === null && r.status !== 'RECHAZADA' && r.refundDueAt.getTime() < Date.now(),
      lines: async (r: ReturnRequestEntity, _a, ctx) =>
        Promise.all(
          (r.lines ?? []).map(async (l) => {
            const line = await lineNames(ctx).load(l.orderLineId);
            return { orderLineId: String(l.orderLineId), name: line?.name ?? '', sizeLabel: line?.sizeLabel ?? '', quantity: l.quantity };
          }),
        ),
    },
  };
}
