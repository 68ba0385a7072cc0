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
    const tables: Array<{ table_name: string }> = await ds.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['category', 'product', 'product_size', 'product_image', 'discount_code', 'media_asset']));
    expect(await ds.showMigrations()).toBe(false);
    await ds.destroy();
    const again = await openDatabase({ url });
    expect((await again.query(`SELECT count(*)::int AS n FROM migrations`))[0].n).toBe(migrations.length);
    await again.destroy();
  });

  it('enforce stock never negative at the database level', async () => {
    const ds = await openDatabase({ url });
    await ds.query(`INSERT INTO category (slug, name, description, position) VALUES ('x', 'X', 'x', 1) ON CONFLICT DO NOTHING`);
    const [{ id }] = await ds.query(`INSERT INTO product (slug, name, description, price, category_slug) VALUES ('p-neg', 'P', 'd', 1000, 'x') RETURNING id`);
    await expect(ds.query(`INSERT INTO product_size (product_id, label, position, stock) VALUES ($1, 'M', 0, -1)`, [id])).rejects.toThrow();
    await ds.destroy();
  });
});
