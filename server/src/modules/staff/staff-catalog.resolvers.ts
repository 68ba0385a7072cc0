import type { Resolvers } from '../../generated/graphql.js';
import { productPath } from '#shared/storefront-routes.js';
import {
  productData,
  type CatalogAdminService,
  type CatalogService,
  type StockAlertsService,
} from '../catalog/index.js';
import type { DiscountAdminService } from '../discounts/index.js';
import { staffOnly } from '../../common/access.js';
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
      staffProducts: staffOnly('catalog.view', (_p, { search, category, archived }) =>
        catalogAdmin.list(search, category, archived ?? false),
      ),
      staffProduct: staffOnly('catalog.view', (_p, { id }) => catalogAdmin.byId(id)),
      staffDiscountCodes: staffOnly('discounts.view', (_p, _a) => discountAdmin.list()),
      staffLowStock: staffOnly('stock.view', (_p, _a) => stockAlerts.report()),
    },
    Mutation: {
      staffCreateProduct: staffOnly('catalog.edit', (_p, { input }) => catalogAdmin.create(input)),
      staffSaveProduct: staffOnly('catalog.edit', (_p, { productId, input }) => catalogAdmin.save(productId, input)),
      staffUpdateProduct: staffOnly('catalog.edit', (_p, { input }) => catalogAdmin.update(input)),
      staffArchiveProduct: staffOnly('catalog.edit', (_p, { productId }) => catalogAdmin.archive(productId)),
      staffRestoreProduct: staffOnly('catalog.edit', (_p, { productId }) => catalogAdmin.restore(productId)),
      staffAddProductImage: staffOnly('catalog.edit', (_p, { input }) => catalogAdmin.addImage(input)),
      staffRemoveProductImage: staffOnly('catalog.edit', (_p, { productId, imageId }) =>
        catalogAdmin.removeImage(productId, imageId),
      ),
      staffArrangeProductImages: staffOnly('catalog.edit', (_p, { productId, images }) =>
        catalogAdmin.arrangeImages(productId, images),
      ),
      staffCreateDiscountCode: staffOnly('discounts.manage', (_p, { input }) => discountAdmin.create(input)),
      staffUpdateDiscountCode: staffOnly('discounts.manage', (_p, { id, input }) => discountAdmin.update(id, input)),
      staffSetLowStockThreshold: staffOnly('catalog.edit', (_p, { threshold }) => stockAlerts.setThreshold(threshold)),
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
