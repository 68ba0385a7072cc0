import type { DataSource } from 'typeorm';
import {
  DISCOUNT_CODE_MESSAGES,
  discountCodeInputSchema,
  type DiscountCodeFormInput,
  type ValidDiscountCode,
} from '#shared/discount-codes.js';
import { commit, inTransaction, isUniqueViolation, returningRows, rollback } from '../../common/db.js';
import { auditChange, rowSnapshot } from '../../common/audit.js';
import {
  invalidField,
  notFoundResult,
  ok,
  validationErrors,
  type NotFound,
  type ValidationErrors,
} from '../../common/results.js';
import { DiscountCodeEntity } from './discount-code.entity.js';

export type DiscountCodeInput = DiscountCodeFormInput;

/** A staff change to a code: the code as it now is, or why nothing changed. */
export type DiscountCodeChangeResult =
  (DiscountCodeEntity & { __typename: 'StaffDiscountCode' }) | ValidationErrors | NotFound;

const MISSING = 'El código de descuento no existe.';

/** A code as the activity log shows it. */
const SNAPSHOT = `SELECT code, percent, active, valid_from AS "startsAt", valid_until AS "endsAt", usage_limit AS "usageLimit",
  min_subtotal AS "minSubtotal", category_slugs AS categories, first_purchase_only AS "firstPurchaseOnly",
  per_customer_limit AS "perCustomerLimit" FROM discount_code WHERE id = $1`;

const COLUMNS = [
  'code',
  'percent',
  'active',
  'valid_from',
  'valid_until',
  'usage_limit',
  'min_subtotal',
  'category_slugs',
  'first_purchase_only',
  'per_customer_limit',
];
const values = (v: ValidDiscountCode) => [
  v.code,
  v.percent,
  v.active,
  v.validFrom,
  v.validUntil,
  v.usageLimit,
  v.minSubtotal,
  v.categorySlugs,
  v.firstPurchaseOnly,
  v.perCustomerLimit,
];

/** Staff management of discount codes (deactivate = update with active false; codes with uses are kept). */
export class DiscountAdminService {
  constructor(private readonly ds: DataSource) {}

  list(): Promise<DiscountCodeEntity[]> {
    return this.ds.getRepository(DiscountCodeEntity).find({ order: { active: 'DESC', code: 'ASC' } });
  }

  /** Category names by slug (for the conditions staff read). */
  async categoryNames(): Promise<Map<string, string>> {
    const rows: Array<{ slug: string; name: string }> = await this.ds.query(
      `SELECT slug, name FROM category ORDER BY position`,
    );
    return new Map(rows.map((r) => [r.slug, r.name]));
  }

  private async validate(input: DiscountCodeInput): Promise<ValidDiscountCode | ValidationErrors> {
    const parsed = discountCodeInputSchema.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const known = await this.categoryNames();
    if (parsed.data.categorySlugs.some((slug) => !known.has(slug)))
      return invalidField('categorySlugs', DISCOUNT_CODE_MESSAGES.unknownCategory);
    return parsed.data;
  }

  async create(input: DiscountCodeInput): Promise<DiscountCodeChangeResult> {
    const v = await this.validate(input);
    if ('__typename' in v) return v;
    const outcome = await inTransaction(this.ds, async (m) => {
      const inserted: Array<{ id: number }> = await m.query(
        `INSERT INTO discount_code (${COLUMNS.join(', ')}, uses) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, 0)
         ON CONFLICT (code) DO NOTHING RETURNING id`,
        values(v),
      );
      const id = inserted[0]?.id;
      if (id === undefined) return rollback(null);
      auditChange(m, {
        entityType: 'discountCode',
        entityId: id,
        before: null,
        after: await rowSnapshot(m, SNAPSHOT, id),
      });
      return commit(id);
    });
    if (!outcome.commit) return invalidField('code', DISCOUNT_CODE_MESSAGES.duplicate);
    return ok((await this.ds.getRepository(DiscountCodeEntity).findOneBy({ id: outcome.value }))!, 'StaffDiscountCode');
  }

  async update(id: string, input: DiscountCodeInput): Promise<DiscountCodeChangeResult> {
    const v = await this.validate(input);
    if ('__typename' in v) return v;
    const n = Number(id);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) return notFoundResult(MISSING);
    let changed: boolean;
    try {
      const outcome = await inTransaction(this.ds, async (m) => {
        const before = await rowSnapshot(m, `${SNAPSHOT} FOR UPDATE`, n);
        if (!before) return rollback(null);
        await returningRows(
          m,
          `UPDATE discount_code SET ${COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1 RETURNING id`,
          [n, ...values(v)],
        );
        auditChange(m, { entityType: 'discountCode', entityId: n, before, after: await rowSnapshot(m, SNAPSHOT, n) });
        return commit(n);
      });
      changed = outcome.commit;
    } catch (err) {
      // Renamed to a code another row already has (the unique index decides, race-free).
      if (isUniqueViolation(err)) return invalidField('code', DISCOUNT_CODE_MESSAGES.duplicate);
      throw err;
    }
    const saved = changed ? await this.ds.getRepository(DiscountCodeEntity).findOneBy({ id: n }) : null;
    return saved ? ok(saved, 'StaffDiscountCode') : notFoundResult(MISSING);
  }
}
