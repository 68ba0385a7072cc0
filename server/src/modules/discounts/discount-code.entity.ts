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
}
