import { badInput } from '../../common/errors.js';
import { MAX_PRICE, SEARCH_MAX_CHARS, SEARCH_MAX_WORD_CHARS, SEARCH_MAX_WORDS, SIZE_LABELS } from '#shared/shop.js';
import type { Pet } from './product.entity.js';

/** What a shopper typed, ready for SQL. */
export interface SearchText {
  /** Shown back to the shopper: trimmed, spaces collapsed, at most SEARCH_MAX_CHARS characters. */
  display: string;
  /** Lower case, accents removed, only [a-z0-9] runs; empty when nothing searchable was typed (emoji, symbols). */
  words: string[];
}

/**
 * Normalises a search box value. Null for a blank query (no text constraint). The rule for long
 * input: the first 100 characters (cut at the last space when there is one), then at most 8 words
 * of at most 30 characters each. Everything else is dropped, never sent to PostgreSQL.
 */
export function parseSearchText(raw: string | null | undefined): SearchText | null {
  if (raw == null) return null;
  let display = raw
    .slice(0, SEARCH_MAX_CHARS * 4)
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
  if (display === '') return null;
  if (display.length > SEARCH_MAX_CHARS) {
    const cut = display.slice(0, SEARCH_MAX_CHARS);
    const space = cut.lastIndexOf(' ');
    display = (space > SEARCH_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trim();
  }
  const folded = display
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const words = folded
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, SEARCH_MAX_WORDS)
    .map((w) => w.slice(0, SEARCH_MAX_WORD_CHARS));
  return { display, words };
}

export interface ProductFilterInput {
  categories?: readonly string[] | null;
  sizes?: readonly string[] | null;
  pets?: readonly Pet[] | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  inStock?: boolean | null;
}

/** A validated filter: empty lists and nulls mean "any". */
export interface ProductFilter {
  categories: string[];
  sizes: string[];
  pets: Pet[];
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
}

export const NO_FILTER: ProductFilter = {
  categories: [],
  sizes: [],
  pets: [],
  minPrice: null,
  maxPrice: null,
  inStock: false,
};

const SLUG = /^[a-z0-9-]{1,40}$/;

function price(value: number | null | undefined, field: string): number | null {
  if (value == null) return null;
  if (!Number.isInteger(value) || value < 0 || value > MAX_PRICE)
    throw badInput('El precio debe ser un número entero de pesos entre 0 y 100.000.000.', field);
  return value;
}

/** Validates a ProductFilter; bad input is a BAD_USER_INPUT error with a Spanish message and the field. */
export function parseFilter(input: ProductFilterInput | null | undefined): ProductFilter {
  if (!input) return NO_FILTER;
  const categories = [...new Set(input.categories ?? [])];
  if (categories.length > 20 || categories.some((c) => !SLUG.test(c)))
    throw badInput('La categoría del filtro no es válida.', 'filter.categories');
  const sizes = [...new Set(input.sizes ?? [])];
  const unknown = sizes.find((s) => !(SIZE_LABELS as readonly string[]).includes(s));
  if (unknown !== undefined)
    throw badInput(`La talla «${unknown.slice(0, 10)}» no existe. Tallas: ${SIZE_LABELS.join(', ')}.`, 'filter.sizes');
  const minPrice = price(input.minPrice, 'filter.minPrice');
  const maxPrice = price(input.maxPrice, 'filter.maxPrice');
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    throw badInput('El precio mínimo no puede ser mayor que el máximo.', 'filter.minPrice');
  return {
    categories,
    sizes,
    pets: [...new Set(input.pets ?? [])],
    minPrice,
    maxPrice,
    inStock: input.inStock === true,
  };
}

export function isEmptyFilter(f: ProductFilter): boolean {
  return (
    !f.categories.length &&
    !f.sizes.length &&
    !f.pets.length &&
    f.minPrice === null &&
    f.maxPrice === null &&
    !f.inStock
  );
}
