import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase } from '../../server/src/db/data-source.js';
import { adminQuery } from '../setup/test-database.js';
import { migrations } from '../../server/src/db/migrations/index.js';

const name = `mig_${Date.now().toString(36)}`;
const serverUrl = inject('pgServerUrl');
const url = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
})();

afterAll(() => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

describe('migrations', () => {
  it('build the schema from an empty database, are recorded, and re-run as a no-op', async () => {
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const ds = await openDatabase({ url });
    const applied: Array<{ name: string }> = await ds.query(`SELECT name FROM migrations ORDER BY id`);
    expect(applied.map((m) => m.name)).toEqual(migrations.map((m) => new m().name ?? m.name));
    const tables: Array<{ table_name: string }> = await ds.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['category', 'product', 'product_size', 'product_image', 'discount_code', 'media_asset']),
    );
    expect(await ds.showMigrations()).toBe(false);
    await ds.destroy();
    const again = await openDatabase({ url });
    expect((await again.query(`SELECT count(*)::int AS n FROM migrations`))[0].n).toBe(migrations.length);
    await again.destroy();
  });

  it("keep each category's count of active products exact, however its products change", async () => {
    const ds = await openDatabase({ url });
    await ds.query(
      `INSERT INTO category (slug, name, description, position) VALUES ('cnt-a', 'A', 'a', 10), ('cnt-b', 'B', 'b', 11)`,
    );
    const counted = async () => {
      const kept: Array<{ category_slug: string; active_products: number }> = await ds.query(
        `SELECT category_slug, active_products FROM category_product_count WHERE category_slug LIKE 'cnt-%' AND active_products <> 0 ORDER BY 1`,
      );
      const real: Array<{ category_slug: string; n: number }> = await ds.query(
        `SELECT category_slug, count(*)::int AS n FROM product WHERE active AND category_slug LIKE 'cnt-%' GROUP BY 1 ORDER BY 1`,
      );
      expect(kept.map((r) => [r.category_slug, r.active_products])).toEqual(real.map((r) => [r.category_slug, r.n]));
      return Object.fromEntries(kept.map((r) => [r.category_slug, r.active_products]));
    };
    // One statement adding many products, some inactive.
    await ds.query(
      `INSERT INTO product (slug, name, description, price, category_slug, active)
       SELECT 'cnt-' || g, 'P' || g, 'd', 1000, CASE WHEN g % 3 = 0 THEN 'cnt-b' ELSE 'cnt-a' END, g % 5 <> 0 FROM generate_series(1, 30) g`,
    );
    expect(await counted()).toEqual({ 'cnt-a': 16, 'cnt-b': 8 });
    // Deactivated, reactivated, moved to another category, renamed (no change), deleted.
    await ds.query(`UPDATE product SET active = false WHERE slug IN ('cnt-1', 'cnt-3')`);
    expect(await counted()).toEqual({ 'cnt-a': 15, 'cnt-b': 7 });
    await ds.query(`UPDATE product SET active = true WHERE slug IN ('cnt-5', 'cnt-1')`);
    expect(await counted()).toEqual({ 'cnt-a': 17, 'cnt-b': 7 });
    await ds.query(`UPDATE product SET category_slug = 'cnt-b' WHERE slug IN ('cnt-2', 'cnt-4', 'cnt-10')`);
    expect(await counted()).toEqual({ 'cnt-a': 15, 'cnt-b': 9 });
    await ds.query(`UPDATE product SET name = name || '!' WHERE category_slug LIKE 'cnt-%'`);
    expect(await counted()).toEqual({ 'cnt-a': 15, 'cnt-b': 9 });
    await ds.query(`DELETE FROM product WHERE slug IN ('cnt-6', 'cnt-7', 'cnt-15')`);
    expect(await counted()).toEqual({ 'cnt-a': 14, 'cnt-b': 8 });
    // A rolled-back change leaves the count as it was.
    await ds
      .transaction(async (m) => {
        await m.query(`UPDATE product SET active = false WHERE category_slug = 'cnt-a'`);
        expect(
          (await m.query(`SELECT active_products FROM category_product_count WHERE category_slug = 'cnt-a'`))[0]
            .active_products,
        ).toBe(0);
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
    expect(await counted()).toEqual({ 'cnt-a': 14, 'cnt-b': 8 });
    await ds.query(`DELETE FROM product WHERE category_slug LIKE 'cnt-%'`);
    expect(await counted()).toEqual({});
    await ds.destroy();
  });

  it('enforce stock never negative at the database level', async () => {
    const ds = await openDatabase({ url });
    await ds.query(
      `INSERT INTO category (slug, name, description, position) VALUES ('x', 'X', 'x', 1) ON CONFLICT DO NOTHING`,
    );
    const [{ id }] = await ds.query(
      `INSERT INTO product (slug, name, description, price, category_slug) VALUES ('p-neg', 'P', 'd', 1000, 'x') RETURNING id`,
    );
    await expect(
      ds.query(`INSERT INTO product_size (product_id, label, position, stock) VALUES ($1, 'M', 0, -1)`, [id]),
    ).rejects.toThrow();
    await ds.destroy();
  });
});
