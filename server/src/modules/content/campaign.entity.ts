import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A seasonal campaign page (e.g. `/halloween`, the `halloween` collection) that staff switch on or off. */
@Entity({ name: 'campaign' })
export class CampaignEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  slug: string;

  @Column({ type: 'varchar', length: 60, unique: true })
  path: string;

  @Column({ type: 'varchar', length: 40 })
  collection: string;

  @Column({ type: 'varchar', length: 80 })
  title: string;

  @Column({ type: 'varchar', length: 300 })
  description: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** SHA-256 of the current preview token (the token itself is only in the preview link). */
  @Column({ name: 'preview_token_hash', type: 'varchar', length: 64, nullable: true })
  previewTokenHash: string | null;

  @Column({ name: 'preview_expires_at', type: 'timestamptz', nullable: true })
  previewExpiresAt: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
