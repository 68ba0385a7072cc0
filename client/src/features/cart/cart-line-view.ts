import { categoryPath, productPath } from '#shared/storefront-routes.js';
import type { CartLine } from './cart-storage';
import type { CartQuoteFieldsFragment } from './cart.generated';

export type QuoteLine = CartQuoteFieldsFragment['lines'][number];

/**
 * A cart line as the drawer and checkout draw it: what it is (from the server's quote, or until the quote comes,
 * from what the product page showed when it was added) and what it costs (from the quote only).
 */
export interface LineView {
  productId: string;
  sizeId: string;
  quantity: number;
  /** Null while nothing says what it is (a line stored without its looks, before its quote). */
  name: string | null;
  href: string | null;
  category: { href: string; name: string } | null;
  image: string | null;
  sizeLabel: string | null;
  /** The server's unit price and limits; null until a quote has priced this line. */
  unitPrice: number | null;
  maxQuantity: number | null;
  /** The server's total for this very quantity; null until a quote for it comes. */
  lineTotal: number | null;
  problem: QuoteLine['problem'];
}

const UNAVAILABLE = 'Producto no disponible';

/** A line as the quote has it. */
export function lineFromQuote(line: QuoteLine): LineView {
  const { product } = line;
  return {
    productId: line.productId,
    sizeId: line.sizeId,
    quantity: line.quantity,
    name: product?.name ?? UNAVAILABLE,
    href: product ? productPath(product) : null,
    category: product ? { href: categoryPath(product.category.slug), name: product.category.name } : null,
    image: product?.images[0]?.url ?? null,
    sizeLabel: line.sizeLabel ?? null,
    unitPrice: line.unitPrice,
    maxQuantity: line.maxQuantity,
    lineTotal: line.lineTotal,
    problem: line.problem,
  };
}

/**
 * The cart's lines in its order and with its quantities, drawn at once: each as `quote` has it when the quote
 * has priced it, else as the product page showed it. A total is the server's for the line's current quantity or
 * nothing (a placeholder), never worked out here.
 */
export function linesFromCart(lines: readonly CartLine[], quote: CartQuoteFieldsFragment | undefined): LineView[] {
  return lines.map((line) => {
    const quoted = quote?.lines.find((q) => q.productId === line.productId && q.sizeId === line.sizeId);
    if (quoted) {
      const view = lineFromQuote(quoted);
      if (quoted.quantity === line.quantity) return view;
      return { ...view, quantity: line.quantity, lineTotal: null, problem: null };
    }
    const shown = line.shown;
    return {
      productId: line.productId,
      sizeId: line.sizeId,
      quantity: line.quantity,
      name: shown?.name ?? null,
      href: shown?.href ?? null,
      category: shown ? { href: categoryPath(shown.categorySlug), name: shown.categoryName } : null,
      image: shown?.image ?? null,
      sizeLabel: shown?.sizeLabel ?? null,
      unitPrice: null,
      maxQuantity: null,
      lineTotal: null,
      problem: null,
    };
  });
}
