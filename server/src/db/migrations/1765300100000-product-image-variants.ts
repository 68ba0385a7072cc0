import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Resized WebP/JPEG copies of raster product pictures (server/src/modules/media/image-variants.ts). */
export class ProductImageVariants1765300100000 implements MigrationInterface {
  name = 'ProductImageVariants1765300100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product_image ADD COLUMN variants jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product_image DROP COLUMN variants`);
  }
}
