import { useCallback, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { formatCop } from '#shared/money.js';
import { NavDropdown } from './nav-dropdown';
import { NAV_LINKS, NAV_MENUS } from './site-nav-data';
import './site-header.css';

interface SiteHeaderViewProps {
  /** The cart button (with its badge), supplied by the app wiring. */
  cart: ReactNode;
  /** The search box (desktop; on phones it lives in the menu), supplied by the app wiring. */
  search?: ReactNode;
  /** The «Menú» button (phones and tablets), supplied by the app wiring so that only it follows the drawer's state. */
  menuButton: ReactNode;
  /** Links to the campaign pages that are on (before the fixed links). */
  campaignLinks?: Array<{ to: string; label: string }>;
  /** The free-shipping threshold staff set (COP); the banner waits for it. */
  freeShippingFrom?: number | null;
}

/** Sticky header: free-shipping banner, brand, desktop menus (≥ 1024px) or the Menú button, search, cart. */
export function SiteHeaderView({
  cart,
  search,
  menuButton,
  campaignLinks = [],
  freeShippingFrom = null,
}: SiteHeaderViewProps) {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const setMenu = useCallback(
    (id: string) => (open: boolean) => setOpenMenu((current) => (open ? id : current === id ? null : current)),
    [],
  );
  return (
    <header className="site-header">
      {/* Same height while the settings load (no layout shift). */}
      <p className="site-header__banner">
        {freeShippingFrom === null
          ? '\u00a0'
          : `Envío gratis en compras desde ${formatCop(freeShippingFrom).replace(' ', '')}`}
      </p>
      <div className="site-header__bar">
        {menuButton}
        <Link to="/" className="site-header__brand" aria-label="Enzo, ir al inicio">
          Enzo
        </Link>
        <nav className="site-header__nav" aria-label="Principal">
          <ul className="site-header__links">
            {NAV_MENUS.map((menu) => (
              <NavDropdown key={menu.id} menu={menu} open={openMenu === menu.id} onOpenChange={setMenu(menu.id)} />
            ))}
            {[...campaignLinks, ...NAV_LINKS].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-header__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">{cart}</div>
        {search ? <div className="site-header__search">{search}</div> : null}
      </div>
    </header>
  );
}

/** The button that opens the Menú drawer; `expanded` says whether the drawer is open. */
export function MenuButton({ expanded, onOpen }: { expanded: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="site-header__menu-button"
      aria-label="Menú"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onOpen}
    >
      <svg
        aria-hidden="true"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M4 7h16M4 12h16M4 17h16" />
      </svg>
    </button>
  );
}
