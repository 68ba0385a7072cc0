import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OrderEventValue, OrderStatusValue } from '#shared/orders.js';

/** One step in an order's timeline: a status change (`from` is null for the creation step) or an event. */
@Entity({ name: 'order_transition' })
export class OrderTransitionEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'order_id', type: 'int' })
  orderId: number;

  @Column({ name: 'from_status', type: 'varchar', length: 20, nullable: true })
  from: OrderStatusValue | null;

  @Column({ name: 'to_status', type: 'varchar', length: 20 })
  to: OrderStatusValue;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;

  /** `cliente`, `pasarela`, `sistema` or the staff member's email/uid. */
  @Column({ type: 'varchar', length: 200 })
  actor: string;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  /** Set on a row that records something other than a status change (then `from` = `to`), e.g. `RETURN_REQUESTED`. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  event: OrderEventValue | null;
}
