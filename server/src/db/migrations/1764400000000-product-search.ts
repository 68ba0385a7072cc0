import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Product search: accent- and case-insensitive, stemmed Spanish full-text search with typo
 * correction, and the `pets` field (DOG/CAT) that listings filter on.
 *
 * - `enzo_unaccent(text)`: IMMUTABLE wrapper of `unaccent` (the extension's function is only STABLE,
 *   so it cannot appear in a generated column or an index).
 * - `product.search_vector`: generated column, `spanish` configuration over unaccented text; weight
 *   A = name, B = category, collections and pet words (perro/gato), C = description. GIN index.
 * - `search_term`: every word (unaccented, lower case, 3+ characters, not only digits) of the
 *   catalogue; `in_name` when it appears in a product or category name. A query word that no term
 *   starts with is replaced by the closest term (trigram similarity through the GiST index,
 *   Levenshtein distance ≤ 2, name words first): «colar» → «collar». Statement-level triggers keep it
 *   current when products or categories are inserted or renamed; terms are never removed (a stale
 *   term only costs a correction that then finds nothing).
 * - `product_size_available_idx`: the sizes in stock of a product, read for every match (size filter,
 *   availability in the relevance order, facet counts) as an index-only scan.
 * - `enzo_search_variants(word, prefix, weights)`: the tsquery text for one query word, OR-ing it with
 *   its singular and plural forms, because the Spanish snowball stemmer does not give a word and its
 *   plural the same stem every time (collar → coll, collares → collar; correa → corre, correas → corr).
 */
export class ProductSearch1764400000000 implements MigrationInterface {
  name = 'ProductSearch1764400000000';

  async up(q: QueryRunner): Promise<void> {
    // Trusted extensions since PostgreSQL 13: a database owner may create them without superuser.
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`);
    const [{ schema }] = (await q.query(
      `SELECT quote_ident(extnamespace::regnamespace::text) AS schema FROM pg_extension WHERE extname = 'unaccent'`,
    )) as { schema: string }[];
    await q.query(`
      CREATE FUNCTION enzo_unaccent(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        RETURN ${schema}.unaccent('${schema}.unaccent'::regdictionary, $1);

      CREATE FUNCTION enzo_search_document(name text, description text, category_slug text, collections text[], pets text[]) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN setweight(to_tsvector('spanish'::regconfig, enzo_unaccent(coalesce(name, ''))), 'A')
          || setweight(to_tsvector('spanish'::regconfig, enzo_unaccent(
               replace(coalesce(category_slug, ''), '-', ' ') || ' ' || array_to_string(coalesce(collections, '{}'), ' ')
               || CASE WHEN 'DOG' = ANY(pets) THEN ' perro' ELSE '' END
               || CASE WHEN 'CAT' = ANY(pets) THEN ' gato' ELSE '' END)), 'B')
          || setweight(to_tsvector('spanish'::regconfig, enzo_unaccent(coalesce(description, ''))), 'C');

      CREATE FUNCTION enzo_search_words(text) RETURNS SETOF text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        BEGIN ATOMIC
          SELECT DISTINCT w FROM regexp_split_to_table(lower(enzo_unaccent($1)), '[^a-z0-9]+') AS w
           WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$';
        END;

      CREATE FUNCTION enzo_search_variants(word text, prefix boolean, weights text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        RETURN '(' || (
          SELECT string_agg('''' || v || '''' || CASE WHEN prefix OR weights <> '' THEN ':' ELSE '' END
                              || CASE WHEN prefix THEN '*' ELSE '' END || weights, ' | ')
            FROM (SELECT DISTINCT v FROM unnest(ARRAY[
              word,
              CASE WHEN word ~ '^[a-z0-9]{3,}s$' THEN left(word, -1) END,
              CASE WHEN word ~ '^[a-z0-9]{3,}es$' THEN left(word, -2) END,
              CASE WHEN word ~ '[a-z]$' AND word !~ 's$' THEN word || 's' END,
              CASE WHEN word ~ '[^aeious0-9]$' THEN word || 'es' END
            ]) AS v WHERE v IS NOT NULL) AS vs
        ) || ')';

      ALTER TABLE product ADD COLUMN pets text[] NOT NULL DEFAULT '{}' CHECK (pets <@ ARRAY['DOG', 'CAT']::text[]);
      ALTER TABLE product ADD COLUMN search_vector tsvector NOT NULL
        GENERATED ALWAYS AS (enzo_search_document(name, description, category_slug, collections, pets)) STORED;
      CREATE INDEX product_search_idx ON product USING gin (search_vector);
      -- Sizes in stock per product (size filter, availability order, facets): an index-only probe per match.
      CREATE INDEX product_size_available_idx ON product_size (product_id, label) WHERE stock > 0;

      CREATE TABLE search_term (
        term text COLLATE "C" PRIMARY KEY,
        in_name boolean NOT NULL DEFAULT false
      );
      CREATE INDEX search_term_trgm_idx ON search_term USING gist (term gist_trgm_ops);

      CREATE FUNCTION enzo_learn_terms(names text[], texts text[]) RETURNS void LANGUAGE sql AS $$
        INSERT INTO search_term AS t (term, in_name)
        SELECT w, bool_or(in_name) FROM (
          SELECT w, true AS in_name FROM unnest(names) AS n, enzo_search_words(n) AS w
          UNION ALL
          SELECT w, false FROM unnest(texts) AS x, enzo_search_words(x) AS w
        ) AS words GROUP BY w
        ON CONFLICT (term) DO UPDATE SET in_name = true WHERE EXCLUDED.in_name AND NOT t.in_name
      $$;

      CREATE FUNCTION enzo_learn_product_terms() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM enzo_learn_terms(
          (SELECT array_agg(r.name) FROM new_rows r),
          (SELECT array_agg(r.description || ' ' || replace(r.category_slug, '-', ' ') || ' ' || array_to_string(r.collections, ' ')) FROM new_rows r));
        RETURN NULL;
      END $$;
      CREATE TRIGGER product_search_terms_insert AFTER INSERT ON product REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_learn_product_terms();
      CREATE TRIGGER product_search_terms_update AFTER UPDATE ON product REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_learn_product_terms();

      CREATE FUNCTION enzo_learn_category_terms() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM enzo_learn_terms((SELECT array_agg(r.name || ' ' || replace(r.slug, '-', ' ')) FROM new_rows r), '{}');
        RETURN NULL;
      END $$;
      CREATE TRIGGER category_search_terms_insert AFTER INSERT ON category REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_learn_category_terms();
      CREATE TRIGGER category_search_terms_update AFTER UPDATE ON category REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION enzo_learn_category_terms();

      SELECT enzo_learn_terms(
        (SELECT coalesce(array_agg(name), '{}') FROM product) || (SELECT coalesce(array_agg(name || ' ' || replace(slug, '-', ' ')), '{}') FROM category) || ARRAY['perro gato'],
        (SELECT coalesce(array_agg(description || ' ' || replace(category_slug, '-', ' ') || ' ' || array_to_string(collections, ' ')), '{}') FROM product));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER category_search_terms_update ON category;
      DROP TRIGGER category_search_terms_insert ON category;
      DROP TRIGGER product_search_terms_update ON product;
      DROP TRIGGER product_search_terms_insert ON product;
      DROP FUNCTION enzo_learn_category_terms(), enzo_learn_product_terms(), enzo_learn_terms(text[], text[]);
      DROP TABLE search_term;
      DROP INDEX product_size_available_idx;
      ALTER TABLE product DROP COLUMN search_vector, DROP COLUMN pets;
      DROP FUNCTION enzo_search_variants(text, boolean, text), enzo_search_words(text),
        enzo_search_document(text, text, text, text[], text[]), enzo_unaccent(text);
    `);
  }
}
