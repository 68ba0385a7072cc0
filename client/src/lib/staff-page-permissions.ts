import type { Permission } from '#shared/staff-access.js';
import { PAGE_PATHS } from '#shared/storefront-routes.js';

/**
 * The one table of dashboard pages and the permission each needs, by path prefix: the layout refuses a page without
 * it, the menu lists only the pages a person may open, and links to a page show only to those people.
 */
const PAGE_PERMISSIONS: Array<[prefix: string, permission: Permission]> = (
  [
    [PAGE_PATHS.staffOrders, 'orders.view'],
    ['/detail-order', 'orders.view'],
    [PAGE_PATHS.staffProducts, 'catalog.view'],
    [PAGE_PATHS.staffProductNew, 'catalog.edit'],
    [PAGE_PATHS.staffLowStock, 'stock.view'],
    [PAGE_PATHS.staffContent, 'content.manage'],
    [PAGE_PATHS.staffDiscountCodes, 'discounts.view'],
    [PAGE_PATHS.staffPayments, 'payments.manage'],
    [PAGE_PATHS.staffReturns, 'returns.view'],
    [PAGE_PATHS.staffShipping, 'shipping.manage'],
    [PAGE_PATHS.staffTeam, 'staff.manage'],
    [PAGE_PATHS.staffActivity, 'audit.view'],
    [PAGE_PATHS.staffCatalogImport, 'catalog.export'],
    [PAGE_PATHS.staffChannels, 'catalog.view'],
    [PAGE_PATHS.staffInvoicing, 'invoices.view'],
    [PAGE_PATHS.staffLegal, 'legal.manage'],
    [PAGE_PATHS.staffOperations, 'operations.view'],
  ] satisfies Array<[string, Permission]>
).sort((a, b) => b[0].length - a[0].length);

/** The permission the dashboard page at `path` needs (null: any staff member); a query string is ignored. */
export function pagePermission(path: string): Permission | null {
  const pathname = path.split(/[?#]/, 1)[0];
  let end = pathname.length;
  while (end > 0 && pathname[end - 1] === '/') end--;
  const trimmed = pathname.slice(0, end) || '/';
  const match = PAGE_PERMISSIONS.find(([prefix]) => trimmed === prefix || trimmed.startsWith(`${prefix}/`));
  return match ? match[1] : null;
}
