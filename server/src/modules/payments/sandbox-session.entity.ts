import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentMethodValue } from '#shared/orders.js';

/** A sandbox-gateway checkout session (what Wompi would keep on its side). */
@Entity({ name: 'sandbox_session' })
export class SandboxSessionEntity {
  /** Random, URL-safe; the `session` query parameter of /pasarela-sandbox. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 40 })
  reference: string;

  @Column({
    name: 'amount_in_cents',
    type: 'bigint',
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  amountInCents: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'payment_method', type: 'varchar', length: 30 })
  paymentMethod: PaymentMethodValue;

  @Column({ name: 'redirect_url', type: 'varchar', length: 2000 })
  redirectUrl: string;

  /** Transaction id once the sandbox decided (the sandbox refuses to pay twice). */
  @Column({ name: 'transaction_id', type: 'varchar', length: 100, nullable: true })
  transactionId: string | null;

  /** Final status the sandbox gave the transaction (APPROVED / DECLINED). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  status: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
