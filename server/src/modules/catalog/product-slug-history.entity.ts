import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A place a product used to live (its slug and category before staff changed them): old URLs move to the current one. */
@Entity({ name: 'product_slug_history' })
export class ProductSlugHistoryEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ name: 'product_id', type: 'int' })
  productId: number;

  @Column({ type: 'varchar', length: 120 })
  slug: string;

  @Column({ name: 'category_slug', type: 'varchar', length: 40 })
  categorySlug: string;

  @Column({ name: 'replaced_at', type: 'timestamptz', default: () => 'now()' })
  replacedAt: Date;
}
