import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A sellable variant. `stock` is what can still be sold; `reserved` is held by unpaid orders.
 * Both are never negative (CHECK constraints in the migration).
 */
@Entity({ name: 'product_size' })
@Index(['productId', 'label'], { unique: true })
export class ProductSizeEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'product_id', type: 'int' })
  productId: number;

  @Column({ type: 'varchar', length: 10 })
  label: string;

  /** Unique across the shop (the id in spreadsheets and product feeds); a default is set when none is given. */
  @Column({ type: 'varchar', length: 50 })
  sku: string;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'int' })
  stock: number;

  @Column({ type: 'int', default: 0 })
  reserved: number;
}
