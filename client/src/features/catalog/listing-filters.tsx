import { startTransition, useEffect, useId, useOptimistic, useRef, useState, type FormEvent } from 'react';
import { formatCop, formatDecimal } from '#shared/money.js';
import { useFocusTrap } from '../../lib/use-focus-trap';
import type { ListingFacetsFieldsFragment } from './catalog.generated';
import {
  activeFilterCount,
  formParams,
  PETS,
  priceParam,
  readListingParams,
  SIZE_LABELS,
  SORTS,
  type ListingState,
} from './listing-url';

export interface ListingFiltersProps {
  /** Where the form goes without JavaScript (the page itself). */
  action: string;
  state: ListingState;
  facets: ListingFacetsFieldsFragment | undefined;
  total: number | undefined;
  /** False when a search matched more than `total` products (it counts up to a limit). */
  totalExact?: boolean;
  /** Category filter (search results only). */
  showCategories: boolean;
  /** Fields kept on every submit (`q` on /buscar). */
  hidden?: Record<string, string>;
  /** New URL query after a change (JavaScript on). */
  onApply: (params: URLSearchParams) => void;
}

function priceLabel(min: number, max: number | null | undefined): string {
  if (min <= 0 && max != null) return `Hasta ${formatCop(max)}`;
  if (max == null) return `Más de ${formatCop(Math.max(0, min - 1))}`;
  return `${formatCop(Math.max(0, min - 1))} a ${formatCop(max)}`;
}

const countOf = (list: readonly { count: number }[] | undefined, i: number) => list?.[i]?.count;

/** «1 producto», «24 productos», or «Más de 1.000 productos» when a search matched more than it counts. */
export function productCount(total: number, exact = true): string {
  if (!exact) return `Más de ${formatDecimal(total, 0)} productos`;
  return `${formatDecimal(total, 0)} ${total === 1 ? 'producto' : 'productos'}`;
}

/**
 * Sort and filters as a plain GET form (works without JavaScript once pages are server-rendered); with
 * JavaScript every change applies at once (one history entry each) and, below 900 px, the filters open as a
 * modal panel from the "Filtrar" button.
 */
export function ListingFilters({
  action,
  state,
  facets,
  total,
  totalExact = true,
  showCategories,
  hidden,
  onApply,
}: ListingFiltersProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { ref, onKeyDown } = useFocusTrap(open, () => setOpen(false));
  const panelId = useId();
  const titleId = useId();
  useEffect(() => setEnhanced(true), []);
  // The router renders a new URL in a transition, which on a slow phone takes a while; until it commits, the
  // form shows what the shopper just chose (a controlled box would otherwise spring back unchecked meanwhile).
  const [shown, showChosen] = useOptimistic(state);
  const active = activeFilterCount(shown, showCategories);
  // Counts of only the first matches of a very broad search are not shown (nor used to disable an option).
  const counted = facets?.exact === false ? undefined : facets;

  const applyParams = (params: URLSearchParams) =>
    startTransition(() => {
      showChosen(readListingParams(params));
      onApply(params);
    });
  const apply = () => formRef.current && applyParams(formParams(formRef.current));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply();
    setOpen(false);
  };
  const clearHref = hidden && Object.keys(hidden).length ? `${action}?${new URLSearchParams(hidden)}` : action;
  const option = (
    name: string,
    value: string,
    label: string,
    checked: boolean,
    count: number | undefined,
    type: 'checkbox' | 'radio' = 'checkbox',
  ) => (
    <label key={`${name}=${value}`} className={`listing-filters__option${count === 0 && !checked ? ' is-empty' : ''}`}>
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        disabled={count === 0 && !checked}
        onChange={apply}
      />
      <span>{label}</span>
      {count !== undefined ? <span className="listing-filters__count">({count})</span> : null}
    </label>
  );

  return (
    <form
      ref={formRef}
      method="get"
      action={action}
      className="listing-form"
      data-enhanced={enhanced || undefined}
      onSubmit={onSubmit}
    >
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="catalog__toolbar">
        {/* In the server-rendered HTML too (no shift when the page hydrates); hidden without JavaScript (index.html). */}
        <button
          type="button"
          className="button button--secondary listing-form__open"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(true)}
        >
          Filtrar{active ? ` (${active})` : ''}
        </button>
        <p className="catalog__count" aria-live="polite">
          {total !== undefined ? productCount(total, totalExact) : '\u00a0'}
        </p>
        <label className="catalog__sort">
          Ordenar por
          <select name="orden" value={SORTS.find((s) => s.sort === shown.sort)?.value} onChange={apply}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {open ? <div className="listing-filters__overlay" aria-hidden="true" onClick={() => setOpen(false)} /> : null}
      <div
        id={panelId}
        ref={ref}
        className={`listing-filters${open ? ' is-open' : ''}`}
        role={open ? 'dialog' : 'group'}
        aria-modal={open || undefined}
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={open ? onKeyDown : undefined}
      >
        <div className="listing-filters__head">
          <h2 id={titleId}>Filtrar</h2>
          {open ? (
            <button type="button" className="icon-button" aria-label="Cerrar filtros" onClick={() => setOpen(false)}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {showCategories && facets?.categories.length ? (
          <fieldset>
            <legend>Categoría</legend>
            {facets.categories.map((c) =>
              option('categoria', c.slug, c.name, shown.categories.includes(c.slug), counted && c.count),
            )}
          </fieldset>
        ) : null}
        <fieldset>
          <legend>Talla</legend>
          <div className="listing-filters__sizes">
            {SIZE_LABELS.map((label, i) =>
              option('talla', label, label, shown.sizes.includes(label), countOf(counted?.sizes, i)),
            )}
          </div>
        </fieldset>
        <fieldset>
          <legend>Precio</legend>
          {option('precio', '', 'Cualquier precio', shown.price === '', undefined, 'radio')}
          {facets?.priceRanges.map((r) => {
            const value = priceParam(r.min, r.max ?? null);
            return option(
              'precio',
              value,
              priceLabel(r.min, r.max),
              shown.price === value,
              counted && r.count,
              'radio',
            );
          })}
        </fieldset>
        <fieldset>
          <legend>Mascota</legend>
          {PETS.map((p, i) =>
            option('mascota', p.value, p.label, shown.pets.includes(p.pet), countOf(counted?.pets, i)),
          )}
        </fieldset>
        <fieldset>
          <legend>Disponibilidad</legend>
          {option('disponible', '1', 'Solo disponibles', shown.inStock, counted?.inStock)}
        </fieldset>
        <div className="listing-filters__actions">
          <button type="submit" className={`button${enhanced && !open ? ' listing-filters__submit--auto' : ''}`}>
            {open && total !== undefined ? `Ver ${productCount(total, totalExact).toLowerCase()}` : 'Aplicar filtros'}
          </button>
          {active ? (
            <a
              className="listing-filters__clear"
              href={clearHref}
              onClick={(e) => (e.preventDefault(), applyParams(new URLSearchParams(hidden)), setOpen(false))}
            >
              Limpiar filtros
            </a>
          ) : null}
        </div>
      </div>
    </form>
  );
}
