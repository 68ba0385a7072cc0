import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { print } from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '../setup/test-database.js';
import { startChildShop, type ChildShop } from '../setup/child-shop.js';
import { HomeMediaDocument, type HomeMediaQuery } from '../../client/src/features/home/home.generated.js';

/**
 * Time-limited content leaves every instance's cache when its time comes, with no write to announce it: a
 * slide whose end passes during the test stops showing on both instances (each keeps the home reads cached), also
 * when stock changes (which drop the caches without asking for the next dated moment again) came in between.
 */
let db: pg.Client;
let a: ChildShop;
let b: ChildShop;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enzo-expiry-'));

beforeAll(async () => {
  const databaseUrl = await createTestDatabase(inject('pgServerUrl'));
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const env = {
    DATABASE_URL: databaseUrl,
    TEST_SHOP: 'true',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
  };
  [a, b] = await Promise.all([startChildShop(env), startChildShop(env)]);
}, 300_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The home page's own read, sent as a GET like the app's cached reads.
const HOME = `/graphql?query=${encodeURIComponent(print(HomeMediaDocument))}`;

async function slideTitles(shop: ChildShop) {
  const res = await fetch(`${shop.url}${HOME}`, { headers: { 'apollo-require-preflight': 'true' } });
  const body = (await res.json()) as { data: HomeMediaQuery };
  return { titles: body.data.homeMedia.slides.map((s) => s.title), etag: res.headers.get('etag') };
}

describe('time-limited content and the caches', () => {
  it('drops a slide from both instances’ cached reads when its end passes', async () => {
    const { rows } = await db.query<{ d: string; m: string }>(
      `SELECT storage_key AS d, storage_key AS m FROM media_asset ORDER BY storage_key LIMIT 1`,
    );
    const { rows: inserted } = await db.query<{ ends_at: Date }>(
      `INSERT INTO home_slide (title, alt, link, desktop_image_key, mobile_image_key, starts_at, ends_at, active, position)
       VALUES ('Se acaba pronto', 'Diapositiva que vence', '/halloween', $1, $2, NULL, now() + interval '8 seconds', true, 0)
       RETURNING ends_at`,
      [rows[0]!.d, rows[0]!.m],
    );
    const endsAt = inserted[0]!.ends_at.getTime();
    for (const shop of [a, b]) {
      await vi.waitUntil(async () => (await slideTitles(shop)).titles.includes('Se acaba pronto'), { timeout: 5000 });
      // The same answer again comes from the instance's cache (same ETag, nothing changed in the database).
      const first = await slideTitles(shop);
      expect((await slideTitles(shop)).etag).toBe(first.etag);
    }
    // Orders change a size's visible stock meanwhile: each change drops what both instances keep, but cannot move the
    // slide's end, so the moment they drop everything for it stays armed (it is not asked for again).
    for (const stock of [3, 4, 3]) {
      await db.query(`UPDATE product_size SET stock = $1 WHERE id = (SELECT min(id) FROM product_size)`, [stock]);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const shop of [a, b]) expect((await slideTitles(shop)).titles).toContain('Se acaba pronto');
    // Nothing is written when the slide ends: only the clock moves.
    for (const shop of [a, b]) {
      await vi.waitUntil(async () => !(await slideTitles(shop)).titles.includes('Se acaba pronto'), {
        timeout: 20_000,
        interval: 100,
      });
      const { rows: now } = await db.query<{ now: Date }>(`SELECT now()`);
      expect(now[0]!.now.getTime()).toBeGreaterThanOrEqual(endsAt);
      expect(now[0]!.now.getTime() - endsAt).toBeLessThan(5000);
    }
  }, 60_000);
});
