import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A home carousel slide: desktop and mobile pictures (from media_asset), a link and its dates on and off. */
@Entity({ name: 'home_slide' })
export class HomeSlideEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  /** Staff's name for the slide (also its accessible name on the page). */
  @Column({ type: 'varchar', length: 120 })
  title: string;

  /** What the pictures show and say, for people who cannot see them. */
  @Column({ type: 'varchar', length: 200 })
  alt: string;

  @Column({ type: 'varchar', length: 300 })
  link: string;

  @Column({ name: 'desktop_image_key', type: 'varchar', length: 300 })
  desktopImageKey: string;

  @Column({ name: 'mobile_image_key', type: 'varchar', length: 300 })
  mobileImageKey: string;

  @Column({ name: 'starts_at', type: 'timestamptz', nullable: true })
  startsAt: Date | null;

  /** Exclusive: the slide is off from this instant. */
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'int' })
  position: number;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
