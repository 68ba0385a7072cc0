import { memo, useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useFocusTrap } from '../lib/use-focus-trap';
import { NAV_LINKS, NAV_MENUS, type NavMenu } from './site-nav-data';

interface MobileMenuProps {
  /** Shown; closed, the drawer stays in the page hidden (`hidden`: out of layout and of the accessibility tree). */
  open: boolean;
  onClose: () => void;
  /** The cart entry (button with badge) shown inside the menu. */
  cart: ReactNode;
  /** The search box shown above the links. */
  search?: ReactNode;
  /** Links to the campaign pages that are on (before the fixed links). */
  campaignLinks?: Array<{ to: string; label: string; mobileLabel?: string }>;
}

const NO_LINKS: NonNullable<MobileMenuProps['campaignLinks']> = [];

/**
 * Mobile navigation drawer (left): collapsible sections, links and the cart. It may stay mounted while closed, so
 * that opening it is an attribute change rather than building its tree while the shopper waits.
 */
export function MobileMenu({ open, onClose, cart, search, campaignLinks = NO_LINKS }: MobileMenuProps) {
  const titleId = useId();
  const { ref, onKeyDown } = useFocusTrap(open, onClose);
  return createPortal(
    <div className="drawer-root mobile-menu-root" hidden={!open}>
      <div className="drawer-overlay" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        className="drawer drawer--left mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="drawer__header">
          <h2 id={titleId} className="drawer__title">
            Menú
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label="Cerrar menú">
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <nav className="drawer__body mobile-menu__nav" aria-label="Menú principal">
          {search}
          <MenuLinks campaignLinks={campaignLinks} onNavigate={onClose} />
        </nav>
        <footer className="drawer__footer mobile-menu__cart">{cart}</footer>
      </div>
    </div>,
    document.body,
  );
}

/** The sections and links; memoised: opening or closing the drawer leaves them as they are. */
const MenuLinks = memo(function MenuLinks({
  campaignLinks,
  onNavigate,
}: {
  campaignLinks: NonNullable<MobileMenuProps['campaignLinks']>;
  onNavigate: () => void;
}) {
  return (
    <ul className="mobile-menu__list">
      {NAV_MENUS.map((menu) => (
        <MobileSection key={menu.id} menu={menu} onNavigate={onNavigate} />
      ))}
      {[...campaignLinks, ...NAV_LINKS].map((link) => (
        <li key={link.to}>
          <Link className="mobile-menu__link" to={link.to} onClick={onNavigate}>
            {link.mobileLabel ?? link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
});

function MobileSection({ menu, onNavigate }: { menu: NavMenu; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li>
      <button
        type="button"
        className="mobile-menu__section"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {menu.label}
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 12 12" className={open ? 'is-open' : undefined}>
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={panelId} className="mobile-menu__sub" hidden={!open}>
        {open
          ? menu.items.map((item) => (
              <li key={item.to}>
                <Link className="mobile-menu__link" to={item.to} onClick={onNavigate}>
                  {item.label}
                </Link>
              </li>
            ))
          : null}
      </ul>
    </li>
  );
}
