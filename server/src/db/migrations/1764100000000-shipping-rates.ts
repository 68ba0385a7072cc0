import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEPARTMENTS } from '#shared/divipola.js';

/**
 * Shipping by destination: a rate table by department with optional municipality overrides
 * (DANE codes): fee and delivery time in business days; and the shop's free-shipping threshold. The
 * starting table keeps today's rule (COP 16.500 below COP 150.000 of merchandise after discount, free
 * from there) with realistic delivery times: Bogotá 1–2 days, department capitals 2–4, the rest of a
 * department 3–5, remote departments (islands, Amazonía, Orinoquía) 5–8. Staff edit it afterwards.
 */
const REMOTE = new Set(['88', '91', '94', '95', '97', '99']);
// 25001 is Agua de Dios: Cundinamarca's capital is Bogotá, which has its own department code.
const NOT_A_CAPITAL = new Set(['25001']);

export class ShippingRates1764100000000 implements MigrationInterface {
  name = 'ShippingRates1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shipping_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        free_from int NOT NULL CHECK (free_from >= 0),
        default_fee int NOT NULL CHECK (default_fee >= 0),
        default_min_days int NOT NULL CHECK (default_min_days >= 0),
        default_max_days int NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(200),
        CHECK (default_max_days >= default_min_days)
      );
      INSERT INTO shipping_settings (id, free_from, default_fee, default_min_days, default_max_days) VALUES (1, 150000, 16500, 3, 8);

      CREATE TABLE shipping_rate (
        id serial PRIMARY KEY,
        department_code varchar(2) NOT NULL,
        municipality_code varchar(5),
        fee int NOT NULL CHECK (fee >= 0),
        min_days int NOT NULL CHECK (min_days >= 0),
        max_days int NOT NULL,
        CHECK (max_days >= min_days),
        CHECK (municipality_code IS NULL OR left(municipality_code, 2) = department_code)
      );
      CREATE UNIQUE INDEX shipping_rate_department_idx ON shipping_rate (department_code) WHERE municipality_code IS NULL;
      CREATE UNIQUE INDEX shipping_rate_municipality_idx ON shipping_rate (municipality_code) WHERE municipality_code IS NOT NULL;

      ALTER TABLE shop_order ADD COLUMN delivery_min_days int, ADD COLUMN delivery_max_days int;
    `);
    for (const { code } of DEPARTMENTS) {
      const [min, max] = code === '11' ? [1, 2] : REMOTE.has(code) ? [5, 8] : [3, 5];
      await q.query(
        `INSERT INTO shipping_rate (department_code, municipality_code, fee, min_days, max_days) VALUES ($1, NULL, 16500, $2, $3)`,
        [code, min, max],
      );
      const capital = `${code}001`;
      if (code !== '11' && !REMOTE.has(code) && !NOT_A_CAPITAL.has(capital)) {
        await q.query(
          `INSERT INTO shipping_rate (department_code, municipality_code, fee, min_days, max_days) VALUES ($1, $2, 16500, 2, 4)`,
          [code, capital],
        );
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE shop_order DROP COLUMN delivery_min_days, DROP COLUMN delivery_max_days; DROP TABLE shipping_rate, shipping_settings`,
    );
  }
}
