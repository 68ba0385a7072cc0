import type { Resolvers } from '../../generated/graphql.js';
import type { GraphQLContext } from '../../common/context.js';
import { currentStaff, open, staffOnly } from '../../common/access.js';
import { OrderLineEntity, type OrdersModule } from '../orders/index.js';
import type { ReturnsService } from './returns.service.js';
import type { ReturnRequestEntity } from './return-request.entity.js';
import { nextReturnSteps } from './return-lifecycle.js';
import type { DataSource } from 'typeorm';
import DataLoader from 'dataloader';
import { In } from 'typeorm';

const LINES = Symbol('returns.lines');
const ORDERS = Symbol('returns.orders');

interface OrderFacts {
  reference: string;
  paymentMethod: string;
  transactionId: string | null;
  total: number;
}

const memberOf = (r: object) =>
  '__typename' in r && typeof r.__typename === 'string'
    ? (r.__typename as 'ReturnRequest' | 'ValidationErrors' | 'ReturnNotAllowed' | 'NotFound')
    : 'ReturnRequest';

/** Shopper requests (on the order's page), staff handling, and the returns part of the order and the dashboard. */
export function createReturnsResolvers(deps: {
  ds: DataSource;
  returns: ReturnsService;
  orders: OrdersModule;
}): Resolvers {
  const { ds, returns, orders } = deps;
  const lineNames = (ctx: GraphQLContext) =>
    ctx.scoped(
      LINES,
      () =>
        new DataLoader(async (ids: readonly number[]) => {
          const rows = await ds.getRepository(OrderLineEntity).findBy({ id: In([...ids]) });
          const byId = new Map(rows.map((l) => [l.id, l]));
          return ids.map((id) => byId.get(id) ?? null);
        }),
    );
  const orderFacts = (ctx: GraphQLContext) =>
    ctx.scoped(
      ORDERS,
      () =>
        new DataLoader(async (ids: readonly number[]) => {
          const rows: Array<OrderFacts & { id: number }> = await ds.query(
            `SELECT id, reference, payment_method AS "paymentMethod", transaction_id AS "transactionId", total FROM shop_order WHERE id = ANY($1::int[])`,
            [ids],
          );
          const byId = new Map(rows.map((o) => [o.id, o]));
          return ids.map(
            (id): OrderFacts => byId.get(id) ?? { reference: '', paymentMethod: '', transactionId: null, total: -1 },
          );
        }),
    );
  const staffName = async (ctx: GraphQLContext) => {
    const staff = await currentStaff(ctx);
    return staff.email ?? staff.uid;
  };
  return {
    Query: {
      staffReturns: staffOnly('returns.view', (_p, { statuses }) => returns.list(statuses)),
    },
    Mutation: {
      requestReturn: open(async (_p, { reference, token, input }) => {
        const order = await orders.receipts.authorize(reference, token);
        if (!order) return { __typename: 'NotFound' as const, message: 'No encontramos esta orden.' };
        return returns.request(order.id, input);
      }),
      staffDecideReturn: staffOnly('returns.manage', async (_p, { id, accept, note }, ctx) =>
        returns.decide(id, await staffName(ctx), accept, note ?? null),
      ),
      staffReceiveReturn: staffOnly('returns.manage', async (_p, { id }, ctx) =>
        returns.receive(id, await staffName(ctx)),
      ),
      staffRefundReturn: staffOnly('refunds.manage', async (_p, { id, method, reference }, ctx) =>
        returns.refund(id, await staffName(ctx), method, reference ?? null),
      ),
    },
    RequestReturnResult: { __resolveType: memberOf },
    StaffReturnResult: { __resolveType: memberOf },
    OrderReceipt: {
      returns: (receipt) => returns.forOrder(receipt.order.id),
      refunds: (receipt) => returns.refunds(receipt.order.id),
      returnOptions: async (receipt) => {
        const options = await returns.options(receipt.order);
        return {
          retractoUntil: options.retractoUntil,
          warrantyUntil: options.warrantyUntil,
          canRequestReversal: options.canRequestReversal,
          returnableLines: receipt.lines
            .map((l) => ({
              lineId: l.id,
              name: l.name,
              sizeLabel: l.sizeLabel,
              quantity: options.returnable.get(Number(l.id)) ?? 0,
            }))
            .filter((l) => l.quantity > 0),
        };
      },
    },
    // Part of an order's page: whoever may see the order (the query that reached it checked `orders.view`).
    StaffOrder: {
      returns: (order) => returns.forOrder(order.id),
      refunds: (order) => returns.refunds(order.id),
    },
    OrderLookup: {
      returns: async (view) =>
        (await returns.forOrder(view.order.id)).map((r) => ({
          kind: r.kind,
          status: r.status,
          requestedAt: r.requestedAt,
          refundedAt: r.refundedAt,
        })),
    },
    OrderProgress: {
      __resolveType: (view) => ('email' in view ? 'OrderReceipt' : 'OrderLookup'),
    },
    StaffDashboard: {
      returns: () => returns.due(),
    },
    ReturnRequest: {
      id: (r) => String(r.id),
      orderId: (r) => String(r.orderId),
      orderReference: async (r, _a, ctx) => (await orderFacts(ctx).load(r.orderId)).reference,
      canVoidAtGateway: async (r, _a, ctx) => {
        const o = await orderFacts(ctx).load(r.orderId);
        return (
          r.status !== 'REEMBOLSADA' &&
          r.status !== 'RECHAZADA' &&
          o.paymentMethod === 'CARD' &&
          o.transactionId !== null &&
          r.refundAmount === o.total
        );
      },
      overdue: (r) => r.refundedAt === null && r.status !== 'RECHAZADA' && r.refundDueAt.getTime() < Date.now(),
      nextSteps: (r) => nextReturnSteps(r),
      lines: async (r: ReturnRequestEntity, _a, ctx) =>
        Promise.all(
          (r.lines ?? []).map(async (l) => {
            const line = await lineNames(ctx).load(l.orderLineId);
            return {
              orderLineId: String(l.orderLineId),
              name: line?.name ?? '',
              sizeLabel: line?.sizeLabel ?? '',
              quantity: l.quantity,
            };
          }),
        ),
    },
  };
}
