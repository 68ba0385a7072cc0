import type { DataSource, EntityManager } from 'typeorm';
import type { Env } from '../../config/env.js';
import { commit, inTransaction, isUniqueViolation, rollback, selectRows, type Outcome } from '../../common/db.js';
import type { CartService, Quote, QuotedLine, QuoteRequest } from '../cart/index.js';
import { groupBySize, stockAvailable } from '../catalog/index.js';
import type { PaymentGateway } from '../payments/index.js';
import { OrderEntity } from './order.entity.js';
import { insertOrder } from './order-insert.js';
import { validateCheckout, type CheckoutInput, type FieldError, type ValidCheckout } from './order-validation.js';
import { newAccessToken, newOrderReference } from './order-tokens.js';
import type { OrderLifecycle } from './order-lifecycle.js';
import type { CashOnDeliveryRefusal } from '#shared/cash-on-delivery.js';
import { checkoutUrlFor, receiptUrl } from './order-checkout.js';
import { lockPlacement, orderLimitReached, type OrderLimitReached } from './order-limits.js';

import { INVALID_DISCOUNT_MESSAGE, type DiscountProblemReason } from '#shared/discount-codes.js';
import { canonicalEmail } from '#shared/customer-email.js';

export interface PlaceOrderInput extends CheckoutInput {
  lines: Array<{ productId: string; sizeId: string; quantity: number }>;
  discountCode?: string | null;
}

export type PlaceOrderResult =
  | { __typename: 'OrderPlaced'; reference: string; accessToken: string; checkoutUrl: string }
  | { __typename: 'CartProblem'; message: string; lines: QuotedLine[] }
  | { __typename: 'InvalidDiscountCode'; code: string; message: string; reason: DiscountProblemReason }
  | { __typename: 'ValidationErrors'; message: string; errors: FieldError[] }
  | OrderLimitReached
  | { __typename: 'CashOnDeliveryUnavailable'; reason: CashOnDeliveryRefusal; maxTotal: number; message: string };

type Refused = Exclude<PlaceOrderResult, { __typename: 'OrderPlaced' }>;

const ID = /^\d{1,9}$/;

/** What `looksShort` answers to end the connection's turn without a transaction. */
const LOOKS_SHORT = Symbol('looks-short');

const invalidCode = (code: string | null | undefined, problem?: Quote['discountProblem']): Refused => ({
  __typename: 'InvalidDiscountCode',
  code: code ?? '',
  message: problem?.message ?? INVALID_DISCOUNT_MESSAGE,
  reason: problem?.reason ?? 'INVALID',
});

function cartProblem(quote: Quote, soldOutSizeId?: number): Refused {
  const lines = quote.lines.map((l) =>
    soldOutSizeId !== undefined && Number(l.sizeId) === soldOutSizeId && !l.problem
      ? {
          ...l,
          lineTotal: 0,
          maxQuantity: 0,
          problem: { kind: 'SOLD_OUT' as const, available: 0, message: 'Se agotó mientras finalizabas la compra' },
        }
      : l,
  );
  return {
    __typename: 'CartProblem',
    message: 'Algunos productos de tu carrito cambiaron. Revísalos antes de pagar.',
    lines,
  };
}

/** Places orders: validation, server-side pricing, the order snapshot and its first lifecycle step, in one transaction. */
export class OrderPlacementService {
  constructor(
    private readonly ds: DataSource,
    private readonly env: Env,
    private readonly cart: CartService,
    private readonly gateway: PaymentGateway,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** `clientAddress`: who is asking, as its client key (IPv4 address or IPv6 /64, common/client-key.ts), for the open-orders cap. */
  async placeOrder(input: PlaceOrderInput, clientAddress: string | null = null): Promise<PlaceOrderResult> {
    const checked = validateCheckout(input);
    if (!checked.ok)
      return { __typename: 'ValidationErrors', message: 'Revisa los datos marcados.', errors: checked.errors };
    const key = input.idempotencyKey.trim();
    const request = this.quoteRequest(input, checked.value);

    const create = (m: EntityManager) =>
      this.createOrder(m, input, request, key, checked.value, clientAddress?.slice(0, 64) || null);
    let order: OrderEntity;
    try {
      let outcome = await inTransaction<OrderEntity, Refused | typeof LOOKS_SHORT>(this.ds, create, (m) =>
        this.looksShort(m, request),
      );
      if (!outcome.commit && outcome.failure === LOOKS_SHORT) {
        const refused = await this.refusalWithoutLocks(request, key);
        if (refused) return refused;
        // The size had the units after all (stock came back, or this key already placed an order): place it.
        outcome = await inTransaction<OrderEntity, Refused>(this.ds, create);
      }
      if (!outcome.commit) return outcome.failure as Refused;
      order = outcome.value;
    } catch (err) {
      // A concurrent request with the same key won the race: answer with its order.
      const existing = isUniqueViolation(err)
        ? await this.ds.getRepository(OrderEntity).findOneBy({ idempotencyKey: key })
        : null;
      if (!existing) throw err;
      order = existing;
    }
    return this.placed(order);
  }

  private quoteRequest(input: PlaceOrderInput, valid: ValidCheckout): QuoteRequest {
    const destination = { departmentCode: valid.department.code, municipalityCode: valid.municipality.code };
    return { lines: input.lines, discountCode: input.discountCode, destination, paymentMethod: valid.paymentMethod };
  }

  /**
   * Whether some size of the cart lacks the units in the data committed now (or a line is malformed), read on the
   * connection the order got, before its transaction: the pool hands connections over in arrival order, so in a flash
   * sale a buyer whose turn comes after the last unit was held sees it here and never opens a transaction or waits
   * for the size's row. The read can be stale: the transaction quotes again and the stock hold decides, so a cart
   * passed here can still be refused there, never the other way round.
   */
  private async looksShort(m: EntityManager, request: QuoteRequest): Promise<typeof LOOKS_SHORT | null> {
    const wellFormed = request.lines.every(
      (l) => ID.test(l.productId) && ID.test(l.sizeId) && Number.isInteger(l.quantity) && l.quantity >= 1,
    );
    return !wellFormed || !(await stockAvailable(m, groupBySize(request.lines))) ? LOOKS_SHORT : null;
  }

  /**
   * The refusal of a cart that looked short, with the connection given back: the storefront's quote (the pool and the
   * cached settings) says what is wrong with each line, and a key that already placed an order is answered by the
   * transaction with that order instead (null, as when the quote finds nothing wrong). The answer is the one the
   * transaction gives for the same data, except that a discount code's rules about the customer are only checked once
   * the cart can be bought.
   */
  private async refusalWithoutLocks(request: QuoteRequest, key: string): Promise<Refused | null> {
    // Both reads at once: a refusal waits for one round trip, not two.
    const [quote, earlier] = await Promise.all([
      this.cart.quote(request),
      selectRows<{ id: number }>(this.ds, `SELECT id FROM shop_order WHERE idempotency_key = $1`, [key]),
    ]);
    if (!quote.hasProblems || earlier.length > 0) return null;
    return quote.discountCodeInvalid ? invalidCode(request.discountCode, quote.discountProblem) : cartProblem(quote);
  }

  /** The answer for a placed order; a replay of a finished order points to its receipt. */
  private async placed(order: OrderEntity): Promise<PlaceOrderResult> {
    const checkoutUrl =
      order.status === 'PENDIENTE_PAGO'
        ? await checkoutUrlFor(this.env, this.gateway, order)
        : receiptUrl(this.env, order);
    return { __typename: 'OrderPlaced', reference: order.reference, accessToken: order.accessToken, checkoutUrl };
  }

  /**
   * Writes the order, its lines and its opening entry, then lets the lifecycle queue its mails and hold its stock and
   * discount use (the last writes before the commit); any refusal rolls everything back.
   */
  private async createOrder(
    m: EntityManager,
    input: PlaceOrderInput,
    request: QuoteRequest,
    key: string,
    valid: ValidCheckout,
    clientAddress: string | null,
  ): Promise<Outcome<OrderEntity, Refused>> {
    // Same key → same order: serialise requests per key (and per shopper, for the caps), then look for an earlier one.
    const open = await lockPlacement(m, { key, email: canonicalEmail(valid.customer.email), clientAddress });
    if (open.earlierOrderId !== null)
      return commit(await m.getRepository(OrderEntity).findOneByOrFail({ id: open.earlierOrderId }));

    const { email, documentType, documentNumber } = valid.customer;
    const quote = await this.cart.quote(request, m, { email, documentType, documentNumber });
    if (quote.discountCodeInvalid) return rollback(invalidCode(input.discountCode, quote.discountProblem));
    if (quote.hasProblems) return rollback(cartProblem(quote));
    if (quote.lines.length === 0) {
      return rollback({
        __typename: 'ValidationErrors',
        message: 'Revisa los datos marcados.',
        errors: [{ field: 'lines', message: 'Tu carrito está vacío.' }],
      });
    }

    // The server decides contraentrega with the settings read in this transaction: on, and the total with its fee within the maximum.
    if (valid.paymentMethod === 'CASH_ON_DELIVERY' && !quote.cashOnDelivery.available) {
      const { reason, message } = quote.cashOnDelivery;
      return rollback({
        __typename: 'CashOnDeliveryUnavailable',
        reason,
        message,
        maxTotal: quote.cashOnDelivery.maxTotal,
      });
    }

    const units = quote.lines.reduce((sum, l) => sum + l.quantity, 0);
    const limit = orderLimitReached(this.env, { units, clientAddress }, open);
    if (limit) return rollback(limit);

    const order = await this.insertOrder(m, key, valid, quote, clientAddress);
    // The lines just written, as quoted: the stock to hold is known without reading them back.
    const placed = await this.lifecycle.place(
      m,
      order,
      quote.lines.map((l) => ({ sizeId: Number(l.sizeId), quantity: l.quantity })),
    );
    if (!placed.ok)
      return rollback(
        placed.failure.reason === 'STOCK_SHORT'
          ? cartProblem(quote, placed.failure.sizeId)
          : invalidCode(input.discountCode),
      );
    return commit(order);
  }

  private async insertOrder(
    m: EntityManager,
    key: string,
    valid: ValidCheckout,
    quote: Quote,
    clientAddress: string | null,
  ): Promise<OrderEntity> {
    const expiresAt = new Date(Date.now() + this.env.ORDER_EXPIRY_MINUTES * 60_000);
    const opening = this.lifecycle.opening(valid.paymentMethod);
    const lines = quote.lines.map((l, position) => ({
      productId: Number(l.productId),
      sizeId: Number(l.sizeId),
      name: l.product?.name ?? '',
      sizeLabel: l.sizeLabel ?? '',
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
      discount: quote.lineDiscounts[position] ?? 0,
      categorySlug: l.product?.categorySlug ?? '',
    }));
    for (let attempt = 1; ; attempt++) {
      const order = m.getRepository(OrderEntity).create({
        reference: newOrderReference(),
        accessToken: newAccessToken(),
        status: opening.status,
        paymentMethod: valid.paymentMethod,
        fullName: valid.customer.fullName,
        email: valid.customer.email,
        emailCanonical: canonicalEmail(valid.customer.email),
        phone: valid.customer.phone,
        documentType: valid.customer.documentType,
        documentNumber: valid.customer.documentNumber,
        departmentCode: valid.department.code,
        departmentName: valid.department.name,
        municipalityCode: valid.municipality.code,
        municipalityName: valid.municipality.name,
        address: valid.address,
        neighborhood: valid.neighborhood,
        subtotal: quote.subtotal,
        discount: quote.discount,
        discountCode: quote.appliedDiscount?.code ?? null,
        shipping: quote.shipping,
        ivaIncluded: quote.ivaIncluded,
        total: quote.total,
        paymentFee: quote.paymentFee,
        cashCollectedAt: null,
        cashCollectedBy: null,
        deliveryMinDays: quote.shippingTerms.minDays,
        deliveryMaxDays: quote.shippingTerms.maxDays,
        idempotencyKey: key,
        expiresAt,
        // Payment retries never hold the stock past the first expiry plus one period.
        holdUntil: new Date(expiresAt.getTime() + this.env.ORDER_EXPIRY_MINUTES * 60_000),
        paymentReminderAt: opening.paymentReminderAt,
        clientAddress,
        paymentAttempt: 1,
        transactionId: null,
        flags: [],
        refunded: 0,
        refundPending: false,
        carrier: null,
        trackingNumber: null,
      });
      // A reference already taken (astronomically rare) inserts nothing: draw another, a few times at most.
      const inserted = await insertOrder(m, order, lines, opening);
      if (inserted) return Object.assign(order, inserted);
      if (attempt >= 5) throw new Error('placeOrder: no free order reference after 5 draws');
    }
  }
}
