import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A stored file that is not a product image (home banners, video, logo). */
@Entity({ name: 'media_asset' })
export class MediaAssetEntity {
  @PrimaryColumn({ name: 'storage_key', type: 'varchar', length: 300 })
  storageKey: string;

  @Column({ type: 'varchar', length: 1000 })
  url: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  alt: string;

  @Column({ type: 'int', default: 0 })
  width: number;

  @Column({ type: 'int', default: 0 })
  height: number;
}
