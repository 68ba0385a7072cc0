import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'product_image' })
export class ProductImageEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'product_id', type: 'int' })
  productId: number;

  /** Key inside the MediaStore (e.g. `products/collar-cuero-miel-1.svg`). */
  @Column({ name: 'storage_key', type: 'varchar', length: 300 })
  storageKey: string;

  /** Public URL returned by the MediaStore when the file was stored. */
  @Column({ type: 'varchar', length: 1000 })
  url: string;

  @Column({ type: 'varchar', length: 200 })
  alt: string;

  @Column({ type: 'int' })
  width: number;

  @Column({ type: 'int' })
  height: number;

  @Column({ type: 'int' })
  position: number;
}
