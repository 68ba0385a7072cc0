/**
 * Shop constants (design.md §2). The one place for them: the server prices with them and the client
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
