import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../setup/test-shop.js';
import { seedDatabase } from '../../server/src/db/seed/seed.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

describe('seed', () => {
  it('is idempotent: a second run creates nothing and keeps staff edits', async () => {
    const count = async (table: string) =>
      (await shop.ds.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;
    const before = {
      products: await count('product'),
      sizes: await count('product_size'),
      images: await count('product_image'),
      codes: await count('discount_code'),
    };
    await shop.ds.query(`UPDATE product SET price = 61000 WHERE slug = (SELECT slug FROM product ORDER BY id LIMIT 1)`);
    const report = await seedDatabase(shop.ds, shop.services.media);
    expect(report.productsCreated).toBe(0);
    expect(report.codesCreated).toBe(0);
    expect(report.imagesStored).toBe(0);
    expect({
      products: await count('product'),
      sizes: await count('product_size'),
      images: await count('product_image'),
      codes: await count('discount_code'),
    }).toEqual(before);
    const [{ price }] = await shop.ds.query(`SELECT price FROM product ORDER BY id LIMIT 1`);
    expect(price).toBe(61000);
  });

  it('seeds the four discount codes at 10, 15, 15 and 15 %', async () => {
    const rows: Array<{ percent: number }> = await shop.ds.query(
      `SELECT percent FROM discount_code ORDER BY percent, code`,
    );
    expect(rows.map((r) => r.percent)).toEqual([10, 15, 15, 15]);
  });

  it('has some sold-out sizes and no price of exactly 150.000', async () => {
    const [{ n }] = await shop.ds.query(`SELECT count(*)::int AS n FROM product_size WHERE stock = 0`);
    expect(n).toBeGreaterThan(0);
    const [{ m }] = await shop.ds.query(`SELECT count(*)::int AS m FROM product WHERE price = 150000`);
    expect(m).toBe(0);
  });
});
