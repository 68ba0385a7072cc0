import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { NavMenu } from './site-nav-data';

interface NavDropdownProps {
  menu: NavMenu;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Desktop dropdown: a disclosure button (aria-expanded/controls) and a panel of links. */
export function NavDropdown({ menu, open, onOpenChange }: NavDropdownProps) {
  const panelId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, onOpenChange]);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      onOpenChange(false);
      buttonRef.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const links = [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.nav-dropdown__panel a') ?? [])];
    if (!open) {
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        onOpenChange(true);
        requestAnimationFrame(() =>
          rootRef.current?.querySelector<HTMLAnchorElement>('.nav-dropdown__panel a')?.focus(),
        );
      }
      return;
    }
    e.preventDefault();
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = e.key === 'ArrowDown' ? (index + 1) % links.length : (index - 1 + links.length) % links.length;
    links[next]?.focus();
  }

  return (
    <li
      ref={rootRef}
      className="nav-dropdown"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (open && !rootRef.current?.contains(e.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-dropdown__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        {menu.label}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div id={panelId} className="nav-dropdown__panel" hidden={!open}>
        <ul>
          {menu.items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} onClick={() => onOpenChange(false)}>
                <span className="nav-dropdown__label">{item.label}</span>
                {item.description ? <span className="nav-dropdown__description">{item.description}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
