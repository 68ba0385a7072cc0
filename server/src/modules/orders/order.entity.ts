import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DocumentTypeValue, OrderFlagValue, OrderStatusValue, PaymentMethodValue } from '#shared/orders.js';
import { OrderLineEntity } from './order-line.entity.js';

export type { DocumentTypeValue, PaymentMethodValue };

/** Order flags for staff attention, by what they mean (the closed list is shared/orders.ts's ORDER_FLAGS). */
export const ORDER_FLAGS = {
  amountMismatch: 'MONTO_NO_COINCIDE',
  refundPending: 'REEMBOLSO_PENDIENTE',
  paymentVoided: 'PAGO_ANULADO',
} as const satisfies Record<string, OrderFlagValue>;

/**
 * A placed order. Customer, address and lines are snapshots taken when the order was placed.
 * Money columns are integer COP. Indexes live in the migration (1763700100000-orders).
 */
@Entity({ name: 'shop_order' })
export class OrderEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  /** Public reference, e.g. `ENZ-7K3Q9D`; also the gateway payment reference. */
  @Column({ type: 'varchar', length: 20, unique: true })
  reference: string;

  /** Random token that unlocks the public receipt (compared in constant time). */
  @Column({ name: 'access_token', type: 'varchar', length: 64 })
  accessToken: string;

  @Column({ type: 'varchar', length: 20 })
  status: OrderStatusValue;

  /** Chosen at checkout; for online payments, replaced by the method the gateway reports (Wompi's payment_method_type). */
  @Column({ name: 'payment_method', type: 'varchar', length: 30 })
  paymentMethod: PaymentMethodValue;

  @Column({ name: 'full_name', type: 'varchar', length: 120 })
  fullName: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The email as every per-customer rule compares it (shared/customer-email.ts). */
  @Column({ name: 'email_canonical', type: 'varchar', length: 254 })
  emailCanonical: string;

  /** Normalised 10-digit Colombian mobile, without +57. */
  @Column({ type: 'varchar', length: 10 })
  phone: string;

  @Column({ name: 'document_type', type: 'varchar', length: 3 })
  documentType: DocumentTypeValue;

  @Column({ name: 'document_number', type: 'varchar', length: 20 })
  documentNumber: string;

  @Column({ name: 'department_code', type: 'varchar', length: 2 })
  departmentCode: string;

  @Column({ name: 'department_name', type: 'varchar', length: 80 })
  departmentName: string;

  @Column({ name: 'municipality_code', type: 'varchar', length: 5 })
  municipalityCode: string;

  @Column({ name: 'municipality_name', type: 'varchar', length: 80 })
  municipalityName: string;

  @Column({ type: 'varchar', length: 200 })
  address: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  neighborhood: string | null;

  @Column({ type: 'int' })
  subtotal: number;

  @Column({ type: 'int' })
  discount: number;

  @Column({ name: 'discount_code', type: 'varchar', length: 40, nullable: true })
  discountCode: string | null;

  @Column({ type: 'int' })
  shipping: number;

  @Column({ name: 'iva_included', type: 'int' })
  ivaIncluded: number;

  @Column({ type: 'int' })
  total: number;

  /** Fee of the payment method (cash on delivery), included in `total`. */
  @Column({ name: 'payment_fee', type: 'int', default: 0 })
  paymentFee: number;

  /** Cash on delivery: when staff recorded the carrier's collection, and who. */
  @Column({ name: 'cash_collected_at', type: 'timestamptz', nullable: true })
  cashCollectedAt: Date | null;

  @Column({ name: 'cash_collected_by', type: 'varchar', length: 200, nullable: true })
  cashCollectedBy: string | null;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 100, unique: true })
  idempotencyKey: string;

  /** While PENDIENTE_PAGO (or PAGO_RECHAZADO): when the held stock is released. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** The latest moment this order may hold stock: its first expiry plus one period (payment retries stop there). */
  @Column({ name: 'hold_until', type: 'timestamptz' })
  holdUntil: Date;

  /**
   * When the shopper is reminded of an order still unpaid (OrderReminders.runDue, every minute); null once the sweep
   * has seen it, and for orders that never get a reminder (cash on delivery).
   */
  @Column({ name: 'payment_reminder_at', type: 'timestamptz', nullable: true })
  paymentReminderAt: Date | null;

  /** Client key that placed the order: its IPv4 address or IPv6 /64 (caps open orders per client). */
  @Column({ name: 'client_address', type: 'varchar', length: 64, nullable: true })
  clientAddress: string | null;

  /** Payment attempts started (a retry after a declined payment adds one; Wompi needs a fresh reference). */
  @Column({ name: 'payment_attempt', type: 'int', default: 1 })
  paymentAttempt: number;

  /** Last gateway transaction id seen for this order. */
  @Column({ name: 'transaction_id', type: 'varchar', length: 100, nullable: true })
  transactionId: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  flags: OrderFlagValue[];

  /** Money given back so far (refunds recorded by staff); never more than `total`. */
  @Column({ type: 'int', default: 0 })
  refunded: number;

  @Column({ name: 'refund_pending', type: 'boolean', default: false })
  refundPending: boolean;

  /** Delivery time promised at checkout (business days after payment); null on orders placed before shipping by destination. */
  @Column({ name: 'delivery_min_days', type: 'int', nullable: true })
  deliveryMinDays: number | null;

  @Column({ name: 'delivery_max_days', type: 'int', nullable: true })
  deliveryMaxDays: number | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  carrier: string | null;

  @Column({ name: 'tracking_number', type: 'varchar', length: 80, nullable: true })
  trackingNumber: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany(() => OrderLineEntity, (line) => line.order)
  lines?: OrderLineEntity[];
}
