import type { DataSource, EntityManager } from 'typeorm';
import {
  discountCodeState,
  discountProblemMessage,
  type DiscountProblemDetail,
  type DiscountProblemReason,
} from '#shared/discount-codes.js';
import { canonicalEmail } from '#shared/customer-email.js';
import { DiscountCodeEntity } from './discount-code.entity.js';
import { SALE_STATUSES, saleSql } from '#shared/orders.js';

/** Longest code accepted (the column is varchar(40)). */
const MAX_CODE_LENGTH = 40;

/** Statuses whose order holds (or held for good) a use of its code: waiting for payment or a phone call, or a sale. */
const USING_STATES = ['PENDIENTE_PAGO', 'POR_CONFIRMAR', ...SALE_STATUSES];

/** Normalises what a shopper typed: trimmed, upper-case (codes are stored upper-case). */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Who is buying, as far as per-customer rules go (an order knows all three; a cart quote maybe the email). */
export interface DiscountCustomer {
  email: string;
  documentType?: string | null;
  documentNumber?: string | null;
}

/** A cart line the code may cover (lines with problems are left out by the caller). */
export interface DiscountLine {
  categorySlug: string;
  lineTotal: number;
}

export type DiscountDecision =
  | { applies: true; code: DiscountCodeEntity; covers: boolean[] }
  | { applies: false; code: DiscountCodeEntity | null; reason: DiscountProblemReason; message: string };

const refuse = (code: DiscountCodeEntity | null, problem: DiscountProblemDetail): DiscountDecision => ({
  applies: false,
  code,
  reason: problem.reason,
  message: discountProblemMessage(problem),
});

/**
 * Discount codes for quotes and orders, with the conditions staff set on each code: a code applies
 * when it is active, dated and not used up, the merchandise reaches its minimum, the cart has
 * products of its categories (only those are discounted), and the customer may still use it
 * (first purchase only, per-customer limit). The cart quote and `placeOrder` word refusals the same way
 * (`discountProblemMessage`). Rules about the customer are only checked when an order is placed, and all of
 * them refuse with one reason: a quote never says whether an email has bought here.
 */
export class DiscountService {
  constructor(private readonly ds: DataSource) {}

  /** The code as staff saved it (active or not, in its dates or not), else null. One statement. */
  async find(code: string, manager: EntityManager = this.ds.manager): Promise<DiscountCodeEntity | null> {
    const normalized = normalizeDiscountCode(code.slice(0, MAX_CODE_LENGTH * 2));
    if (!normalized || normalized.length > MAX_CODE_LENGTH) return null;
    return manager.getRepository(DiscountCodeEntity).findOneBy({ code: normalized });
  }

  /**
   * Decides whether `codeText` applies to these lines, and for `customer` (placeOrder) whether that customer may
   * still use it; without a customer (a cart quote) those rules wait for the order.
   */
  async evaluate(
    codeText: string,
    lines: readonly DiscountLine[],
    customer: DiscountCustomer | null,
    manager: EntityManager = this.ds.manager,
    now = new Date(),
  ): Promise<DiscountDecision> {
    const code = await this.find(codeText, manager);
    if (!code) return refuse(null, { reason: 'INVALID' });
    // Unknown and switched off read the same; dates and the usage limit are about the code, said plainly.
    switch (discountCodeState(code, now)) {
      case 'INACTIVE':
        return refuse(null, { reason: 'INVALID' });
      case 'SCHEDULED':
        return refuse(code, { reason: 'NOT_YET_VALID', validFrom: code.validFrom! });
      case 'EXPIRED':
        return refuse(code, { reason: 'EXPIRED', validUntil: code.validUntil! });
      case 'USED_UP':
        return refuse(code, { reason: 'USED_UP' });
      case 'ACTIVE':
        break;
    }
    const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
    if (code.minSubtotal !== null && subtotal < code.minSubtotal)
      return refuse(code, { reason: 'MINIMUM_NOT_MET', minSubtotal: code.minSubtotal, subtotal });
    const covers = lines.map((l) => code.categorySlugs.length === 0 || code.categorySlugs.includes(l.categorySlug));
    if (lines.length > 0 && !covers.some(Boolean)) {
      const names: Array<{ name: string }> = await manager.query(
        `SELECT name FROM category WHERE slug = ANY($1::text[]) ORDER BY position`,
        [code.categorySlugs],
      );
      return refuse(code, { reason: 'NO_ELIGIBLE_PRODUCTS', categoryNames: names.map((n) => n.name) });
    }
    if (customer && (code.firstPurchaseOnly || code.perCustomerLimit !== null)) {
      const history = await this.customerHistory(manager, code.code, customer);
      const firstPurchaseBroken = code.firstPurchaseOnly && (history.paidOrders > 0 || history.codeUses > 0);
      const limitReached = code.perCustomerLimit !== null && history.codeUses >= code.perCustomerLimit;
      if (firstPurchaseBroken || limitReached) return refuse(code, { reason: 'NOT_FOR_THIS_ORDER' });
    }
    return { applies: true, code, covers };
  }

  /**
   * Serialises orders of one customer for one code inside the caller's transaction (email, then
   * document: always the same order, so two orders never wait on each other in a circle), so two
   * orders placed at once cannot both pass a per-customer rule.
   */
  async lockCustomer(m: EntityManager, code: string, customer: DiscountCustomer): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('discount-customer-email'), hashtext($1))`, [
      `${code}|${canonicalEmail(customer.email)}`,
    ]);
    if (customer.documentNumber) {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('discount-customer-doc'), hashtext($1))`, [
        `${code}|${customer.documentType ?? ''}|${customer.documentNumber}`,
      ]);
    }
  }

  /** The customer's purchases and orders using `code` (by canonical email or by document). */
  private async customerHistory(
    m: EntityManager,
    code: string,
    c: DiscountCustomer,
  ): Promise<{ paidOrders: number; codeUses: number }> {
    const [row]: Array<{ paid: number; uses: number }> = await m.query(
      `SELECT count(*) FILTER (WHERE ${saleSql('o')})::int AS paid,
              count(*) FILTER (WHERE o.discount_code = $4 AND o.status = ANY($5::varchar[]))::int AS uses
         FROM shop_order o
        WHERE o.email_canonical = $1 OR ($3::text IS NOT NULL AND o.document_type = $2 AND o.document_number = $3)`,
      [canonicalEmail(c.email), c.documentType ?? null, c.documentNumber ?? null, code, USING_STATES],
    );
    return { paidOrders: row?.paid ?? 0, codeUses: row?.uses ?? 0 };
  }
}
