/** Business constants (design.md §2). One place; the client reads them through `shopSettings`. */
export const BRAND = 'Enzo';
export const SHOP_TITLE = 'Enzo | Accesorios para mascotas';
export const FREE_SHIPPING_THRESHOLD = 150_000;
export const SHIPPING_FEE = 16_500;
export const IVA_RATE = 0.19;
export const MAX_PAGE_SIZE = 48;
export const MAX_LINE_QUANTITY = 99;
export const MAX_CART_LINES = 50;
export const SIZE_LABELS = ['XS', 'S', 'M', 'L', 'XL'] as const;

/** Search: the text searched is the first 100 characters (at most 8 words of at most 30 characters). */
export const SEARCH_MAX_CHARS = 100;
export const SEARCH_MAX_WORDS = 8;
export const SEARCH_MAX_WORD_CHARS = 30;
/** Price ranges offered as a filter, inclusive, integer COP (`max: null` = no upper bound). */
export const PRICE_RANGES: readonly { min: number; max: number | null }[] = [
  { min: 0, max: 40_000 },
  { min: 40_001, max: 80_000 },
  { min: 80_001, max: 120_000 },
  { min: 120_001, max: null },
];
export const MAX_PRICE = 100_000_000;
