import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Every verified gateway event, stored as received. Unique per (transaction, status) so a
 * replayed event is recognised and ignored. `orderId` is null when the reference is unknown.
 */
@Entity({ name: 'payment_event' })
export class PaymentEventEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'order_id', type: 'int', nullable: true })
  orderId: number | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  reference: string | null;

  @Column({ name: 'transaction_id', type: 'varchar', length: 100 })
  transactionId: string;

  @Column({ type: 'varchar', length: 20 })
  status: string;

  @Column({
    name: 'amount_in_cents',
    type: 'bigint',
    transformer: { to: (v: number) => v, from: (v: string | null) => (v === null ? 0 : Number(v)) },
  })
  amountInCents: number;

  @Column({ type: 'jsonb' })
  payload: unknown;

  @Column({ name: 'checksum_valid', type: 'boolean' })
  checksumValid: boolean;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;
}
