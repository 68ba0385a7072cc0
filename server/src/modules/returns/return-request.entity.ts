import { Column, Entity, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { ReturnKind } from './return-rules.js';
import { ReturnLineEntity } from './return-line.entity.js';

export type ReturnStatus = 'SOLICITADA' | 'ACEPTADA' | 'RECHAZADA' | 'RECIBIDA' | 'REEMBOLSADA';
export type RefundMethod = 'GATEWAY_VOID' | 'BANK_TRANSFER';

/** A shopper's retracto, warranty claim or payment reversal, and what the shop did about it. */
@Entity({ name: 'return_request' })
export class ReturnRequestEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'order_id', type: 'int' })
  orderId: number;

  @Column({ type: 'varchar', length: 10 })
  kind: ReturnKind;

  @Column({ type: 'varchar', length: 12 })
  status: ReturnStatus;

  @Column({ type: 'text' })
  reason: string;

  @Column({ name: 'requested_at', type: 'timestamptz', default: () => 'now()' })
  requestedAt: Date;

  /** What is due back for these units (computed when requested; see return-rules.ts). */
  @Column({ name: 'refund_amount', type: 'int' })
  refundAmount: number;

  /** Legal deadline for the money: 30 calendar days (retracto, warranty) or 15 business days (reversal). */
  @Column({ name: 'refund_due_at', type: 'timestamptz' })
  refundDueAt: Date;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'decided_by', type: 'varchar', length: 200, nullable: true })
  decidedBy: string | null;

  @Column({ name: 'decision_note', type: 'text', nullable: true })
  decisionNote: string | null;

  @Column({ name: 'received_at', type: 'timestamptz', nullable: true })
  receivedAt: Date | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt: Date | null;

  @Column({ name: 'refund_method', type: 'varchar', length: 16, nullable: true })
  refundMethod: RefundMethod | null;

  @Column({ name: 'refund_reference', type: 'varchar', length: 120, nullable: true })
  refundReference: string | null;

  @OneToMany(() => ReturnLineEntity, (line) => line.request)
  lines?: ReturnLineEntity[];
}
