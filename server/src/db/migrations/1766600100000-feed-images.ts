import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PNG copies of SVG product pictures, made for the product feeds (Google and Meta take no SVG): one per stored SVG
 * (`source_key`, its key in the media store), made once by whichever instance builds a feed first, and kept. Owned by
 * the channels module (server/src/modules/channels/feed-images.ts).
 */
export class FeedImages1766600100000 implements MigrationInterface {
  name = 'FeedImages1766600100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE feed_image (
        source_key varchar(300) PRIMARY KEY,
        storage_key varchar(300) NOT NULL,
        url varchar(1000) NOT NULL,
        width int NOT NULL CHECK (width > 0),
        height int NOT NULL CHECK (height > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE feed_image`);
  }
}
