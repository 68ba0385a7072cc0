import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A home promo block: its words are text (never painted into the picture) and its "from" price is
 * read from the catalogue when shown, so it follows price edits.
 */
@Entity({ name: 'promo_block' })
export class PromoBlockEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'varchar', length: 600 })
  body: string;

  @Column({ name: 'image_key', type: 'varchar', length: 300, nullable: true })
  imageKey: string | null;

  /** Empty when the picture is decoration only. */
  @Column({ name: 'image_alt', type: 'varchar', length: 200, default: '' })
  imageAlt: string;

  @Column({ name: 'link_url', type: 'varchar', length: 300 })
  linkUrl: string;

  @Column({ name: 'link_label', type: 'varchar', length: 40 })
  linkLabel: string;

  /** Shows "Desde <lowest active price of this category>". */
  @Column({ name: 'from_price_category', type: 'varchar', length: 40, nullable: true })
  fromPriceCategory: string | null;

  @Column({ name: 'starts_at', type: 'timestamptz', nullable: true })
  startsAt: Date | null;

  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'int' })
  position: number;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
