import type { Resolvers } from '../../generated/graphql.js';
import { productData, type CatalogAdminService, type CatalogService } from '../catalog/index.js';
import type { DiscountAdminService } from '../discounts/index.js';
import { requireStaff } from './auth.js';

/** The union member a service answered (values without a tag are the changed record itself). */
function memberOf<T extends string>(result: object, record: T): T {
  return '__typename' in result && typeof result.__typename === 'string' ? (result.__typename as T) : record;
}

/** Products (price, stock, active, images) and discount codes for staff. */
export function createStaffCatalogResolvers(deps: { catalog: CatalogService; catalogAdmin: CatalogAdminService; discountAdmin: DiscountAdminService }): Resolvers {
  const { catalog, catalogAdmin, discountAdmin } = deps;
  return {
    Query: {
      staffProducts: async (_p, { search, category }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.list(search, category);
      },
      staffDiscountCodes: async (_p, _a, ctx) => {
        await requireStaff(ctx);
        return discountAdmin.list();
      },
    },
    Mutation: {
      staffUpdateProduct: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.update(input);
      },
      staffAddProductImage: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.addImage(input);
      },
      staffRemoveProductImage: async (_p, { productId, imageId }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.removeImage(productId, imageId);
      },
      staffCreateDiscountCode: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return discountAdmin.create(input);
      },
      staffUpdateDiscountCode: async (_p, { id, input }, ctx) => {
        await requireStaff(ctx);
        return discountAdmin.update(id, input);
      },
    },
    StaffProductResult: { __resolveType: (r) => memberOf<'StaffProduct' | 'ValidationErrors' | 'NotFound'>(r, 'StaffProduct') },
    StaffDiscountCodeResult: { __resolveType: (r) => memberOf<'StaffDiscountCode' | 'ValidationErrors' | 'NotFound'>(r, 'StaffDiscountCode') },
    StaffProduct: {
      id: (p) => String(p.id),
      category: async (p) => {
        const category = p.category ?? (await catalogAdmin.byId(p.id))?.category;
        return { slug: category?.slug ?? p.categorySlug, name: category?.name ?? p.categorySlug };
      },
      sizes: (p, _a, ctx) => productData(ctx, catalog).sizes.load(p.id),
      images: (p, _a, ctx) => productData(ctx, catalog).images.load(p.id),
    },
    StaffProductSize: { id: (s) => String(s.id) },
    StaffProductImage: { id: (i) => String(i.id) },
    StaffDiscountCode: { id: (d) => String(d.id) },
  };
}
