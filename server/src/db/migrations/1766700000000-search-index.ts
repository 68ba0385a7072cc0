import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What search, filtered listings and suggestions read, kept by PostgreSQL next to the catalogue so that a request
 * reads a bounded number of rows whatever the catalogue's size.
 *
 * - `product_search`: one narrow row per product with what a search or a filter looks at (scope, price, pets,
 *   order, the sizes in stock and the text vector). Without it every match meant a wide `product` row plus an index
 *   probe of its sizes; with it a search walks this table in the shop's order and stops after a bounded number of
 *   matches (modules/catalog/search-sql.ts). Written by statement triggers on `product` and `product_size` in the
 *   statement that changes them; a stock change rewrites the row only when a size starts or stops being in stock.
 * - `product_facet_count`: active products per (category, price, pets, sizes in stock), written by statement
 *   triggers on `product_search`. A listing's counts per filter option and its total are sums over the category's
 *   few rows instead of a pass over its products.
 * - `search_suggestion`: each word of each active product's name with the product's place in the shop's order.
 *   Suggestions while typing read, for the few words that start with what was typed, the first products of each
 *   word from its index range.
 *
 * All three are exact inside each transaction (written with the rows they derive from). Rows are changed in key
 * order within a statement so that two concurrent statements cannot deadlock on them.
 */
export class SearchIndex1766700000000 implements MigrationInterface {
  name = 'SearchIndex1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE product_search (
        product_id int PRIMARY KEY REFERENCES product(id) ON DELETE CASCADE,
        active boolean NOT NULL,
        category_slug varchar(40) NOT NULL,
        collections text[] NOT NULL,
        price int NOT NULL,
        pets text[] NOT NULL,
        position int NOT NULL,
        created_at timestamptz NOT NULL,
        name text NOT NULL,
        -- Labels of the sizes with stock, sorted (byte order).
        avail text[] NOT NULL,
        in_stock boolean NOT NULL GENERATED ALWAYS AS (cardinality(avail) > 0) STORED,
        search_vector tsvector NOT NULL
      );
      -- Search: the text match for rare words, and the shop's order (in stock first) for common ones.
      CREATE INDEX product_search_text_idx ON product_search USING gin (search_vector);
      CREATE INDEX product_search_order_idx ON product_search (in_stock DESC, position, product_id) WHERE active;
      CREATE INDEX product_search_position_idx ON product_search (position, product_id) WHERE active;
      CREATE INDEX product_search_price_idx ON product_search (price, product_id) WHERE active;
      CREATE INDEX product_search_price_desc_idx ON product_search (price DESC, product_id) WHERE active;
      CREATE INDEX product_search_newest_idx ON product_search (created_at DESC, product_id DESC) WHERE active;
      -- Filtered category listings, in each of their orders.
      CREATE INDEX product_search_category_idx ON product_search (category_slug, position, product_id) WHERE active;
      CREATE INDEX product_search_category_price_idx ON product_search (category_slug, price, product_id) WHERE active;
      CREATE INDEX product_search_category_price_desc_idx ON product_search (category_slug, price DESC, product_id) WHERE active;
      CREATE INDEX product_search_category_newest_idx ON product_search (category_slug, created_at DESC, product_id DESC) WHERE active;

      CREATE TABLE product_facet_count (
        category_slug varchar(40) NOT NULL,
        price int NOT NULL,
        pets text[] NOT NULL,
        avail text[] NOT NULL,
        products int NOT NULL,
        PRIMARY KEY (category_slug, price, pets, avail)
      );
      CREATE INDEX product_facet_count_empty_idx ON product_facet_count (products) WHERE products = 0;

      CREATE TABLE search_suggestion (
        word text COLLATE "C" NOT NULL,
        product_id int NOT NULL REFERENCES product_search(product_id) ON DELETE CASCADE,
        in_stock boolean NOT NULL,
        position int NOT NULL,
        PRIMARY KEY (word, product_id)
      );
      CREATE INDEX search_suggestion_order_idx ON search_suggestion (word, in_stock DESC, position, product_id);
      CREATE INDEX search_suggestion_product_idx ON search_suggestion (product_id);
    `);

    // product_search from product and its sizes: rows for the given ids, rewritten only when something differs.
    await q.query(`
      CREATE FUNCTION enzo_refresh_product_search(ids int[]) RETURNS void LANGUAGE sql AS $$
        INSERT INTO product_search AS t
          (product_id, active, category_slug, collections, price, pets, position, created_at, name, avail, search_vector)
        SELECT p.id, p.active, p.category_slug, p.collections, p.price, p.pets, p.position, p.created_at, p.name,
               ARRAY(SELECT s.label::text FROM product_size s WHERE s.product_id = p.id AND s.stock > 0
                      ORDER BY s.label COLLATE "C"),
               p.search_vector
          FROM product p WHERE p.id = ANY(ids)
         ORDER BY p.id
        ON CONFLICT (product_id) DO UPDATE SET
          active = EXCLUDED.active, category_slug = EXCLUDED.category_slug, collections = EXCLUDED.collections,
          price = EXCLUDED.price, pets = EXCLUDED.pets, position = EXCLUDED.position, created_at = EXCLUDED.created_at,
          name = EXCLUDED.name, avail = EXCLUDED.avail, search_vector = EXCLUDED.search_vector
        WHERE (t.active, t.category_slug, t.collections, t.price, t.pets, t.position, t.created_at, t.name, t.avail,
               t.search_vector)
          IS DISTINCT FROM (EXCLUDED.active, EXCLUDED.category_slug, EXCLUDED.collections, EXCLUDED.price,
               EXCLUDED.pets, EXCLUDED.position, EXCLUDED.created_at, EXCLUDED.name, EXCLUDED.avail,
               EXCLUDED.search_vector)
      $$;

      CREATE FUNCTION enzo_product_search_from_products() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM enzo_refresh_product_search(ARRAY(SELECT id FROM new_rows));
        RETURN NULL;
      END $$;
      CREATE TRIGGER product_search_insert AFTER INSERT ON product REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_from_products();
      CREATE TRIGGER product_search_update AFTER UPDATE ON product REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_from_products();

      -- Sizes: only a size that starts or stops being in stock (or moves) changes what search sees. An order
      -- reserving units of a size that keeps stock reads its transition tables and writes nothing.
      CREATE FUNCTION enzo_product_search_from_new_sizes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM enzo_refresh_product_search(ARRAY(SELECT DISTINCT product_id FROM new_rows WHERE stock > 0));
        RETURN NULL;
      END $$;
      CREATE FUNCTION enzo_product_search_from_changed_sizes() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ids int[];
      BEGIN
        SELECT array_agg(DISTINCT x) INTO ids FROM (
          SELECT o.product_id AS a, n.product_id AS b FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE (o.stock > 0) <> (n.stock > 0) OR o.label <> n.label OR o.product_id <> n.product_id
        ) AS c, unnest(ARRAY[c.a, c.b]) AS x;
        IF ids IS NOT NULL THEN PERFORM enzo_refresh_product_search(ids); END IF;
        RETURN NULL;
      END $$;
      CREATE FUNCTION enzo_product_search_from_old_sizes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM enzo_refresh_product_search(ARRAY(SELECT DISTINCT product_id FROM old_rows WHERE stock > 0));
        RETURN NULL;
      END $$;
      CREATE FUNCTION enzo_product_search_sizes_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE product_search SET avail = '{}' WHERE avail <> '{}';
        RETURN NULL;
      END $$;
      CREATE TRIGGER product_search_sizes_insert AFTER INSERT ON product_size REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_from_new_sizes();
      CREATE TRIGGER product_search_sizes_update AFTER UPDATE ON product_size
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_from_changed_sizes();
      CREATE TRIGGER product_search_sizes_delete AFTER DELETE ON product_size REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_from_old_sizes();
      CREATE TRIGGER product_search_sizes_truncate AFTER TRUNCATE ON product_size
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_sizes_truncated();
    `);

    // product_facet_count from product_search: +1 per active row a statement added, -1 per one it removed.
    // A key left with no product goes (a second statement: the first one's writes are not visible to itself).
    const apply = (delta: string) => `
      INSERT INTO product_facet_count AS t (category_slug, price, pets, avail, products)
      SELECT category_slug, price, pets, avail, sum(d)::int FROM (${delta}) AS x
       GROUP BY category_slug, price, pets, avail HAVING sum(d) <> 0 ORDER BY category_slug, price, pets, avail
      ON CONFLICT (category_slug, price, pets, avail) DO UPDATE SET products = t.products + EXCLUDED.products;
      DELETE FROM product_facet_count WHERE products = 0`;
    const added = `SELECT category_slug, price, pets, avail, 1 AS d FROM new_rows WHERE active`;
    const removed = `SELECT category_slug, price, pets, avail, -1 AS d FROM old_rows WHERE active`;
    // search_suggestion from product_search: the words of the names of the products a statement touched.
    const suggest = `
      INSERT INTO search_suggestion (word, product_id, in_stock, position)
      SELECT w, n.product_id, n.in_stock, n.position FROM new_rows n, enzo_search_words(n.name) AS w
       WHERE n.active ORDER BY 1, 2`;
    await q.query(`
      CREATE FUNCTION enzo_product_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(added)}; ${suggest}; RETURN NULL; END $$;
      CREATE FUNCTION enzo_product_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ids int[];
      BEGIN
        ${apply(`${added} UNION ALL ${removed}`)};
        -- Suggestions change only for products whose name, visibility or place in the order changed.
        SELECT array_agg(n.product_id ORDER BY n.product_id) INTO ids
          FROM new_rows n JOIN old_rows o ON o.product_id = n.product_id
         WHERE (n.name, n.active, n.in_stock, n.position) IS DISTINCT FROM (o.name, o.active, o.in_stock, o.position);
        IF ids IS NOT NULL THEN
          DELETE FROM search_suggestion WHERE product_id = ANY(ids);
          INSERT INTO search_suggestion (word, product_id, in_stock, position)
          SELECT w, n.product_id, n.in_stock, n.position FROM new_rows n, enzo_search_words(n.name) AS w
           WHERE n.active AND n.product_id = ANY(ids) ORDER BY 1, 2;
        END IF;
        RETURN NULL;
      END $$;
      CREATE FUNCTION enzo_product_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(removed)}; RETURN NULL; END $$;
      CREATE FUNCTION enzo_product_search_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM product_facet_count; RETURN NULL; END $$;

      CREATE TRIGGER product_search_derived_insert AFTER INSERT ON product_search REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_inserted();
      CREATE TRIGGER product_search_derived_update AFTER UPDATE ON product_search
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_updated();
      CREATE TRIGGER product_search_derived_delete AFTER DELETE ON product_search REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_deleted();
      CREATE TRIGGER product_search_derived_truncate AFTER TRUNCATE ON product_search
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_product_search_truncated();
    `);

    // Cached answers read these tables: product_search notifies like the tables it derives from (the other two are
    // written only by its triggers, in the statements that notify).
    await q.query(`
      CREATE TRIGGER product_search_catalog_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_search
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_notify_catalog_change();
    `);

    // The products already there. The locks keep a concurrent write from slipping between the copy and the triggers.
    await q.query(`LOCK TABLE product, product_size IN SHARE MODE`);
    await q.query(`SELECT enzo_refresh_product_search(ARRAY(SELECT id FROM product))`);
    await q.query(`ANALYZE product_search, product_facet_count, search_suggestion`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER product_search_catalog_change ON product_search;
      DROP TRIGGER product_search_sizes_truncate ON product_size;
      DROP TRIGGER product_search_sizes_delete ON product_size;
      DROP TRIGGER product_search_sizes_update ON product_size;
      DROP TRIGGER product_search_sizes_insert ON product_size;
      DROP TRIGGER product_search_update ON product;
      DROP TRIGGER product_search_insert ON product;
      DROP TABLE search_suggestion, product_facet_count, product_search;
      DROP FUNCTION enzo_product_search_inserted(), enzo_product_search_updated(), enzo_product_search_deleted(),
        enzo_product_search_truncated(), enzo_product_search_sizes_truncated(), enzo_product_search_from_old_sizes(),
        enzo_product_search_from_changed_sizes(), enzo_product_search_from_new_sizes(),
        enzo_product_search_from_products(), enzo_refresh_product_search(int[]);
    `);
  }
}
