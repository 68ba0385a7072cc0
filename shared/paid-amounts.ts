/**
 * What a shopper paid for each unit of an order, in whole pesos, so that returns and refunds can never give back
 * more than was paid. The order's discount is spread over the lines the code covered (each line keeps its share,
 * `order_line.discount`), and each line's paid amount over its units; remainders go to the first lines and the
 * first units, so the parts always add up exactly to the whole. The server prices returns with these rules and the
 * order page shows the same amounts.
 */

/**
 * Splits `amount` over `weights` in proportion, whole pesos (largest remainder; a tie goes to the earlier weight).
 * The parts add up to `amount` exactly; all weights 0 (or none) → all parts 0.
 */
export function splitProportionally(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (amount <= 0 || total === 0n) return weights.map(() => 0);
  // BigInt: amount × weight may pass 2^53 on large orders.
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const parts = exact.map((e) => e / total);
  let left = BigInt(amount) - parts.reduce((sum, p) => sum + p, 0n);
  const byRemainder = exact
    .map((e, i) => ({ i, remainder: e % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/** Each line's share of the order's discount: only the lines the code covered carry it, in proportion to their totals. */
export function lineDiscountShares(
  lines: ReadonlyArray<{ lineTotal: number; discountable: boolean }>,
  discount: number,
): number[] {
  return splitProportionally(
    discount,
    lines.map((l) => (l.discountable ? l.lineTotal : 0)),
  );
}

export interface PaidLine {
  /** Units bought. */
  quantity: number;
  /** Unit price × quantity. */
  lineTotal: number;
  /** The line's share of the order discount. */
  discount: number;
}

/** What the line's units were paid in all: its total less its share of the discount. */
export function linePaid(line: PaidLine): number {
  return Math.max(0, line.lineTotal - line.discount);
}

/** What each unit of a line was paid, first unit first: the first `paid mod quantity` units carry one peso more. */
export function unitPaidAmounts(line: PaidLine): number[] {
  if (line.quantity <= 0) return [];
  const paid = linePaid(line);
  const base = Math.floor(paid / line.quantity);
  const extra = paid - base * line.quantity;
  return Array.from({ length: line.quantity }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * What `count` units of a line paid when `before` of its units are already in other returns: units are taken in
 * order, so any set of returns on a line adds up to at most what the line paid.
 */
export function paidForUnits(line: PaidLine, before: number, count: number): number {
  const units = unitPaidAmounts(line);
  const from = Math.max(0, Math.min(before, units.length));
  return units.slice(from, Math.min(units.length, from + Math.max(0, count))).reduce((sum, u) => sum + u, 0);
}
