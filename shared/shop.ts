/**
 * Shop constants. The one place for them: the server prices with them and the client
 * shows them; neither keeps a copy.
 */
export const BRAND = 'Enzo';
export const SHOP_TITLE = `${BRAND} | Accesorios para mascotas`;
/** Merchandise (after discount) from which shipping is free, in COP. */
export const FREE_SHIPPING_THRESHOLD = 150_000;
/** Shipping fee below the threshold, in COP. */
export const SHIPPING_FEE = 16_500;
/** Colombian IVA, already included in every price. */
export const IVA_RATE = 0.19;
export const MAX_PAGE_SIZE = 48;
export const MAX_LINE_QUANTITY = 99;
export const MAX_CART_LINES = 50;
export const SIZE_LABELS = ['XS', 'S', 'M', 'L', 'XL'] as const;
/** Shop time zone: days, dates and business hours are Bogotá's. */
export const SHOP_TIME_ZONE = 'America/Bogota';

/** Search: the text searched is the first 100 characters (at most 8 words of at most 30 characters). */
export const SEARCH_MAX_CHARS = 100;
export const SEARCH_MAX_WORDS = 8;
export const SEARCH_MAX_WORD_CHARS = 30;
/**
 * A search counts and ranks at most this many matching products: up to it every figure is exact; past it the total
 * reads «más de 1.000», the counts per filter option are those of the first matches (shown without numbers) and the
 * page ranks the first matches of the shop's order by relevance. Keeps every search's work bounded whatever the
 * catalogue's size.
 */
export const SEARCH_EXACT_LIMIT = 1000;
/** Products the search box suggests while typing (at most). */
export const MAX_SUGGESTIONS = 10;
/** Price ranges offered as a listing filter, inclusive, integer COP (`max: null` = no upper bound). */
export const PRICE_RANGES: readonly { min: number; max: number | null }[] = [
  { min: 0, max: 40_000 },
  { min: 40_001, max: 80_000 },
  { min: 80_001, max: 120_000 },
  { min: 120_001, max: null },
];
/** Highest price a filter or an edit accepts, in COP. */
export const MAX_PRICE = 100_000_000;
