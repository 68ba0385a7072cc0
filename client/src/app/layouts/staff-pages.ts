import type { Permission } from '#shared/staff-access.js';
import { PAGE_PATHS } from '#shared/storefront-routes.js';
// With `.js`: the e2e tests import this file too, compiled with Node's module resolution.
import { pagePermission } from '../../lib/staff-page-permissions.js';

export { pagePermission };

/** A dashboard menu entry and the permission its page needs (the page refuses itself without it too). */
export interface StaffNavItem {
  to: string;
  label: string;
  /** From the pages' one table (`pagePermission`), so the menu and the page never disagree. */
  permission: Permission | null;
  /** Heading the entry is listed under. */
  group?: string;
  end?: boolean;
}

const MENU: Array<Omit<StaffNavItem, 'permission'>> = [
  { to: PAGE_PATHS.staffHome, label: 'Inicio', end: true },
  { to: PAGE_PATHS.staffOrders, label: 'Órdenes', group: 'Administrar Ventas' },
  { to: PAGE_PATHS.staffReturns, label: 'Devoluciones', group: 'Administrar Ventas' },
  { to: PAGE_PATHS.staffShipping, label: 'Envíos', group: 'Administrar Ventas' },
  { to: PAGE_PATHS.staffProducts, label: 'Productos', group: 'Catálogo' },
  { to: PAGE_PATHS.staffLowStock, label: 'Inventario bajo', group: 'Catálogo' },
  {
    to: PAGE_PATHS.staffCatalogImport,
    label: 'Importar y exportar',
    group: 'Catálogo',
  },
  { to: PAGE_PATHS.staffChannels, label: 'Canales (Google y Meta)', group: 'Catálogo' },
  { to: PAGE_PATHS.staffContent, label: 'Contenido de la tienda' },
  { to: PAGE_PATHS.staffDiscountCodes, label: 'Códigos de descuento' },
  { to: PAGE_PATHS.staffPayments, label: 'Medios de pago' },
  { to: PAGE_PATHS.staffTeam, label: 'Equipo', group: 'Tienda' },
  { to: PAGE_PATHS.staffActivity, label: 'Actividad', group: 'Tienda' },
  { to: PAGE_PATHS.staffInvoicing, label: 'Facturación electrónica', group: 'Tienda' },
  { to: PAGE_PATHS.staffLegal, label: 'Datos legales', group: 'Tienda' },
  { to: PAGE_PATHS.staffOperations, label: 'Copias y alertas', group: 'Tienda' },
];

export const STAFF_NAV: StaffNavItem[] = MENU.map((item) => ({ ...item, permission: pagePermission(item.to) }));
