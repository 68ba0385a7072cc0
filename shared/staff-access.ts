/**
 * Who on the shop's team may do what. A permission is the unit the server checks on every staff
 * operation; a role is a named set of permissions. The server is the only judge: the dashboard reads
 * this table only to show each person the menus and buttons their role allows.
 */

export const PERMISSIONS = {
  'orders.view': 'Ver pedidos, su detalle y las listas de empaque',
  'orders.fulfil': 'Preparar, enviar con guía y entregar pedidos',
  'orders.cash': 'Registrar el dinero contraentrega que entregó la transportadora',
  'orders.cancel': 'Cancelar pedidos',
  'orders.export': 'Exportar pedidos (CSV)',
  'reports.view': 'Ver cifras de ventas del resumen',
  'returns.view': 'Ver devoluciones y retractos',
  'returns.manage': 'Aceptar, rechazar y recibir devoluciones',
  'refunds.manage': 'Registrar reembolsos',
  'catalog.view': 'Ver productos del panel',
  'catalog.edit': 'Crear y editar productos, precios, imágenes e inventario',
  'catalog.import': 'Importar el catálogo desde una hoja de cálculo',
  'catalog.export': 'Exportar el catálogo',
  'stock.view': 'Ver inventario bajo',
  'discounts.view': 'Ver códigos de descuento',
  'discounts.manage': 'Crear y editar códigos de descuento',
  'content.manage': 'Editar banners, bloques de promoción y campañas',
  'shipping.manage': 'Editar tarifas y condiciones de envío',
  'payments.manage': 'Configurar medios de pago (contraentrega)',
  'legal.manage': 'Editar los datos legales de la tienda',
  'invoices.view': 'Ver y descargar facturas electrónicas y notas crédito',
  'invoices.send': 'Reenviar al comprador su factura o nota crédito por correo',
  'invoices.manage': 'Configurar la facturación electrónica y su numeración',
  'jobs.manage': 'Ver y reintentar tareas en segundo plano que fallaron',
  'operations.view': 'Ver copias de seguridad, alertas y salud de la tienda',
  'operations.manage': 'Programar copias de seguridad, pedir una copia y cambiar los umbrales de las alertas',
  'staff.manage': 'Invitar personal, cambiar roles y desactivar cuentas',
  'audit.view': 'Ver la actividad del personal',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export const STAFF_ROLES = ['propietario', 'administrador', 'operador', 'consulta'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  propietario: 'Propietario',
  administrador: 'Administrador',
  operador: 'Operador',
  consulta: 'Consulta',
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  propietario: 'Todo, incluidos el personal, los pagos, los datos legales y la facturación electrónica.',
  administrador:
    'Catálogo, precios, inventario, contenido, códigos, envíos, pedidos, devoluciones y reembolsos; no personal, actividad, pagos, datos legales ni facturación electrónica.',
  operador:
    'Pedidos: ver, preparar, enviar con guía, entregar, listas de empaque e inventario bajo; no ve precios del catálogo, códigos, contenido, reembolsos ni configuración.',
  consulta: 'Solo lectura: pedidos, devoluciones, cifras de ventas, exportaciones y facturas (para contabilidad).',
};

const OWNER_ONLY: readonly Permission[] = [
  'payments.manage',
  'legal.manage',
  'invoices.manage',
  'staff.manage',
  'audit.view',
  'operations.manage',
];

/** The one table of roles: each role is exactly the permissions listed here. */
export const ROLE_PERMISSIONS: Record<StaffRole, ReadonlySet<Permission>> = {
  propietario: new Set(ALL_PERMISSIONS),
  administrador: new Set(ALL_PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p))),
  // Packing and shipping: money (cash collected, refunds), prices, codes and cancellations stay with the administration.
  operador: new Set<Permission>(['orders.view', 'orders.fulfil', 'returns.view', 'stock.view']),
  // An accountant's read-only access: everything here only reads or downloads.
  consulta: new Set<Permission>([
    'orders.view',
    'orders.export',
    'reports.view',
    'returns.view',
    'stock.view',
    'catalog.export',
    'invoices.view',
  ]),
};

/** Every permission of a role, in the order of PERMISSIONS (what the dashboard receives). */
export function permissionsOf(role: StaffRole): Permission[] {
  return ALL_PERMISSIONS.filter((p) => ROLE_PERMISSIONS[role].has(p));
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);
}

export function roleAllows(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** What a refused staff action says to the person (the server answers FORBIDDEN with it). */
export function forbiddenMessage(permission: Permission): string {
  return `Tu rol no permite esta acción (${PERMISSIONS[permission].charAt(0).toLowerCase()}${PERMISSIONS[permission].slice(1)}). Pídesela a quien administra la tienda.`;
}
