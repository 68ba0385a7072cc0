import type { Resolvers } from '../../generated/graphql.js';
import { requireStaff } from './auth.js';

/** Products (price, stock, active, images) and discount codes for staff. */
export const staffCatalogResolvers: Resolvers = {
  Query: {
    staffProducts: async (_p, { search, category }, ctx) => {
      await requireStaff(ctx);
      return ctx.services.staff.products.list(search, category);
    },
    staffDiscountCodes: async (_p, _a, ctx) => {
      await requireStaff(ctx);
      return ctx.services.staff.discounts.list();
    },
  },
  Mutation: {
    staffUpdateProduct: async (_p, { input }, ctx) => {
      await requireStaff(ctx);
      return ctx.services.staff.products.update(input);
    },
    staffAddProductImage: async (_p, { input }, ctx) => {
      await requireStaff(ctx);
      return ctx.services.staff.products.addImage(input);
    },
    staffRemoveProductImage: async (_p, { productId, imageId }, ctx) => {
      await requireStaff(ctx);
      return ctx.services.staff.products.removeImage(productId, imageId);
    },
    staffCreateDiscountCode: async (_p, { input }, ctx) => {
      await requireStaff(ctx);
      return ctx.services.staff.discounts.create(input);
    },
    staffUpdateDiscountCode: async (_p, { id, input }, ctx) => {
      await requireStaff(ctx);
      return ctx.services.staff.discounts.update(id, input);
    },
  },
  StaffProduct: {
    id: (p) => String(p.id),
    category: (p, _a, ctx) => (p.category ? { slug: p.category.slug, name: p.category.name } : ctx.services.staff.products.byId(p.id).then((full) => ({ slug: full.category!.slug, name: full.category!.name }))),
    sizes: (p, _a, ctx) => ctx.loaders.sizes.load(p.id),
    images: (p, _a, ctx) => ctx.loaders.images.load(p.id),
  },
  StaffProductSize: { id: (s) => String(s.id) },
  StaffProductImage: { id: (i) => String(i.id) },
  StaffDiscountCode: { id: (d) => String(d.id) },
};
