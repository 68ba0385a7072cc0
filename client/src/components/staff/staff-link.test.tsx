import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils/render';
import { StaffLink } from './staff-link';

describe('StaffLink', () => {
  it("links only to the pages the person's role may open; otherwise shows its fallback", () => {
    renderWithProviders(
      <>
        <StaffLink to="/dashboard/inventario">Ver inventario bajo</StaffLink>
        <StaffLink to="/dashboard/productos/7" fallback="Collar rojo">
          Collar rojo
        </StaffLink>
        <StaffLink to="/dashboard/productos">Volver a productos</StaffLink>
        <StaffLink to="/orders?estado=PAGADO">Órdenes pagadas</StaffLink>
      </>,
      { permissions: ['orders.view', 'stock.view'] },
    );
    expect(screen.getByRole('link', { name: 'Ver inventario bajo' })).toHaveAttribute('href', '/dashboard/inventario');
    expect(screen.getByRole('link', { name: 'Órdenes pagadas' })).toHaveAttribute('href', '/orders?estado=PAGADO');
    expect(screen.queryByRole('link', { name: 'Collar rojo' })).toBeNull();
    expect(screen.getByText('Collar rojo')).toBeInTheDocument();
    expect(screen.queryByText('Volver a productos')).toBeNull();
  });
});
