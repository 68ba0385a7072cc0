import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Catalog1763700000000 implements MigrationInterface {
  name = 'Catalog1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE category (
        slug varchar(40) PRIMARY KEY,
        name varchar(80) NOT NULL,
        description text NOT NULL,
        position int NOT NULL
      );
      CREATE TABLE product (
        id serial PRIMARY KEY,
        slug varchar(120) NOT NULL UNIQUE,
        name varchar(160) NOT NULL,
        description text NOT NULL,
        price int NOT NULL CHECK (price > 0),
        category_slug varchar(40) NOT NULL REFERENCES category(slug) ON DELETE RESTRICT,
        collections text[] NOT NULL DEFAULT '{}',
        size_chart jsonb,
        active boolean NOT NULL DEFAULT true,
        position int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX product_category_idx ON product (category_slug, active, position, id);
      CREATE INDEX product_collections_idx ON product USING gin (collections);
      CREATE TABLE product_size (
        id serial PRIMARY KEY,
        product_id int NOT NULL REFERENCES product(id) ON DELETE CASCADE,
        label varchar(10) NOT NULL,
        position int NOT NULL,
        stock int NOT NULL CHECK (stock >= 0),
        reserved int NOT NULL DEFAULT 0 CHECK (reserved >= 0),
        UNIQUE (product_id, label)
      );
      CREATE TABLE product_image (
        id serial PRIMARY KEY,
        product_id int NOT NULL REFERENCES product(id) ON DELETE CASCADE,
        storage_key varchar(300) NOT NULL,
        url varchar(1000) NOT NULL,
        alt varchar(200) NOT NULL,
        width int NOT NULL,
        height int NOT NULL,
        position int NOT NULL
      );
      CREATE INDEX product_image_product_idx ON product_image (product_id, position);
      CREATE TABLE media_asset (
        storage_key varchar(300) PRIMARY KEY,
        url varchar(1000) NOT NULL,
        content_type varchar(100) NOT NULL,
        alt varchar(200) NOT NULL DEFAULT '',
        width int NOT NULL DEFAULT 0,
        height int NOT NULL DEFAULT 0
      );
      CREATE TABLE discount_code (
        id serial PRIMARY KEY,
        code varchar(40) NOT NULL UNIQUE CHECK (code = upper(code)),
        percent int NOT NULL CHECK (percent BETWEEN 1 AND 100),
        active boolean NOT NULL DEFAULT true,
        valid_from timestamptz,
        valid_until timestamptz,
        usage_limit int CHECK (usage_limit IS NULL OR usage_limit >= 0),
        uses int NOT NULL DEFAULT 0 CHECK (uses >= 0)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE discount_code, media_asset, product_image, product_size, product, category`);
  }
}
