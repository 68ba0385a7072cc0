import type { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../common/db.js';
import { invalidField, notFoundResult, ok, type NotFound, type ValidationErrors } from '../../common/results.js';
import { DiscountCodeEntity } from './discount-code.entity.js';
import { normalizeDiscountCode } from './discount.service.js';

export interface DiscountCodeInput {
  code: string;
  percent: number;
  active: boolean;
  validFrom?: Date | null;
  validUntil?: Date | null;
  usageLimit?: number | null;
}

/** A staff change to a code: the code as it now is, or why nothing changed. */
export type DiscountCodeChangeResult = (DiscountCodeEntity & { __typename: 'StaffDiscountCode' }) | ValidationErrors | NotFound;

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

function validate(input: DiscountCodeInput): Omit<DiscountCodeEntity, 'id' | 'uses'> | ValidationErrors {
  const code = normalizeDiscountCode(input.code);
  if (!CODE_PATTERN.test(code)) return invalidField('code', 'El código debe tener entre 3 y 40 caracteres: letras, números, guiones.');
  if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 100) return invalidField('percent', 'El porcentaje debe ser un número entero entre 1 y 100.');
  const validFrom = input.validFrom ?? null;
  const validUntil = input.validUntil ?? null;
  if (validFrom && validUntil && validFrom >= validUntil) return invalidField('validUntil', 'La fecha de inicio debe ser anterior a la fecha de fin.');
  const usageLimit = input.usageLimit ?? null;
  if (usageLimit !== null && (!Number.isInteger(usageLimit) || usageLimit < 1)) return invalidField('usageLimit', 'El límite de usos debe ser un número entero mayor que 0.');
  return { code, percent: input.percent, active: input.active, validFrom, validUntil, usageLimit };
}

const DUPLICATE = 'Ya existe un código de descuento con ese nombre.';
const MISSING = 'El código de descuento no existe.';

/** Staff management of discount codes (deactivate = update with active false; codes with uses are kept). */
export class DiscountAdminService {
  constructor(private readonly ds: DataSource) {}

  list(): Promise<DiscountCodeEntity[]> {
    return this.ds.getRepository(DiscountCodeEntity).find({ order: { active: 'DESC', code: 'ASC' } });
  }

  async create(input: DiscountCodeInput): Promise<DiscountCodeChangeResult> {
    const values = validate(input);
    if ('__typename' in values) return values;
    const repo = this.ds.getRepository(DiscountCodeEntity);
    const inserted: Array<{ id: number }> = await repo.query(
      `INSERT INTO discount_code (code, percent, active, valid_from, valid_until, usage_limit, uses) VALUES ($1, $2, $3, $4, $5, $6, 0)
       ON CONFLICT (code) DO NOTHING RETURNING id`,
      [values.code, values.percent, values.active, values.validFrom, values.validUntil, values.usageLimit],
    );
    if (inserted.length === 0) return invalidField('code', DUPLICATE);
    return ok((await repo.findOneBy({ id: inserted[0]!.id }))!, 'StaffDiscountCode');
  }

  async update(id: string, input: DiscountCodeInput): Promise<DiscountCodeChangeResult> {
    const values = validate(input);
    if ('__typename' in values) return values;
    const n = Number(id);
    const repo = this.ds.getRepository(DiscountCodeEntity);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647 || !(await repo.existsBy({ id: n }))) return notFoundResult(MISSING);
    try {
      await repo.update({ id: n }, values);
    } catch (err) {
      // Renamed to a code another row already has (the unique index decides, race-free).
      if (isUniqueViolation(err)) return invalidField('code', DUPLICATE);
      throw err;
    }
    const saved = await repo.findOneBy({ id: n });
    return saved ? ok(saved, 'StaffDiscountCode') : notFoundResult(MISSING);
  }
}
