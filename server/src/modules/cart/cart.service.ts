import type { DataSource, EntityManager } from 'typeorm';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#shared/shop.js';
import { badInput } from '../../common/errors.js';
import {
  sizeWithProductFromRow,
  type ProductEntity,
  type ProductSizeEntity,
  type SizeWithProductRow,
} from '../catalog/index.js';
import type { DiscountCodeEntity, DiscountCustomer, DiscountService } from '../discounts/index.js';
import type { DiscountProblemReason } from '#shared/discount-codes.js';
import type { Destination, ShippingService, ShippingTerms } from '../shipping/index.js';
import { priceCart } from '#shared/pricing.js';
import { lineDiscountShares } from '#shared/paid-amounts.js';
import { unitsText } from '#shared/plural.js';
import { cashOnDeliveryAvailability, type CashOnDeliveryAvailability } from '#shared/cash-on-delivery.js';
import type { PaymentMethodValue } from '#shared/orders.js';
import type { CashOnDeliveryService } from '../cash-on-delivery/index.js';
import { queryOn } from '../../common/db.js';

export interface CartLineInput {
  productId: string;
  sizeId: string;
  quantity: number;
}

export type CartProblemKind = 'SOLD_OUT' | 'INSUFFICIENT_STOCK' | 'UNAVAILABLE' | 'INVALID_QUANTITY';

export interface QuotedLine {
  productId: string;
  sizeId: string;
  quantity: number;
  product: ProductEntity | null;
  size: ProductSizeEntity | null;
  sizeLabel: string | null;
  /** Price of one unit (also on problem lines when the product is known). */
  unitPrice: number;
  /** What the line adds to the totals: 0 on problem lines. */
  lineTotal: number;
  /** Units of this size that can be bought now (stock, capped at 99; 0 when unavailable). */
  maxQuantity: number;
  problem: { kind: CartProblemKind; available: number; message: string } | null;
}

export interface Quote {
  lines: QuotedLine[];
  itemCount: number;
  subtotal: number;
  discount: number;
  shipping: number;
  ivaIncluded: number;
  total: number;
  /** Fee of the chosen payment method (cash on delivery), included in `total`. */
  paymentFee: number;
  /** Whether this cart may be paid on delivery (checked with the fee in the total), with the shop's fee and maximum. */
  cashOnDelivery: CashOnDeliveryAvailability & { fee: number; maxTotal: number };
  appliedDiscount: DiscountCodeEntity | null;
  /** A code was given and does not apply (why is in `discountProblem`). */
  discountCodeInvalid: boolean;
  discountProblem: { reason: DiscountProblemReason; message: string } | null;
  hasProblems: boolean;
  /** Shipping fee, threshold and delivery time used (to the destination, or «desde» without one). */
  shippingTerms: ShippingTerms;
  /** Each quoted line's share of `discount` (0 on problem lines and lines the code does not cover), by `lines` index. */
  lineDiscounts: number[];
}

export interface QuoteRequest {
  lines: CartLineInput[];
  discountCode?: string | null;
  destination?: Destination | null;
  /** The method the shopper chose: cash on delivery adds its fee. */
  paymentMethod?: PaymentMethodValue | null;
}

const ID = /^\d{1,9}$/;

function stockMessage(available: number): string {
  return available === 1 ? 'Solo queda 1 unidad' : `Solo quedan ${available} unidades`;
}

/** Merges duplicate (productId, sizeId) lines, keeping the first one's position. */
function mergeLines(lines: CartLineInput[]): CartLineInput[] {
  const merged = new Map<string, CartLineInput>();
  for (const line of lines) {
    const key = `${line.productId}\u0000${line.sizeId}`;
    const seen = merged.get(key);
    if (seen) seen.quantity += line.quantity;
    else merged.set(key, { productId: line.productId, sizeId: line.sizeId, quantity: line.quantity });
  }
  return [...merged.values()];
}

/**
 * Prices carts on the server (shared/pricing.ts: the server decides every figure). Two statements whatever the number of lines:
 * one for the variants (sizes + products + categories), one for the discount code.
 */
export class CartService {
  constructor(
    private readonly ds: DataSource,
    private readonly discounts: DiscountService,
    private readonly shipping: ShippingService,
    private readonly cashOnDelivery: CashOnDeliveryService,
    /** Units of one size one order may take (anti-hoarding cap, MAX_UNITS_PER_SIZE). */
    private readonly maxUnitsPerSize: number = MAX_LINE_QUANTITY,
  ) {}

  /**
   * `customer` (placeOrder only): the code's rules about who is buying are checked too. A quote without one never
   * checks them, so its answer is the same whoever asks.
   */
  async quote(
    input: QuoteRequest,
    manager: EntityManager = this.ds.manager,
    customer?: DiscountCustomer,
  ): Promise<Quote> {
    if (input.lines.length > MAX_CART_LINES)
      throw badInput(`El carro admite como máximo ${MAX_CART_LINES} productos distintos.`, 'lines');
    const lines = mergeLines(input.lines);
    const sizeIds = [
      ...new Set(lines.filter((l) => ID.test(l.sizeId) && ID.test(l.productId)).map((l) => Number(l.sizeId))),
    ];
    const code = input.discountCode?.trim() ? input.discountCode : null;

    // Prepared, on placeOrder's transaction connection or (the storefront's quotes) straight on the pool.
    const read = async (sql: string, params: unknown[]): Promise<SizeWithProductRow[]> =>
      (await queryOn<SizeWithProductRow>(manager, sql, params)).rows;
    const rows: SizeWithProductRow[] = sizeIds.length
      ? await read(
          `SELECT s.id AS size_id, s.label, s.position AS size_position, s.stock, s.reserved,
                  p.id AS product_id, p.slug, p.name, p.description, p.price, p.category_slug, c.name AS category_name,
                  p.collections, p.size_guide, p.active, p.archived_at, p.position, p.created_at, p.pets
             FROM product_size s JOIN product p ON p.id = s.product_id LEFT JOIN category c ON c.slug = p.category_slug
            WHERE s.id = ANY($1::int[])`,
          [sizeIds],
        )
      : [];
    const inTx = manager === this.ds.manager ? undefined : manager;
    const shippingTerms = await this.shipping.terms(input.destination, inTx);
    // Only a contraentrega order's money depends on these settings, so only it reads their row in its transaction;
    // every other quote (a card order's too) reports contraentrega from the kept copy, dropped when staff change it.
    const cod = await this.cashOnDelivery.settings(inTx, { keptCopy: input.paymentMethod !== 'CASH_ON_DELIVERY' });
    const bySize = new Map(rows.map((r) => [r.size_id, r]));

    const quoted = lines.map((line) =>
      this.quoteLine(line, ID.test(line.productId) ? bySize.get(Number(line.sizeId)) : undefined),
    );
    const sellable = quoted.filter((l) => !l.problem);
    if (code && customer) await this.discounts.lockCustomer(manager, code.trim().toUpperCase(), customer);
    const decision = code
      ? await this.discounts.evaluate(
          code,
          sellable.map((l) => ({ categorySlug: l.product!.categorySlug, lineTotal: l.lineTotal })),
          customer ?? null,
          manager,
        )
      : null;
    const applied = decision?.applies ? decision : null;
    const pricing = {
      lines: sellable.map((l, i) => ({
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        discountable: applied ? applied.covers[i] : true,
      })),
      discountPercent: applied?.code.percent ?? null,
      shipping: shippingTerms,
    };
    // Contraentrega is judged on the total the carrier would collect: with its fee.
    const withFee = priceCart({ ...pricing, paymentFee: cod.fee });
    const priced = input.paymentMethod === 'CASH_ON_DELIVERY' ? withFee : priceCart(pricing);
    const shares = lineDiscountShares(
      sellable.map((l, i) => ({ lineTotal: l.lineTotal, discountable: pricing.lines[i]!.discountable })),
      priced.discount,
    );
    const shareOf = new Map(sellable.map((l, i) => [l, shares[i]!]));
    return {
      lines: quoted,
      ...priced,
      cashOnDelivery: { ...cashOnDeliveryAvailability(cod, withFee.total), fee: cod.fee, maxTotal: cod.maxTotal },
      appliedDiscount: applied?.code ?? null,
      discountCodeInvalid: decision !== null && !decision.applies,
      discountProblem: decision && !decision.applies ? { reason: decision.reason, message: decision.message } : null,
      hasProblems: quoted.some((l) => l.problem !== null),
      shippingTerms,
      lineDiscounts: quoted.map((l) => shareOf.get(l) ?? 0),
    };
  }

  private quoteLine(line: CartLineInput, row: SizeWithProductRow | undefined): QuotedLine {
    const base = {
      productId: line.productId,
      sizeId: line.sizeId,
      quantity: line.quantity,
      unitPrice: 0,
      lineTotal: 0,
      maxQuantity: 0,
    };
    if (!row || String(row.product_id) !== line.productId) {
      return {
        ...base,
        product: null,
        size: null,
        sizeLabel: null,
        problem: { kind: 'UNAVAILABLE', available: 0, message: 'Este producto ya no está disponible' },
      };
    }
    const { product, size } = sizeWithProductFromRow(row);
    const cap = Math.min(this.maxUnitsPerSize, MAX_LINE_QUANTITY);
    const available = Math.max(0, Math.min(row.stock, cap));
    // Problem lines keep their unit price (the shopper sees what a unit costs) but add nothing to the totals.
    const known = {
      ...base,
      product,
      size,
      sizeLabel: row.label,
      unitPrice: row.price,
      maxQuantity: row.active ? available : 0,
    };
    if (!row.active)
      return {
        ...known,
        problem: { kind: 'UNAVAILABLE', available: 0, message: 'Este producto ya no está disponible' },
      };
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
      return { ...known, problem: { kind: 'INVALID_QUANTITY', available, message: 'Cantidad no válida' } };
    }
    if (line.quantity > cap) {
      return {
        ...known,
        problem: {
          kind: 'INVALID_QUANTITY',
          available,
          message: `Puedes llevar hasta ${unitsText(cap)} de esta talla por pedido.`,
        },
      };
    }
    if (row.stock <= 0) return { ...known, problem: { kind: 'SOLD_OUT', available: 0, message: 'Agotado' } };
    if (row.stock < line.quantity)
      return { ...known, problem: { kind: 'INSUFFICIENT_STOCK', available, message: stockMessage(available) } };
    return { ...known, lineTotal: row.price * line.quantity, problem: null };
  }
}
