import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { srcSetOf, type ImageVariant } from '../media/index.js';

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

  /** The URL an imported picture was fetched from (null for uploads): a re-import recognises it. */
  @Column({ name: 'source_url', type: 'varchar', length: 2000, nullable: true })
  sourceUrl: string | null;

  /** Resized WebP/JPEG copies (raster uploads only; null for SVG artwork). */
  @Column({ type: 'jsonb', nullable: true })
  variants: ImageVariant[] | null;

  /** GraphQL `Image.srcSet`: the WebP copies. */
  get srcSet(): string | null {
    return srcSetOf(this.variants, 'webp');
  }

  /** GraphQL `Image.fallbackSrcSet`: the JPEG copies. */
  get fallbackSrcSet(): string | null {
    return srcSetOf(this.variants, 'jpeg');
  }
}
