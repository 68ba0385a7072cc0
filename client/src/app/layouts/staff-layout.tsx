import '../../components/staff/staff.css';
import { Suspense, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { PageFallback } from '../page-fallback';
import { useStaffSession } from '../../features/staff-session';
import {
  NoAccess,
  SessionLoading,
  SessionStarting,
  SessionUnavailable,
  useSignOut,
} from '../../features/staff-session';
import { ActionError } from '../../components/staff/query-error';

const LOGIN = '/login-dashboard-enzo-fpl';

/** Dashboard layout route: waits for the auth state, guards every staff page, side navigation. */
export function StaffShell() {
  const session = useStaffSession();
  const location = useLocation();
  if (session.status === 'loading') {
    return (
      <main className="layout-auth">
        <SessionLoading />
      </main>
    );
  }
  if (session.status === 'starting') {
    return (
      <main className="layout-auth">
        <SessionStarting />
      </main>
    );
  }
  if (session.status === 'unavailable') {
    return (
      <main className="layout-auth">
        <SessionUnavailable />
      </main>
    );
  }
  if (session.status === 'signed-out') {
    return <Navigate to={`${LOGIN}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (session.status === 'not-staff') {
    return (
      <main className="layout-auth">
        <NoAccess email={session.email} />
      </main>
    );
  }
  return <DashboardLayout />;
}

function DashboardLayout() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { signOut, error } = useSignOut();
  const close = () => setOpen(false);

  async function handleSignOut() {
    if (await signOut()) navigate(LOGIN, { replace: true });
  }

  return (
    <div
      className={`staff-layout${open ? ' staff-layout--nav-open' : ''}`}
      onKeyDown={(e) => {
        // Escape closes the phone menu and gives the focus back to its toggle.
        if (e.key === 'Escape' && open) {
          setOpen(false);
          document.querySelector<HTMLElement>('.staff-nav-toggle')?.focus();
        }
      }}
    >
      <a className="skip-link" href="#staff-main">
        Saltar al contenido
      </a>
      <header className="staff-topbar">
        <button
          type="button"
          className="staff-nav-toggle"
          aria-expanded={open}
          aria-controls="staff-nav"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Cerrar menú' : 'Menú'}
        </button>
        <span className="staff-topbar__brand">Enzo · Panel</span>
      </header>
      <nav id="staff-nav" className="staff-nav" aria-label="Panel de administración">
        <p className="staff-nav__brand">Enzo · Panel</p>
        <ul>
          <li>
            <NavLink to="/dashboard" end onClick={close}>
              Inicio
            </NavLink>
          </li>
          <li>
            <span className="staff-nav__group">Administrar Ventas</span>
            <ul>
              <li>
                <NavLink to="/orders" onClick={close}>
                  Ordenes
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/devoluciones" onClick={close}>
                  Devoluciones
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/envios" onClick={close}>
                  Envíos
                </NavLink>
              </li>
            </ul>
          </li>
          <li>
            <span className="staff-nav__group">Catálogo</span>
            <ul>
              <li>
                <NavLink to="/dashboard/productos" onClick={close}>
                  Productos
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/inventario" onClick={close}>
                  Inventario bajo
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/productos/importar" onClick={close}>
                  Importar y exportar
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/canales" onClick={close}>
                  Canales (Google y Meta)
                </NavLink>
              </li>
            </ul>
          </li>
          <li>
            <NavLink to="/dashboard/contenido" onClick={close}>
              Contenido de la tienda
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard/codigos-descuento" onClick={close}>
              Códigos de descuento
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard/pagos" onClick={close}>
              Medios de pago
            </NavLink>
          </li>
          <li>
            <button type="button" className="staff-nav__signout" onClick={() => void handleSignOut()}>
              Cerrar Sesión
            </button>
            <ActionError message={error} />
          </li>
        </ul>
      </nav>
      <main id="staff-main" className="staff-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
