import type { DataSource, EntityManager } from 'typeorm';
import { findDepartment, findMunicipality } from '#shared/divipola.js';
import type { ShippingRule } from '#shared/pricing.js';
import { commit, inTransaction, queryOn, rollback } from '../../common/db.js';
import { auditChange, rowSnapshot } from '../../common/audit.js';
import type { ReadCache } from '../../common/read-cache.js';
import { invalidField, notFoundResult, ok, type NotFound, type ValidationErrors } from '../../common/results.js';
import { ShippingRateEntity } from './shipping-rate.entity.js';
import { ShippingSettingsEntity } from './shipping-settings.entity.js';

export interface Destination {
  departmentCode: string;
  municipalityCode?: string | null;
}

/** What shipping costs and how long it takes to a destination (or, without one, from how little). */
export interface ShippingTerms extends ShippingRule {
  minDays: number;
  maxDays: number;
  /** No destination yet: `fee` is the lowest any place pays («desde») and the days the widest range. */
  estimate: boolean;
}

interface TermsRow {
  free_from: number;
  default_fee: number;
  default_min_days: number;
  default_max_days: number;
  fee: number | null;
  min_days: number | null;
  max_days: number | null;
}

export interface RateInput {
  departmentCode: string;
  municipalityCode?: string | null;
  fee: number;
  minDays: number;
  maxDays: number;
}

export interface SettingsInput {
  freeFrom: number;
  defaultFee: number;
  defaultMinDays: number;
  defaultMaxDays: number;
}

const MAX_MONEY = 100_000_000;
const MAX_DAYS = 60;

/** Shipping by destination: the rate table (department, municipality overrides) and the free-shipping threshold. */
export class ShippingService {
  constructor(
    private readonly ds: DataSource,
    /** Keeps quotes' terms until staff change shipping (a transaction's read always goes to the rows). */
    private readonly cache: ReadCache,
  ) {}

  /**
   * Terms for a destination (a municipality override beats its department's rate, which beats the
   * shop default), or the «desde» terms without one. One statement, or none when this instance has them
   * since the last change; inside `m` (placing an order) always read with the order.
   */
  terms(destination?: Destination | null, m?: EntityManager): Promise<ShippingTerms> {
    const department = destination ? findDepartment(destination.departmentCode) : null;
    const municipality =
      department && destination?.municipalityCode
        ? findMunicipality(department.code, destination.municipalityCode)
        : null;
    const departmentCode = department?.code ?? null;
    const municipalityCode = municipality?.code ?? null;
    if (m) return this.#readTerms(departmentCode, municipalityCode, m);
    // Keys are only codes that exist (DIVIPOLA), so the cache cannot be filled with made-up destinations.
    return this.cache.remember(`shipping-terms:${departmentCode ?? ''}:${municipalityCode ?? ''}`, () =>
      this.#readTerms(departmentCode, municipalityCode),
    );
  }

  async #readTerms(
    departmentCode: string | null,
    municipalityCode: string | null,
    m?: EntityManager,
  ): Promise<ShippingTerms> {
    const read = async (sql: string, params: unknown[]) =>
      (await queryOn<TermsRow>(m ?? this.ds.manager, sql, params)).rows;
    const [row] = departmentCode
      ? await read(
          `SELECT s.free_from, s.default_fee, s.default_min_days, s.default_max_days, r.fee, r.min_days, r.max_days
             FROM shipping_settings s
             LEFT JOIN LATERAL (SELECT fee, min_days, max_days FROM shipping_rate
                                 WHERE department_code = $1 AND (municipality_code = $2 OR municipality_code IS NULL)
                                 ORDER BY municipality_code NULLS LAST LIMIT 1) r ON true
            WHERE s.id = 1`,
          [departmentCode, municipalityCode],
        )
      : await read(
          `SELECT s.free_from, s.default_fee, s.default_min_days, s.default_max_days,
                  least(s.default_fee, r.fee) AS fee, least(s.default_min_days, r.min_days) AS min_days, greatest(s.default_max_days, r.max_days) AS max_days
             FROM shipping_settings s, LATERAL (SELECT min(fee) AS fee, min(min_days) AS min_days, max(max_days) AS max_days FROM shipping_rate) r
            WHERE s.id = 1`,
          [],
        );
    if (!row) throw new Error('Falta la configuración de envíos (shipping_settings).');
    return Object.freeze({
      fee: row.fee ?? row.default_fee,
      freeFrom: row.free_from,
      minDays: row.min_days ?? row.default_min_days,
      maxDays: row.max_days ?? row.default_max_days,
      estimate: !departmentCode,
    });
  }

  settings(): Promise<ShippingSettingsEntity> {
    return this.ds.getRepository(ShippingSettingsEntity).findOneByOrFail({ id: 1 });
  }

  rates(): Promise<ShippingRateEntity[]> {
    return this.ds
      .getRepository(ShippingRateEntity)
      .find({ order: { departmentCode: 'ASC', municipalityCode: { direction: 'ASC', nulls: 'FIRST' } } });
  }

  async saveSettings(
    input: SettingsInput,
    staffName: string,
  ): Promise<(ShippingSettingsEntity & { __typename: 'ShippingSettings' }) | ValidationErrors> {
    const bad =
      checkMoney('freeFrom', input.freeFrom, 'El envío gratis debe empezar en un valor entero de pesos (0 o más).') ??
      checkMoney('defaultFee', input.defaultFee, 'El valor del envío debe ser un número entero de pesos (0 o más).') ??
      checkDays(input.defaultMinDays, input.defaultMaxDays, 'defaultMinDays');
    if (bad) return bad;
    await inTransaction(this.ds, async (m) => {
      const before = await rowSnapshot(m, `${SETTINGS_SNAPSHOT} FOR UPDATE`, 1);
      await m
        .getRepository(ShippingSettingsEntity)
        .update({ id: 1 }, { ...input, updatedAt: new Date(), updatedBy: staffName });
      auditChange(m, {
        entityType: 'shippingSettings',
        entityId: 1,
        before,
        after: await rowSnapshot(m, SETTINGS_SNAPSHOT, 1),
      });
      return commit(null);
    });
    return ok(await this.settings(), 'ShippingSettings');
  }

  /** Creates or replaces the rate of a department (no municipality) or of one municipality. */
  async saveRate(input: RateInput): Promise<(ShippingRateEntity & { __typename: 'ShippingRate' }) | ValidationErrors> {
    const department = findDepartment(input.departmentCode);
    if (!department) return invalidField('departmentCode', 'Elige un departamento de la lista.');
    const municipalityCode = input.municipalityCode?.trim() || null;
    if (municipalityCode && !findMunicipality(department.code, municipalityCode)) {
      return invalidField('municipalityCode', `Elige un municipio de ${department.name} de la lista.`);
    }
    const bad =
      checkMoney('fee', input.fee, 'El valor del envío debe ser un número entero de pesos (0 o más).') ??
      checkDays(input.minDays, input.maxDays, 'minDays');
    if (bad) return bad;
    const repo = this.ds.getRepository(ShippingRateEntity);
    const saved = await inTransaction(this.ds, async (m) => {
      const existing: Array<{ id: number }> = await m.query(
        municipalityCode
          ? `SELECT id FROM shipping_rate WHERE municipality_code = $1 FOR UPDATE`
          : `SELECT id FROM shipping_rate WHERE department_code = $1 AND municipality_code IS NULL FOR UPDATE`,
        [municipalityCode ?? department.code],
      );
      const before = existing[0] ? await rowSnapshot(m, RATE_SNAPSHOT, existing[0].id) : null;
      const rows: Array<{ id: number }> = await m.query(
        municipalityCode
          ? `INSERT INTO shipping_rate (department_code, municipality_code, fee, min_days, max_days) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (municipality_code) WHERE municipality_code IS NOT NULL DO UPDATE SET fee = EXCLUDED.fee, min_days = EXCLUDED.min_days, max_days = EXCLUDED.max_days RETURNING id`
          : `INSERT INTO shipping_rate (department_code, municipality_code, fee, min_days, max_days) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (department_code) WHERE municipality_code IS NULL DO UPDATE SET fee = EXCLUDED.fee, min_days = EXCLUDED.min_days, max_days = EXCLUDED.max_days RETURNING id`,
        [department.code, municipalityCode, input.fee, input.minDays, input.maxDays],
      );
      const id = rows[0]!.id;
      auditChange(m, {
        entityType: 'shippingRate',
        entityId: id,
        before,
        after: await rowSnapshot(m, RATE_SNAPSHOT, id),
      });
      return commit(id);
    });
    if (!saved.commit) throw new Error('unreachable');
    return ok((await repo.findOneBy({ id: saved.value }))!, 'ShippingRate');
  }

  /** Removes a municipality override (its department's rate applies again); department rates stay. */
  async removeRate(
    id: string,
  ): Promise<{ __typename: 'ShippingRateRemoved'; id: string } | ValidationErrors | NotFound> {
    const n = Number(id);
    const repo = this.ds.getRepository(ShippingRateEntity);
    const rate = Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? await repo.findOneBy({ id: n }) : null;
    if (!rate) return notFoundResult('Esa tarifa no existe.');
    if (!rate.municipalityCode)
      return invalidField('id', 'La tarifa de un departamento no se borra: cambia su valor o sus días.');
    const removed = await inTransaction(this.ds, async (m) => {
      const before = await rowSnapshot(m, `${RATE_SNAPSHOT} FOR UPDATE`, n);
      if (!before) return rollback(null);
      await m.query(`DELETE FROM shipping_rate WHERE id = $1`, [n]);
      auditChange(m, { entityType: 'shippingRate', entityId: n, before, after: null });
      return commit(null);
    });
    if (!removed.commit) return notFoundResult('Esa tarifa no existe.');
    return { __typename: 'ShippingRateRemoved', id: String(n) };
  }
}

const SETTINGS_SNAPSHOT = `SELECT free_from AS "freeShippingThreshold", default_fee AS fee, default_min_days AS "minDays", default_max_days AS "maxDays" FROM shipping_settings WHERE id = $1`;
const RATE_SNAPSHOT = `SELECT department_code AS "departmentCode", municipality_code AS "municipalityCode", fee, min_days AS "minDays", max_days AS "maxDays" FROM shipping_rate WHERE id = $1`;

function checkMoney(field: string, value: number, message: string): ValidationErrors | null {
  return Number.isInteger(value) && value >= 0 && value <= MAX_MONEY ? null : invalidField(field, message);
}

function checkDays(min: number, max: number, field: string): ValidationErrors | null {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max > MAX_DAYS)
    return invalidField(field, `Los días de entrega deben ser números enteros entre 0 y ${MAX_DAYS}.`);
  if (min > max) return invalidField(field, 'El mínimo de días no puede ser mayor que el máximo.');
  return null;
}
