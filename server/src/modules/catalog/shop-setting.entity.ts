import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A shop-wide setting staff change (e.g. the low-stock threshold), stored as JSON. */
@Entity({ name: 'shop_setting' })
export class ShopSettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 60 })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
