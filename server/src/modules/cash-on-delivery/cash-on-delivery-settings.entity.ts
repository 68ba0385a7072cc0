import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Cash on delivery (contraentrega), one row: on/off, the maximum order total and the fee (COP). */
@Entity({ name: 'cash_on_delivery_settings' })
export class CashOnDeliverySettingsEntity {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  @Column({ type: 'boolean' })
  enabled: boolean;

  @Column({ name: 'max_total', type: 'int' })
  maxTotal: number;

  @Column({ type: 'int' })
  fee: number;

  /** Hours staff have to confirm an order by phone; then it is cancelled and its stock returns. */
  @Column({ name: 'confirm_within_hours', type: 'int', default: 48 })
  confirmWithinHours: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'updated_by', type: 'varchar', length: 200, nullable: true })
  updatedBy: string | null;
}
