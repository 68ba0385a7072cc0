import type { Permission } from '#shared/staff-access.js';
import { PAGE_PATHS } from '#shared/storefront-routes.js';

/** A dashboard menu entry and the permission its page needs (the page refuses itself without it too). */
export interface StaffNavItem {
  to: string;
  label: string;
  permission: Permission | null;
  /** Heading the entry is listed under. */
  group?: string;
  end?: boolean;
}

export const STAFF_NAV: StaffNavItem[] = [
  { to: PAGE_PATHS.staffHome, label: 'Inicio', permission: null, end: true },
  { to: PAGE_PATHS.staffOrders, label: 'Órdenes', permission: 'orders.view', group: 'Administrar Ventas' },
  { to: PAGE_PATHS.staffReturns, label: 'Devoluciones', permission: 'returns.view', group: 'Administrar Ventas' },
  { to: PAGE_PATHS.staffShipping, label: 'Envíos', permission: 'shipping.manage', group: 'Administrar Ventas' },
  { to: PAGE_PATHS.staffProducts, label: 'Productos', permission: 'catalog.view', group: 'Catálogo' },
  { to: PAGE_PATHS.staffLowStock, label: 'Inventario bajo', permission: 'stock.view', group: 'Catálogo' },
  {
    to: PAGE_PATHS.staffCatalogImport,
    label: 'Importar y exportar',
    permission: 'catalog.export',
    group: 'Catálogo',
  },
  { to: PAGE_PATHS.staffChannels, label: 'Canales (Google y Meta)', permission: 'catalog.view', group: 'Catálogo' },
  { to: PAGE_PATHS.staffContent, label: 'Contenido de la tienda', permission: 'content.manage' },
  { to: PAGE_PATHS.staffDiscountCodes, label: 'Códigos de descuento', permission: 'discounts.view' },
  { to: PAGE_PATHS.staffPayments, label: 'Medios de pago', permission: 'payments.manage' },
  { to: PAGE_PATHS.staffTeam, label: 'Equipo', permission: 'staff.manage', group: 'Tienda' },
  { to: PAGE_PATHS.staffActivity, label: 'Actividad', permission: 'audit.view', group: 'Tienda' },
  { to: PAGE_PATHS.staffInvoicing, label: 'Facturación electrónica', permission: 'invoices.view', group: 'Tienda' },
  { to: PAGE_PATHS.staffLegal, label: 'Datos legales', permission: 'legal.manage', group: 'Tienda' },
  { to: PAGE_PATHS.staffOperations, label: 'Copias y alertas', permission: 'operations.view', group: 'Tienda' },
];

/** Pages by path prefix, longest first: the permission each needs. */
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

/** The permission the dashboard page at `pathname` needs (null: any staff member). */
export function pagePermission(pathname: string): Permission | null {
  let end = pathname.length;
  while (end > 0 && pathname[end - 1] === '/') end--;
  const path = pathname.slice(0, end) || '/';
  const match = PAGE_PERMISSIONS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  return match ? match[1] : null;
}
