import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The shop's shipping rules (one row): free-shipping threshold and the terms for places without a rate. */
@Entity({ name: 'shipping_settings' })
export class ShippingSettingsEntity {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  /** Merchandise (after discount) from which shipping is free, in COP. */
  @Column({ name: 'free_from', type: 'int' })
  freeFrom: number;

  @Column({ name: 'default_fee', type: 'int' })
  defaultFee: number;

  @Column({ name: 'default_min_days', type: 'int' })
  defaultMinDays: number;

  @Column({ name: 'default_max_days', type: 'int' })
  defaultMaxDays: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'updated_by', type: 'varchar', length: 200, nullable: true })
  updatedBy: string | null;
}
