import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '#shared/staff-access.js';
import { pagePermission, STAFF_NAV } from './staff-pages';

const menuOf = (role: keyof typeof ROLE_PERMISSIONS) =>
  STAFF_NAV.filter((i) => i.permission === null || ROLE_PERMISSIONS[role].has(i.permission)).map((i) => i.label);

describe('dashboard pages by role', () => {
  it('each page needs the permission of what it shows', () => {
    expect(pagePermission('/dashboard')).toBeNull();
    expect(pagePermission('/orders')).toBe('orders.view');
    expect(pagePermission('/orders/empaque')).toBe('orders.view');
    expect(pagePermission('/detail-order/12')).toBe('orders.view');
    expect(pagePermission('/dashboard/productos')).toBe('catalog.view');
    expect(pagePermission('/dashboard/productos/nuevo')).toBe('catalog.edit');
    expect(pagePermission('/dashboard/productos/7')).toBe('catalog.view');
    expect(pagePermission('/dashboard/codigos-descuento/')).toBe('discounts.view');
    expect(pagePermission('/dashboard/equipo')).toBe('staff.manage');
    expect(pagePermission('/dashboard/actividad')).toBe('audit.view');
    expect(pagePermission('/dashboard/productos/importar')).toBe('catalog.export');
    expect(pagePermission('/dashboard/canales')).toBe('catalog.view');
    expect(pagePermission('/dashboard/facturacion')).toBe('invoices.view');
    expect(pagePermission('/dashboard/datos-legales')).toBe('legal.manage');
    expect(pagePermission('/dashboard/operaciones')).toBe('operations.view');
    expect(pagePermission('/orders?estado=PAGADO')).toBe('orders.view');
    expect(pagePermission('/dashboard?x=/orders')).toBeNull();
  });

  it('the menu of each role', () => {
    expect(menuOf('operador')).toEqual(['Inicio', 'Órdenes', 'Devoluciones', 'Inventario bajo']);
    expect(menuOf('consulta')).toEqual([
      'Inicio',
      'Órdenes',
      'Devoluciones',
      'Inventario bajo',
      'Importar y exportar',
      'Facturación electrónica',
    ]);
    expect(menuOf('administrador')).not.toContain('Equipo');
    expect(menuOf('administrador')).not.toContain('Medios de pago');
    expect(menuOf('administrador')).not.toContain('Datos legales');
    expect(menuOf('administrador')).toContain('Copias y alertas');
    expect(menuOf('propietario')).toEqual(STAFF_NAV.map((i) => i.label));
  });
});
