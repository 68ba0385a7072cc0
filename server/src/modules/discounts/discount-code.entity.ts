import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'discount_code' })
export class DiscountCodeEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  /** Stored upper-case; matched case-insensitively. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 40 })
  code: string;

  @Column({ type: 'int' })
  percent: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'valid_from', type: 'timestamptz', nullable: true })
  validFrom: Date | null;

  @Column({ name: 'valid_until', type: 'timestamptz', nullable: true })
  validUntil: Date | null;

  @Column({ name: 'usage_limit', type: 'int', nullable: true })
  usageLimit: number | null;

  @Column({ type: 'int', default: 0 })
  uses: number;

  /** Smallest merchandise subtotal (COP, before the discount) the code needs; null = any. */
  @Column({ name: 'min_subtotal', type: 'int', nullable: true })
  minSubtotal: number | null;

  /** Categories whose products the code discounts; empty = every product. */
  @Column({ name: 'category_slugs', type: 'text', array: true, default: () => "'{}'" })
  categorySlugs: string[];

  /** Only for a customer (email or document) without an earlier paid order. */
  @Column({ name: 'first_purchase_only', type: 'boolean', default: false })
  firstPurchaseOnly: boolean;

  /** Orders per customer (email or document) that may use the code; null = no limit. */
  @Column({ name: 'per_customer_limit', type: 'int', nullable: true })
  perCustomerLimit: number | null;
}
