import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { SizeGuide } from '#shared/size-guide.js';
import { CategoryEntity } from './category.entity.js';

export type Pet = 'DOG' | 'CAT';

@Entity({ name: 'product' })
export class ProductEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 120 })
  slug: string;

  @Column({ type: 'varchar', length: 160 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  /** Integer COP, IVA included. */
  @Column({ type: 'int' })
  price: number;

  @Column({ name: 'category_slug', type: 'varchar', length: 40 })
  categorySlug: string;

  @ManyToOne(() => CategoryEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_slug' })
  category?: CategoryEntity;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  collections: string[];

  /** Measurements per size (staff-editable; category defaults from #shared/size-guide). */
  @Column({ name: 'size_guide', type: 'jsonb', nullable: true })
  sizeGuide: SizeGuide | null;

  /** Pets the product is made for: 'DOG', 'CAT' (empty when unspecified). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  pets: Pet[];

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** Lower first in the "relevancia" sort. */
  @Column({ type: 'int', default: 0 })
  position: number;

  /** Set while archived: gone from the storefront and the cart, kept for old orders and restorable. */
  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
