import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An email the shop owes someone, written in the same transaction as the change that causes it and
 * sent by the `send-email` background job (retried with backoff until it goes out).
 */
@Entity({ name: 'outbound_email' })
export class OutboundEmailEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  /** One email per key (e.g. `order:12:PAGADO:cliente`): queuing it twice keeps the first. */
  @Column({ name: 'dedupe_key', type: 'varchar', length: 200, unique: true })
  dedupeKey: string;

  @Column({ name: 'order_id', type: 'int', nullable: true })
  orderId: number | null;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ type: 'text' })
  html: string;

  @Column({ type: 'text' })
  text: string;

  /** Readable part of the outbox file name (`ENZ-7K3Q9D-cliente`). */
  @Column({ name: 'file_tag', type: 'varchar', length: 80 })
  fileTag: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
