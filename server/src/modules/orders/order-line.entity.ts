import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrderEntity } from './order.entity.js';

/** Snapshot of one cart line at the time the order was placed. */
@Entity({ name: 'order_line' })
export class OrderLineEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'order_id', type: 'int' })
  orderId: number;

  @ManyToOne(() => OrderEntity, (order) => order.lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: OrderEntity;

  /** Null once the product is deleted (the snapshot stays). */
  @Column({ name: 'product_id', type: 'int', nullable: true })
  productId: number | null;

  @Column({ name: 'size_id', type: 'int' })
  sizeId: number;

  @Column({ type: 'varchar', length: 160 })
  name: string;

  @Column({ name: 'size_label', type: 'varchar', length: 10 })
  sizeLabel: string;

  @Column({ name: 'unit_price', type: 'int' })
  unitPrice: number;

  @Column({ type: 'int' })
  quantity: number;

  @Column({ name: 'line_total', type: 'int' })
  lineTotal: number;

  /** The line's share of the order discount (shared/paid-amounts.ts): the line paid `lineTotal − discount`. */
  @Column({ type: 'int', default: 0 })
  discount: number;

  @Column({ name: 'image_url', type: 'varchar', length: 1000, nullable: true })
  imageUrl: string | null;

  @Column({ name: 'category_slug', type: 'varchar', length: 40 })
  categorySlug: string;

  @Column({ type: 'int' })
  position: number;
}
