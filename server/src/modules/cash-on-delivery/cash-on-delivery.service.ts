import type { DataSource, EntityManager } from 'typeorm';
import {
  cashOnDeliveryInputSchema,
  DEFAULT_CONFIRM_WITHIN_HOURS,
  type CashOnDeliverySettings,
} from '#shared/cash-on-delivery.js';
import { commit, inTransaction, queryOn } from '../../common/db.js';
import { auditChange, rowSnapshot } from '../../common/audit.js';
import type { ReadCache } from '../../common/read-cache.js';
import { ok, validationErrors, type ValidationErrors } from '../../common/results.js';
import { CashOnDeliverySettingsEntity } from './cash-on-delivery-settings.entity.js';

export interface CashOnDeliveryInput {
  enabled: boolean;
  maxTotal: number;
  fee: number;
  /** Null or left out: the window stays as it is. */
  confirmWithinHours?: number | null;
}

/** The shop's cash-on-delivery switch, maximum and fee (staff edit them; quotes and orders read them). */
export class CashOnDeliveryService {
  constructor(
    private readonly ds: DataSource,
    /** Keeps the settings for quotes until staff change them (a transaction's read always goes to the row). */
    private readonly cache: ReadCache,
  ) {}

  /**
   * Current settings: without `m` the kept copy; with `m` the row read in its transaction (a contraentrega order, whose
   * money they decide), or with `keptCopy` the kept copy, read on `m`'s connection when missing: a transaction never
   * waits for a second connection from the pool, which its peers may all be holding.
   */
  settings(m?: EntityManager, { keptCopy = false } = {}): Promise<CashOnDeliverySettings> {
    if (m && !keptCopy) return this.#read(m);
    return this.cache.remember('cash-on-delivery', () => this.#read(m));
  }

  async #read(m?: EntityManager): Promise<CashOnDeliverySettings> {
    const sql = `SELECT enabled, max_total, fee, confirm_within_hours FROM cash_on_delivery_settings WHERE id = 1`;
    const {
      rows: [row],
    } = await queryOn<{ enabled: boolean; max_total: number; fee: number; confirm_within_hours: number }>(
      m ?? this.ds.manager,
      sql,
      [],
    );
    // No row means no decision was ever made: contraentrega stays off (never fail open).
    return Object.freeze(
      row
        ? { enabled: row.enabled, maxTotal: row.max_total, fee: row.fee, confirmWithinHours: row.confirm_within_hours }
        : { enabled: false, maxTotal: 0, fee: 0, confirmWithinHours: DEFAULT_CONFIRM_WITHIN_HOURS },
    );
  }

  record(): Promise<CashOnDeliverySettingsEntity> {
    return this.ds.getRepository(CashOnDeliverySettingsEntity).findOneByOrFail({ id: 1 });
  }

  async save(
    input: CashOnDeliveryInput,
    staffName: string,
  ): Promise<(CashOnDeliverySettingsEntity & { __typename: 'CashOnDeliverySettings' }) | ValidationErrors> {
    const parsed = cashOnDeliveryInputSchema.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const { enabled, maxTotal, fee, confirmWithinHours } = parsed.data;
    const snapshot = `SELECT enabled, max_total AS "maxTotal", fee, confirm_within_hours AS "confirmWithinHours"
      FROM cash_on_delivery_settings WHERE id = $1`;
    await inTransaction(this.ds, async (m) => {
      const before = await rowSnapshot(m, `${snapshot} FOR UPDATE`, 1);
      await m.getRepository(CashOnDeliverySettingsEntity).update(
        { id: 1 },
        {
          enabled,
          maxTotal,
          fee,
          ...(confirmWithinHours ? { confirmWithinHours } : {}),
          updatedAt: new Date(),
          updatedBy: staffName,
        },
      );
      auditChange(m, { entityType: 'cashOnDelivery', entityId: 1, before, after: await rowSnapshot(m, snapshot, 1) });
      return commit(null);
    });
    return ok(await this.record(), 'CashOnDeliverySettings');
  }
}
