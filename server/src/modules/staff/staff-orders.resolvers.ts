import DataLoader from 'dataloader';
import type { OrderStatusValue } from '#shared/orders.js';
import type { Permission } from '#shared/staff-access.js';
import type { Resolvers } from '../../generated/graphql.js';
import type { GraphQLContext } from '../../common/context.js';
import { allowedTransitions, canCollectCash, orderMoves, type OrdersModule } from '../orders/index.js';
import { confirmDeadline } from '#shared/cash-on-delivery.js';
import { currentStaff, requirePermission, staffCan, staffOnly } from '../../common/access.js';
import { actorName } from './auth.js';
import { csvUrlFor } from './orders-csv.js';

const ORDER_DATA = Symbol('staff.orderData');

/** The permission a staff step of the order lifecycle needs. */
export function transitionPermission(to: OrderStatusValue): Permission {
  return to === 'CANCELADO' ? 'orders.cancel' : 'orders.fulfil';
}

/** A request's order lines, payments and timeline, batched across the orders of a page. */
function orderData(ctx: GraphQLContext, orders: OrdersModule) {
  return ctx.scoped(ORDER_DATA, () => ({
    lines: new DataLoader((ids: readonly number[]) => orders.queries.linesByOrder(ids)),
    payments: new DataLoader((ids: readonly number[]) => orders.queries.paymentsByOrder(ids)),
    timeline: new DataLoader((ids: readonly number[]) => orders.queries.timelineByOrder(ids)),
  }));
}

/** Orders list, detail, dashboard figures and state changes for staff. */
export function createStaffOrdersResolvers(orders: OrdersModule): Resolvers {
  return {
    Query: {
      staffDashboard: staffOnly('orders.view', () => orders.dashboard.counts()),
      staffSales: staffOnly('reports.view', () => orders.dashboard.sales()),
      staffOrders: staffOnly('orders.view', async (_p, { filter, first, after }) => {
        const page = await orders.queries.list(filter, first, after);
        return {
          edges: page.orders.map(({ order, cursor }) => ({ node: order, cursor })),
          pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.orders.at(-1)?.cursor ?? null },
          totalCount: page.totalCount,
          csvUrl: csvUrlFor(filter),
          linesCsvUrl: csvUrlFor(filter, 'lines'),
        };
      }),
      staffOrder: staffOnly('orders.view', (_p, { id }) => orders.queries.byId(id)),
      staffOrdersByIds: staffOnly('orders.view', (_p, { ids }) => orders.queries.byIds(ids)),
    },
    Mutation: {
      // Preparing, shipping and delivering is fulfilment; cancelling needs its own permission.
      staffTransitionOrder: staffOnly('orders.fulfil', async (_p, { input }, ctx, info) => {
        const staff = await requirePermission(ctx, transitionPermission(input.to), info.fieldName);
        return orders.staffActions.transition(actorName(staff), input);
      }),
      staffBulkTransitionOrders: staffOnly('orders.fulfil', async (_p, { input }, ctx, info) => {
        const staff = await requirePermission(ctx, transitionPermission(input.to), info.fieldName);
        return orders.staffActions.bulkTransition(actorName(staff), input);
      }),
      staffMarkCashCollected: staffOnly('orders.cash', async (_p, { orderId, note }, ctx) => {
        const staff = await currentStaff(ctx);
        return orders.staffActions.markCashCollected(actorName(staff), orderId, note);
      }),
    },
    StaffMarkCashCollectedResult: {
      __resolveType: (r) => ('__typename' in r && r.__typename ? r.__typename : 'StaffOrder'),
    },
    StaffBulkTransitionResult: { __resolveType: (r) => r.__typename ?? null },
    StaffTransitionOrderResult: {
      __resolveType: (r) => ('__typename' in r && r.__typename ? r.__typename : 'StaffOrder'),
    },
    StaffOrder: {
      id: (o) => String(o.id),
      customer: (o) => ({
        fullName: o.fullName,
        email: o.email,
        phone: o.phone,
        documentType: o.documentType,
        documentNumber: o.documentNumber,
      }),
      shippingAddress: (o) => ({
        departmentCode: o.departmentCode,
        departmentName: o.departmentName,
        municipalityCode: o.municipalityCode,
        municipalityName: o.municipalityName,
        address: o.address,
        neighborhood: o.neighborhood,
      }),
      lines: async (o, _a, ctx) =>
        (await orderData(ctx, orders).lines.load(o.id)).map((l) => ({
          id: String(l.id),
          productId: l.productId === null ? null : String(l.productId),
          name: l.name,
          sizeLabel: l.sizeLabel,
          unitPrice: l.unitPrice,
          quantity: l.quantity,
          lineTotal: l.lineTotal,
          discount: l.discount,
          imageUrl: l.imageUrl,
          categorySlug: l.categorySlug,
        })),
      payments: (o, _a, ctx) => orderData(ctx, orders).payments.load(o.id),
      timeline: (o, _a, ctx) => orderData(ctx, orders).timeline.load(o.id),
      // Only the steps the caller's role may take (the server checks again on the change).
      allowedTransitions: async (o, _a, ctx) => {
        const canCancel = await staffCan(ctx, 'orders.cancel');
        return allowedTransitions(o.status, 'staff').filter(
          (s) => canCancel || transitionPermission(s) !== 'orders.cancel',
        );
      },
      allowedMoves: async (o, _a, ctx) => {
        const canCancel = await staffCan(ctx, 'orders.cancel');
        return orderMoves(o, 'staff')
          .filter((move) => canCancel || transitionPermission(move.to) !== 'orders.cancel')
          .map((move) => ({
            ...move,
            requires: move.requires.map((field) => (field === 'carrier' ? 'CARRIER' : 'TRACKING_NUMBER')),
          }));
      },
      canMarkCashCollected: async (o, _a, ctx) => canCollectCash(o) && (await staffCan(ctx, 'orders.cash')),
      confirmBy: async (o) =>
        o.status === 'POR_CONFIRMAR' ? confirmDeadline(o.createdAt, await orders.confirmWindow()) : null,
      netPaid: (o) => o.total - o.refunded,
    },
    PaymentEvent: {
      id: (e) => String(e.id),
    },
  };
}
