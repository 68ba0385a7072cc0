import type { Pet, ProductFilter, ProductSort } from '../../gql/types';
import { SIZE_LABELS } from '#shared/shop.js';

/**
 * Filter and sort state of a listing lives in the URL (shareable, back button, works as a plain GET form):
 * `q`, `talla` (repeatable), `precio=min-max`, `mascota=perro|gato` (repeatable), `disponible=1`,
 * `categoria` (repeatable, search only), `orden`. Unknown or malformed values are dropped, never sent.
 */
export { SIZE_LABELS };

export const PETS: { value: string; pet: Pet; label: string }[] = [
  { value: 'perro', pet: 'DOG', label: 'Perro' },
  { value: 'gato', pet: 'CAT', label: 'Gato' },
];

export const SORTS: { value: string; sort: ProductSort; label: string }[] = [
  { value: 'relevancia', sort: 'RELEVANCE', label: 'Relevancia' },
  { value: 'menor-precio', sort: 'PRICE_ASC', label: 'Menor precio' },
  { value: 'mayor-precio', sort: 'PRICE_DESC', label: 'Mayor precio' },
  { value: 'nuevos', sort: 'NEWEST', label: 'Más nuevos' },
];

export interface ListingState {
  q: string;
  sizes: string[];
  pets: Pet[];
  /** `min-max` as in the URL (either side may be empty), or '' for any price. */
  price: string;
  inStock: boolean;
  categories: string[];
  sort: ProductSort;
}

const PRICE = /^(\d{0,9})-(\d{0,9})$/;

export function priceParam(min: number | null, max: number | null): string {
  return `${min ?? ''}-${max ?? ''}`;
}

export function readListingParams(params: URLSearchParams): ListingState {
  const price = params.get('precio') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    sizes: [...new Set(params.getAll('talla'))].filter((s) => (SIZE_LABELS as readonly string[]).includes(s)),
    pets: PETS.filter((p) => params.getAll('mascota').includes(p.value)).map((p) => p.pet),
    price: PRICE.test(price) && price !== '-' ? price : '',
    inStock: params.get('disponible') === '1',
    categories: [...new Set(params.getAll('categoria'))].filter((c) => /^[a-z0-9-]{1,40}$/.test(c)).slice(0, 10),
    sort: SORTS.find((s) => s.value === params.get('orden'))?.sort ?? 'RELEVANCE',
  };
}

/** The GraphQL filter for a state, or undefined when nothing narrows (same cache key as the plain listing). */
export function listingFilter(state: ListingState, withCategories: boolean): ProductFilter | undefined {
  const filter: ProductFilter = {};
  if (state.sizes.length) filter.sizes = state.sizes;
  if (state.pets.length) filter.pets = state.pets;
  if (state.inStock) filter.inStock = true;
  if (withCategories && state.categories.length) filter.categories = state.categories;
  const m = PRICE.exec(state.price);
  if (m) {
    let [min, max] = [m[1] ? Number(m[1]) : null, m[2] ? Number(m[2]) : null];
    if (min !== null && max !== null && min > max) [min, max] = [max, min];
    if (min !== null) filter.minPrice = min;
    if (max !== null) filter.maxPrice = max;
  }
  return Object.keys(filter).length ? filter : undefined;
}

/** How many filters are on (the "Filtrar" button shows it). */
export function activeFilterCount(state: ListingState, withCategories: boolean): number {
  return (
    state.sizes.length +
    state.pets.length +
    (state.inStock ? 1 : 0) +
    (state.price ? 1 : 0) +
    (withCategories ? state.categories.length : 0)
  );
}

/** URL query of a submitted filter form: empty values left out, order kept. */
export function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string' && value !== '' && !(key === 'orden' && value === 'relevancia'))
      params.append(key, value);
  }
  return params;
}
