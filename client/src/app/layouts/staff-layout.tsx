import '../../components/staff/staff.css';
import { Suspense, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { Permission } from '#shared/staff-access.js';
import { PageFallback } from '../page-fallback';
import { useStaffSession, type StaffSession } from '../../features/staff-session';
import { pagePermission, STAFF_NAV, type StaffNavItem } from './staff-pages';
import { StaffPermissionsProvider } from '../../lib/staff-permissions';
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
        <NoAccess email={session.email} message={session.message} />
      </main>
    );
  }
  return <DashboardLayout session={session} />;
}

/** A page the person's role does not include: said in Spanish, with the way back (the server refuses it too). */
function NotForYourRole({ roleLabel }: { roleLabel: string }) {
  return (
    <section className="staff-page" aria-labelledby="no-permission-title">
      <h1 id="no-permission-title">Esta página no está disponible para tu rol</h1>
      <p role="alert">
        Tu rol ({roleLabel}) no incluye esta sección del panel. Si la necesitas, pídesela a la persona propietaria de la
        tienda.
      </p>
      <p>
        <Link to="/dashboard">Volver al inicio</Link>
      </p>
    </section>
  );
}

function DashboardLayout({ session }: { session: Extract<StaffSession, { status: 'staff' }> }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut, error } = useSignOut();
  const close = () => setOpen(false);
  const can = (p: Permission | null) => p === null || session.permissions.has(p);
  const needed = pagePermission(location.pathname);
  const items = STAFF_NAV.filter((item) => can(item.permission));
  const groups: Array<{ label: string | null; items: StaffNavItem[] }> = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (item.group && last?.label === item.group) last.items.push(item);
    else groups.push({ label: item.group ?? null, items: [item] });
  }

  async function handleSignOut() {
    if (await signOut()) navigate(LOGIN, { replace: true });
  }

  const link = (item: StaffNavItem) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end} onClick={close}>
        {item.label}
      </NavLink>
    </li>
  );

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
        <p className="staff-nav__who">
          {session.name || session.email} · <span>{session.roleLabel}</span>
        </p>
        <ul>
          {groups.map((g) =>
            g.label ? (
              <li key={g.label}>
                <span className="staff-nav__group">{g.label}</span>
                <ul>{g.items.map(link)}</ul>
              </li>
            ) : (
              g.items.map(link)
            ),
          )}
          <li>
            <button type="button" className="staff-nav__signout" onClick={() => void handleSignOut()}>
              Cerrar Sesión
            </button>
            <ActionError message={error} />
          </li>
        </ul>
      </nav>
      <main id="staff-main" className="staff-main" tabIndex={-1}>
        {can(needed) ? (
          <StaffPermissionsProvider value={session.permissions}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </StaffPermissionsProvider>
        ) : (
          <NotForYourRole roleLabel={session.roleLabel} />
        )}
      </main>
    </div>
  );
}
