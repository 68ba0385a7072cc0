import type { MigrationInterface, QueryRunner } from 'typeorm';
import { defaultSizeGuide } from '#shared/size-guide.js';

/**
 * Staff run the shop: size guides per product (jackets' old chart becomes their guide,
 * other products get their category's defaults), archived products, a slug history so old product
 * URLs move to the current one, storefront content (home slides, promo blocks, seasonal campaigns),
 * shop settings (low-stock threshold) and discount-code conditions.
 */
export class StaffRunShop1765100000000 implements MigrationInterface {
  name = 'StaffRunShop1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product ADD COLUMN size_guide jsonb, ADD COLUMN archived_at timestamptz,
        ADD CONSTRAINT product_archived_hidden CHECK (archived_at IS NULL OR NOT active);
      UPDATE product p SET size_guide = jsonb_build_object(
        'measurements', '["NECK","CHEST","BACK_LENGTH"]'::jsonb,
        'note', NULL,
        'rows', (SELECT jsonb_agg(jsonb_build_object('size', r->>'size', 'values', jsonb_build_array(
                   jsonb_build_object('min', (r->>'cuelloCm')::numeric, 'max', NULL),
                   jsonb_build_object('min', (r->>'pechoCm')::numeric, 'max', NULL),
                   jsonb_build_object('min', (r->>'largoCm')::numeric, 'max', NULL))) ORDER BY ord)
                 FROM jsonb_array_elements(p.size_chart) WITH ORDINALITY AS e(r, ord)))
       WHERE size_chart IS NOT NULL AND jsonb_array_length(size_chart) > 0;
      ALTER TABLE product DROP COLUMN size_chart;

      CREATE TABLE product_slug_history (
        id serial PRIMARY KEY,
        product_id int NOT NULL REFERENCES product(id) ON DELETE CASCADE,
        slug varchar(120) NOT NULL,
        category_slug varchar(40) NOT NULL,
        replaced_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (product_id, category_slug, slug)
      );

      CREATE TABLE home_slide (
        id serial PRIMARY KEY,
        title varchar(120) NOT NULL,
        alt varchar(200) NOT NULL,
        link varchar(300) NOT NULL,
        desktop_image_key varchar(300) NOT NULL REFERENCES media_asset(storage_key),
        mobile_image_key varchar(300) NOT NULL REFERENCES media_asset(storage_key),
        starts_at timestamptz,
        ends_at timestamptz,
        active boolean NOT NULL DEFAULT true,
        position int NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
      );
      CREATE INDEX home_slide_position_idx ON home_slide (position, id);

      CREATE TABLE promo_block (
        id serial PRIMARY KEY,
        title varchar(120) NOT NULL,
        body varchar(600) NOT NULL,
        image_key varchar(300) REFERENCES media_asset(storage_key),
        image_alt varchar(200) NOT NULL DEFAULT '',
        link_url varchar(300) NOT NULL,
        link_label varchar(40) NOT NULL,
        from_price_category varchar(40) REFERENCES category(slug),
        starts_at timestamptz,
        ends_at timestamptz,
        active boolean NOT NULL DEFAULT true,
        position int NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
      );
      CREATE INDEX promo_block_position_idx ON promo_block (position, id);

      CREATE TABLE campaign (
        slug varchar(40) PRIMARY KEY,
        path varchar(60) NOT NULL UNIQUE,
        collection varchar(40) NOT NULL,
        title varchar(80) NOT NULL,
        description varchar(300) NOT NULL,
        active boolean NOT NULL DEFAULT true,
        preview_token_hash varchar(64),
        preview_expires_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE shop_setting (
        key varchar(60) PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      ALTER TABLE discount_code
        ADD COLUMN min_subtotal int CHECK (min_subtotal IS NULL OR min_subtotal > 0),
        ADD COLUMN category_slugs text[] NOT NULL DEFAULT '{}',
        ADD COLUMN first_purchase_only boolean NOT NULL DEFAULT false,
        ADD COLUMN per_customer_limit int CHECK (per_customer_limit IS NULL OR per_customer_limit > 0);
      CREATE INDEX shop_order_document_type_number_idx ON shop_order (document_type, document_number);
    `);

    // Products that had no chart get their category's suggested guide (staff edit it per product).
    const rows: Array<{ id: number; category_slug: string; labels: string[] }> = await q.query(
      `SELECT p.id, p.category_slug, array_agg(s.label ORDER BY s.position) AS labels
         FROM product p JOIN product_size s ON s.product_id = p.id WHERE p.size_guide IS NULL GROUP BY p.id`,
    );
    for (const row of rows) {
      const guide = defaultSizeGuide(row.category_slug, row.labels);
      if (guide) await q.query(`UPDATE product SET size_guide = $2 WHERE id = $1`, [row.id, JSON.stringify(guide)]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX shop_order_document_type_number_idx;
      ALTER TABLE discount_code DROP COLUMN min_subtotal, DROP COLUMN category_slugs, DROP COLUMN first_purchase_only, DROP COLUMN per_customer_limit;
      DROP TABLE shop_setting, campaign, promo_block, home_slide, product_slug_history;
      ALTER TABLE product ADD COLUMN size_chart jsonb;
      ALTER TABLE product DROP CONSTRAINT product_archived_hidden, DROP COLUMN size_guide, DROP COLUMN archived_at;
    `);
  }
}
