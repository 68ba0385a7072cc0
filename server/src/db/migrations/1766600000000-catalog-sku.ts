import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every size gets a SKU, the code a spreadsheet, Merchant Center and Commerce Manager know it by: unique across the
 * shop, at most 50 characters (Google's limit for an item id). Existing sizes, and any size inserted without one
 * (the editor when staff leave it empty, the seed, SQL by hand), get `ENZ-<product id>-<label>` in capitals without
 * accents (`ENZ-12-M`), with `-<size id>` appended when that is taken. `product_image.source_url` remembers the URL an
 * imported picture was fetched from, so importing the same spreadsheet again finds it instead of fetching a copy.
 */
export class CatalogSku1766600000000 implements MigrationInterface {
  name = 'CatalogSku1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION enzo_default_sku(product_id int, label text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT 'ENZ-' || product_id || '-' || COALESCE(NULLIF(trim(BOTH '-' FROM regexp_replace(
          upper(translate(label, 'áéíóúüñÁÉÍÓÚÜÑ', 'aeiouunAEIOUUN')), '[^A-Z0-9]+', '-', 'g')), ''), 'U')
      $$;
      ALTER TABLE product_size ADD COLUMN sku varchar(50);
      UPDATE product_size SET sku = enzo_default_sku(product_id, label);
      UPDATE product_size s SET sku = s.sku || '-' || s.id
        FROM (SELECT id, row_number() OVER (PARTITION BY sku ORDER BY id) AS n FROM product_size) d
       WHERE d.id = s.id AND d.n > 1;
      ALTER TABLE product_size ALTER COLUMN sku SET NOT NULL;
      CREATE UNIQUE INDEX product_size_sku_key ON product_size (sku);
      CREATE FUNCTION enzo_size_sku() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.sku := enzo_default_sku(NEW.product_id, NEW.label);
        IF EXISTS (SELECT 1 FROM product_size WHERE sku = NEW.sku) THEN
          NEW.sku := NEW.sku || '-' || NEW.id;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER product_size_default_sku BEFORE INSERT ON product_size
        FOR EACH ROW WHEN (NEW.sku IS NULL) EXECUTE FUNCTION enzo_size_sku();
      ALTER TABLE product_image ADD COLUMN source_url varchar(2000);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product_image DROP COLUMN source_url;
      DROP TRIGGER product_size_default_sku ON product_size;
      DROP FUNCTION enzo_size_sku();
      ALTER TABLE product_size DROP COLUMN sku;
      DROP FUNCTION enzo_default_sku(int, text);
    `);
  }
}
