import type { DataSource, EntityManager } from 'typeorm';
import type { Env } from '../../config/env.js';
import { commit, inTransaction, isUniqueViolation, rollback, type Outcome } from '../../common/db.js';
import type { CartService, Quote, QuotedLine } from '../cart/index.js';
import type { PaymentGateway } from '../payments/index.js';
import { OrderEntity } from './order.entity.js';
import { OrderLineEntity } from './order-line.entity.js';
import { validateCheckout, type CheckoutInput, type FieldError, type ValidCheckout } from './order-validation.js';
import { newAccessToken, newOrderReference } from './order-tokens.js';
import { initialStatus, type OrderLifecycle } from './order-lifecycle.js';
import type { CashOnDeliveryRefusal } from '#shared/cash-on-delivery.js';
import { checkoutUrlFor, receiptUrl } from './order-checkout.js';
import { checkOrderLimits, type OrderLimitReached } from './order-limits.js';

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

    let order: OrderEntity;
    try {
      const outcome = await inTransaction<OrderEntity, Refused>(this.ds, (m) =>
        this.createOrder(m, input, key, checked.value, clientAddress?.slice(0, 64) || null),
      );
      if (!outcome.commit) return outcome.failure;
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

  /** The answer for a placed order; a replay of a finished order points to its receipt. */
  private async placed(order: OrderEntity): Promise<PlaceOrderResult> {
    const checkoutUrl =
      order.status === 'PENDIENTE_PAGO'
        ? await checkoutUrlFor(this.env, this.gateway, order)
        : receiptUrl(this.env, order);
    return { __typename: 'OrderPlaced', reference: order.reference, accessToken: order.accessToken, checkoutUrl };
  }

  /** Writes the order and its lines, then lets the lifecycle hold its stock and discount use; any refusal rolls everything back. */
  private async createOrder(
    m: EntityManager,
    input: PlaceOrderInput,
    key: string,
    valid: ValidCheckout,
    clientAddress: string | null,
  ): Promise<Outcome<OrderEntity, Refused>> {
    // Same key → same order: serialise requests per key, then look for an earlier one.
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('order-key'), hashtext($1))`, [key]);
    const earlier = await m.getRepository(OrderEntity).findOneBy({ idempotencyKey: key });
    if (earlier) return commit(earlier);

    const destination = { departmentCode: valid.department.code, municipalityCode: valid.municipality.code };
    const { email, documentType, documentNumber } = valid.customer;
    const quote = await this.cart.quote(
      { lines: input.lines, discountCode: input.discountCode, destination, paymentMethod: valid.paymentMethod },
      m,
      { email, documentType, documentNumber },
    );
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
    const limit = await checkOrderLimits(m, this.env, {
      units,
      email: canonicalEmail(valid.customer.email),
      clientAddress,
    });
    if (limit) return rollback(limit);

    const order = await this.insertOrder(m, input, key, valid, quote, clientAddress);
    const images = await this.firstImages(
      m,
      quote.lines.map((l) => Number(l.productId)),
    );
    await m.insert(
      OrderLineEntity,
      quote.lines.map((l, position) => ({
        orderId: order.id,
        productId: Number(l.productId),
        sizeId: Number(l.sizeId),
        name: l.product?.name ?? '',
        sizeLabel: l.sizeLabel ?? '',
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
        discount: quote.lineDiscounts[position] ?? 0,
        imageUrl: images.get(Number(l.productId)) ?? null,
        categorySlug: l.product?.categorySlug ?? '',
        position,
      })),
    );
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
    input: PlaceOrderInput,
    key: string,
    valid: ValidCheckout,
    quote: Quote,
    clientAddress: string | null,
  ): Promise<OrderEntity> {
    const expiresAt = new Date(Date.now() + this.env.ORDER_EXPIRY_MINUTES * 60_000);
    const repo = m.getRepository(OrderEntity);
    for (let attempt = 0; ; attempt++) {
      const reference = newOrderReference();
      // A reference collision is astronomically rare; check first so the transaction stays usable.
      if (attempt < 5 && (await repo.existsBy({ reference }))) continue;
      const order = repo.create({
        reference,
        accessToken: newAccessToken(),
        status: initialStatus(valid.paymentMethod),
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
        clientAddress,
        paymentAttempt: 1,
        transactionId: null,
        flags: [],
        refunded: 0,
        refundPending: false,
        carrier: null,
        trackingNumber: null,
      });
      return repo.save(order);
    }
  }

  private async firstImages(m: EntityManager, productIds: number[]): Promise<Map<number, string>> {
    const rows: Array<{ product_id: number; url: string }> = await m.query(
      `SELECT DISTINCT ON (product_id) product_id, url FROM product_image WHERE product_id = ANY($1::int[]) ORDER BY product_id, position, id`,
      [productIds],
    );
    return new Map(rows.map((r) => [r.product_id, r.url]));
  }
}
