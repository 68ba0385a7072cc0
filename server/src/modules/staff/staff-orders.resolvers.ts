import type { Resolvers } from '../../generated/graphql.js';
import { actorName, requireStaff } from './auth.js';
import { csvUrlFor } from './staff-order-filter.js';
import { allowedStaffTransitions } from './staff-transitions.service.js';

/** Orders list, detail and state changes for staff. */
export const staffOrdersResolvers: Resolvers = {
  Query: {
    staffOrders: async (_p, { filter, first, after }, ctx) => {
      await requireStaff(ctx);
      const page = await ctx.services.staff.orders.list(filter, first, after);
      return {
        edges: page.orders.map(({ order, cursor }) => ({ node: order, cursor })),
        pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.orders.at(-1)?.cursor ?? null },
        totalCount: page.totalCount,
        csvUrl: csvUrlFor(filter),
      };
    },
    staffOrder: async (_p, { id }, ctx) => {
      await requireStaff(ctx);
      return ctx.services.staff.orders.byId(id);
    },
  },
  Mutation: {
    staffTransitionOrder: async (_p, { input }, ctx) => {
      const staff = await requireStaff(ctx);
      return ctx.services.staff.transitions.transition(actorName(staff), input);
    },
  },
  StaffOrder: {
    id: (o) => String(o.id),
    customer: (o) => ({ fullName: o.fullName, email: o.email, phone: o.phone, documentType: o.documentType, documentNumber: o.documentNumber }),
    shippingAddress: (o) => ({
      departmentCode: o.departmentCode,
      departmentName: o.departmentName,
      municipalityCode: o.municipalityCode,
      municipalityName: o.municipalityName,
      address: o.address,
      neighborhood: o.neighborhood,
    }),
    lines: async (o, _a, ctx) =>
      (await ctx.loaders.orderLines.load(o.id)).map((l) => ({
        productId: l.productId === null ? null : String(l.productId),
        name: l.name,
        sizeLabel: l.sizeLabel,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
        imageUrl: l.imageUrl,
        categorySlug: l.categorySlug,
      })),
    payments: (o, _a, ctx) => ctx.loaders.orderPayments.load(o.id),
    timeline: (o, _a, ctx) => ctx.loaders.orderTimeline.load(o.id),
    allowedTransitions: (o) => allowedStaffTransitions(o.status),
  },
  PaymentEvent: {
    id: (e) => String(e.id),
  },
};
