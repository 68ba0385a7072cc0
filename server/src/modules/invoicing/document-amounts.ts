/**
 * The arithmetic of an electronic invoice or credit note, pure and in integer cents (the DIAN's amounts carry two
 * decimals; the shop's prices are whole pesos with IVA included).
 *
 * Each line says its unit price without IVA (PriceAmount, rounded to the cent), its quantity, its share of the
 * discount code as an allowance without IVA (AllowanceCharge, which lowers the taxable base), its base
 * (LineExtensionAmount = quantity × price − allowance, exact) and its IVA (base × rate, rounded half up to the cent).
 * Shipping and the cash-on-delivery fee are lines of their own. Every sum the document states is the exact sum of
 * what its lines state. Rounding each line's price and tax to the cent leaves the document a few cents away from
 * the order's total in whole pesos; that remainder is the PayableRoundingAmount, so PayableAmount is the order's
 * total to the peso.
 */

export interface SourceLine {
  description: string;
  /** The shop's code for what is sold (product and size). */
  code: string;
  /** Whole pesos, IVA included. */
  unitPrice: number;
  quantity: number;
  /** Whether the discount code covers this line (codes limited to some categories). */
  discountable: boolean;
}

/** What a document charges, in the shop's terms (whole pesos, IVA included). */
export interface DocumentSource {
  lines: SourceLine[];
  /** The discount on the lines, IVA included, shared among the discountable lines. */
  discount: number;
  shipping: number;
  /** Cash-on-delivery fee. */
  paymentFee: number;
  /** What the shopper paid: lines − discount + shipping + fee. */
  total: number;
}

export interface AmountLine {
  description: string;
  code: string;
  quantity: number;
  /** Cents, without IVA. */
  unitPrice: number;
  /** quantity × unitPrice. */
  gross: number;
  /** Discount without IVA (0 when none). */
  allowance: number;
  /** gross − allowance: the taxable base. */
  base: number;
  /** IVA of the line. */
  tax: number;
}

export interface DocumentAmounts {
  lines: AmountLine[];
  /** Percent of IVA applied to every line (19, or 0 for an issuer not responsible for IVA). */
  taxPercent: number;
  /** Σ base (LineExtensionAmount, TaxExclusiveAmount when every line is taxed). */
  lineExtension: number;
  /** Σ base of the lines that carry IVA. */
  taxable: number;
  /** Σ tax. */
  tax: number;
  /** lineExtension + tax. */
  taxInclusive: number;
  /** Σ allowance (shown per line; the document has no allowance of its own). */
  allowances: number;
  /** payable − taxInclusive: what rounding each line to the cent left over. */
  rounding: number;
  /** The total in cents: the source's total × 100. */
  payable: number;
}

export const SHIPPING_CODE = 'ENVIO';
export const PAYMENT_FEE_CODE = 'RECARGO-CONTRAENTREGA';

/** Integer round half up of numerator / denominator (both non-negative). */
function divRound(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Cents without IVA of `pesos` with IVA included at `percent`. */
function withoutTax(pesos: number, percent: number): number {
  return divRound(pesos * 100 * 100, 100 + percent);
}

/**
 * Shares `amount` among `weights` in proportion, as whole units that add up to `amount` exactly (largest remainder;
 * ties go to the earlier weight).
 */
export function shareOut(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (amount === 0 || sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, s) => a + s, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

function line(
  description: string,
  code: string,
  quantity: number,
  unitPricePesos: number,
  discountPesos: number,
  percent: number,
): AmountLine {
  const unitPrice = withoutTax(unitPricePesos, percent);
  const gross = unitPrice * quantity;
  const allowance = Math.min(gross, withoutTax(discountPesos, percent));
  const base = gross - allowance;
  return { description, code, quantity, unitPrice, gross, allowance, base, tax: divRound(base * percent, 100) };
}

/** The document's lines and totals for `source`, with IVA at `taxPercent` (19 by default). */
export function documentAmounts(source: DocumentSource, taxPercent = 19): DocumentAmounts {
  const merchandise = source.lines.reduce((a, l) => a + l.unitPrice * l.quantity, 0);
  if (merchandise - source.discount + source.shipping + source.paymentFee !== source.total)
    throw new Error(
      `documentAmounts: lines ${merchandise} − discount ${source.discount} + shipping ${source.shipping} + fee ${source.paymentFee} ≠ total ${source.total}`,
    );
  const weights = source.lines.map((l) => (l.discountable ? l.unitPrice * l.quantity : 0));
  // A code's discount belongs to the lines it covers; if none is marked, it is shared among all of them.
  const shares = shareOut(
    source.discount,
    weights.some((w) => w > 0) ? weights : source.lines.map((l) => l.unitPrice * l.quantity),
  );
  const lines = source.lines.map((l, i) =>
    line(l.description, l.code, l.quantity, l.unitPrice, shares[i]!, taxPercent),
  );
  if (source.shipping > 0) lines.push(line('Envío', SHIPPING_CODE, 1, source.shipping, 0, taxPercent));
  if (source.paymentFee > 0)
    lines.push(line('Recargo por pago contraentrega', PAYMENT_FEE_CODE, 1, source.paymentFee, 0, taxPercent));
  const lineExtension = lines.reduce((a, l) => a + l.base, 0);
  const tax = lines.reduce((a, l) => a + l.tax, 0);
  const payable = source.total * 100;
  return {
    lines,
    taxPercent,
    lineExtension,
    taxable: taxPercent > 0 ? lineExtension : 0,
    tax,
    taxInclusive: lineExtension + tax,
    allowances: lines.reduce((a, l) => a + l.allowance, 0),
    rounding: payable - (lineExtension + tax),
    payable,
  };
}

/** `1234.56`: cents as the DIAN writes amounts (two decimals, a dot, no thousands separator). */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
