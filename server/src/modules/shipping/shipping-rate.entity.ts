import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Fee and delivery time (business days) to a department, or to one municipality (an override). */
@Entity({ name: 'shipping_rate' })
export class ShippingRateEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'department_code', type: 'varchar', length: 2 })
  departmentCode: string;

  /** Null: the whole department. */
  @Column({ name: 'municipality_code', type: 'varchar', length: 5, nullable: true })
  municipalityCode: string | null;

  @Column({ type: 'int' })
  fee: number;

  @Column({ name: 'min_days', type: 'int' })
  minDays: number;

  @Column({ name: 'max_days', type: 'int' })
  maxDays: number;
}
