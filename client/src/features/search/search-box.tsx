import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useShopQuery } from '../../lib/use-shop-query';
import { useLocation, useNavigate } from 'react-router';
import { categoryPath, productPath } from '#shared/storefront-routes.js';
import { formatCop } from '#shared/money.js';
import { SearchSuggestionsDocument } from './search.generated';
import { useDebounced } from './use-debounced';
import './search-box.css';

/** Suggestions start at this many characters, after the shopper stops typing for DEBOUNCE_MS. */
export const MIN_CHARS = 2;
export const DEBOUNCE_MS = 200;

interface Option {
  id: string;
  href: string;
  kind: 'category' | 'product' | 'all';
  label: string;
}

export interface SearchBoxProps {
  /** Distinguishes the header's box from the mobile menu's. */
  variant: 'header' | 'menu';
  /** After a suggestion or a search is chosen (the mobile menu closes). */
  onNavigate?: () => void;
}

/**
 * Search box with suggestions (WAI-ARIA combobox with a listbox popup): products with image and price and
 * categories while typing, arrow keys to move, Enter to open, Escape to close; a live region says how many
 * suggestions there are. Without JavaScript it is a plain GET form to /buscar.
 */
export function SearchBox({ variant, onNavigate }: SearchBoxProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const urlQuery = location.pathname === '/buscar' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const text = value.trim();
  const settled = useDebounced(text, DEBOUNCE_MS);
  const { data, previousData } = useShopQuery(SearchSuggestionsDocument, {
    variables: { query: settled },
    skip: settled.length < MIN_CHARS,
  });
  // The box shows the text of the results page it led to (and follows the back button there).
  // Text typed into the server-rendered box before the page hydrated: taken up once it has.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== value) {
      setValue(typed);
      setOpen(document.activeElement === input.current);
    }
    // Only once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [shownQuery, setShownQuery] = useState(urlQuery);
  if (shownQuery !== urlQuery) {
    setShownQuery(urlQuery);
    setValue(urlQuery);
  }

  // While new suggestions load the previous ones stay, unless they were for a different text altogether.
  const shown = (data ?? previousData)?.searchSuggestions;
  const [a, b] = [text.toLowerCase(), shown?.query.toLowerCase() ?? ''];
  const result = text.length >= MIN_CHARS && shown && (a.startsWith(b) || b.startsWith(a)) ? shown : undefined;
  const options: Option[] = [];
  for (const c of result?.categories.slice(0, 3) ?? [])
    options.push({ id: `${listId}-c-${c.slug}`, href: categoryPath(c.slug), kind: 'category', label: c.name });
  for (const node of result?.products ?? [])
    options.push({ id: `${listId}-p-${node.id}`, href: productPath(node), kind: 'product', label: node.name });
  if (result && text)
    options.push({
      id: `${listId}-all`,
      href: `/buscar?q=${encodeURIComponent(text)}`,
      kind: 'all',
      label: `Ver todos los resultados para «${text}»`,
    });
  const expanded = open && options.length > 0;
  const current = expanded && active >= 0 ? options[active] : undefined;
  const suggestions = options.length - (result && text ? 1 : 0);

  function go(href: string) {
    setOpen(false);
    setActive(-1);
    if (!href.startsWith('/buscar')) setValue('');
    onNavigate?.();
    navigate(href);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (current) return go(current.href);
    go(text ? `/buscar?q=${encodeURIComponent(text)}` : '/buscar');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = options.length;
      if (!n) return;
      setOpen(true);
      if (e.key === 'ArrowDown') setActive((i) => (!expanded ? 0 : (i + 1) % n));
      else setActive((i) => (i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        e.preventDefault();
        e.stopPropagation();
        setValue('');
      }
    }
  }

  let status = '';
  if (expanded)
    status =
      suggestions === 0
        ? `Sin sugerencias para «${text}». Pulsa Enter para buscar.`
        : `${suggestions} ${suggestions === 1 ? 'sugerencia' : 'sugerencias'}. Usa las flechas para recorrerlas.`;

  return (
    <form
      role="search"
      action="/buscar"
      method="get"
      className={`search-box search-box--${variant}`}
      onSubmit={onSubmit}
    >
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        Buscar productos
      </label>
      <input
        id={`${listId}-input`}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        placeholder="Buscar collares, arneses…"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={current?.id}
        ref={input}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="search-box__submit" aria-label="Buscar">
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
      <ul id={listId} role="listbox" aria-label="Sugerencias" className="search-box__list" hidden={!expanded}>
        {expanded
          ? options.map((o, i) => {
              const product =
                o.kind === 'product' ? result?.products.find((node) => `${listId}-p-${node.id}` === o.id) : undefined;
              return (
                <li
                  key={o.id}
                  id={o.id}
                  role="option"
                  aria-selected={i === active}
                  className={`search-box__option search-box__option--${o.kind}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(o.href)}
                >
                  {product ? (
                    <>
                      {product.images[0] ? (
                        <img src={product.images[0].url} alt="" width="48" height="48" loading="lazy" />
                      ) : (
                        <span className="search-box__thumb" />
                      )}
                      <span className="search-box__name">{product.name}</span>
                      <span className="search-box__price">
                        {formatCop(product.price)}
                        {product.soldOut ? <span className="search-box__soldout"> · Agotado</span> : null}
                      </span>
                    </>
                  ) : o.kind === 'category' ? (
                    <>
                      <span className="search-box__tag">Categoría</span>
                      <span className="search-box__name">{o.label}</span>
                    </>
                  ) : (
                    <span className="search-box__name">{o.label}</span>
                  )}
                </li>
              );
            })
          : null}
      </ul>
      <div className="visually-hidden" role="status" aria-live="polite">
        {status}
      </div>
    </form>
  );
}
