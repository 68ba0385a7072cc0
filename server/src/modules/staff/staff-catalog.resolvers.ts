import type { Resolvers } from '../../generated/graphql.js';
import { productPath } from '#shared/storefront-routes.js';
import {
  productData,
  type CatalogAdminService,
  type CatalogService,
  type StockAlertsService,
} from '../catalog/index.js';
import type { DiscountAdminService } from '../discounts/index.js';
import { requireStaff } from './auth.js';
import { memberOf } from './union-member.js';
import { discountCodeState } from '#shared/discount-codes.js';

/** Products (create, edit, archive, images, low stock) and discount codes for staff. */
export function createStaffCatalogResolvers(deps: {
  catalog: CatalogService;
  catalogAdmin: CatalogAdminService;
  stockAlerts: StockAlertsService;
  discountAdmin: DiscountAdminService;
}): Resolvers {
  const { catalog, catalogAdmin, stockAlerts, discountAdmin } = deps;
  return {
    Query: {
      staffProducts: async (_p, { search, category, archived }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.list(search, category, archived ?? false);
      },
      staffProduct: async (_p, { id }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.byId(id);
      },
      staffDiscountCodes: async (_p, _a, ctx) => {
        await requireStaff(ctx);
        return discountAdmin.list();
      },
      staffLowStock: async (_p, _a, ctx) => {
        await requireStaff(ctx);
        return stockAlerts.report();
      },
    },
    Mutation: {
      staffCreateProduct: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.create(input);
      },
      staffSaveProduct: async (_p, { productId, input }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.save(productId, input);
      },
      staffUpdateProduct: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.update(input);
      },
      staffArchiveProduct: async (_p, { productId }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.archive(productId);
      },
      staffRestoreProduct: async (_p, { productId }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.restore(productId);
      },
      staffAddProductImage: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.addImage(input);
      },
      staffRemoveProductImage: async (_p, { productId, imageId }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.removeImage(productId, imageId);
      },
      staffArrangeProductImages: async (_p, { productId, images }, ctx) => {
        await requireStaff(ctx);
        return catalogAdmin.arrangeImages(productId, images);
      },
      staffCreateDiscountCode: async (_p, { input }, ctx) => {
        await requireStaff(ctx);
        return discountAdmin.create(input);
      },
      staffUpdateDiscountCode: async (_p, { id, input }, ctx) => {
        await requireStaff(ctx);
        return discountAdmin.update(id, input);
      },
      staffSetLowStockThreshold: async (_p, { threshold }, ctx) => {
        await requireStaff(ctx);
        return stockAlerts.setThreshold(threshold);
      },
    },
    StaffProductResult: {
      __resolveType: (r) => memberOf<'StaffProduct' | 'ValidationErrors' | 'NotFound'>(r, 'StaffProduct'),
    },
    StaffDiscountCodeResult: {
      __resolveType: (r) => memberOf<'StaffDiscountCode' | 'ValidationErrors' | 'NotFound'>(r, 'StaffDiscountCode'),
    },
    StaffLowStockResult: { __resolveType: (r) => r.__typename ?? null },
    StaffProduct: {
      id: (p) => String(p.id),
      category: async (p) => {
        const category = p.category ?? (await catalogAdmin.byId(p.id))?.category;
        return { slug: category?.slug ?? p.categorySlug, name: category?.name ?? p.categorySlug };
      },
      archived: (p) => p.archivedAt !== null,
      sizes: (p, _a, ctx) => productData(ctx, catalog).sizes.load(p.id),
      images: (p, _a, ctx) => productData(ctx, catalog).images.load(p.id),
      path: (p) => productPath(p),
      formerPaths: async (p) => {
        const [history] = await catalogAdmin.slugHistory([p.id]);
        const current = productPath(p);
        return [
          ...new Set(
            history!.map((h) =>
              productPath({ id: p.id, slug: h.slug, categorySlug: h.categorySlug, collections: p.collections }),
            ),
          ),
        ].filter((path) => path !== current);
      },
    },
    StaffProductSize: { id: (s) => String(s.id) },
    StaffProductImage: { id: (i) => String(i.id) },
    StaffDiscountCode: {
      id: (d) => String(d.id),
      state: (d) => discountCodeState(d),
      categories: async (d) => {
        if (d.categorySlugs.length === 0) return [];
        const names = await discountAdmin.categoryNames();
        return d.categorySlugs.map((slug) => ({ slug, name: names.get(slug) ?? slug }));
      },
    },
    StaffDashboard: {
      lowStockCount: () => stockAlerts.count(),
      lowStockThreshold: () => stockAlerts.threshold(),
    },
    LowStockItem: {
      sizeId: (i) => String(i.sizeId),
      product: async (i) => (await catalogAdmin.byId(i.productId))!,
    },
  };
}
