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
