import type { DataSource } from 'typeorm';
import { badInput, notFound } from '../../app/errors.js';
import { DiscountCodeEntity } from '../discounts/discount-code.entity.js';
import { normalizeDiscountCode } from '../discounts/discount.service.js';

export interface DiscountCodeInput {
  code: string;
  percent: number;
  active: boolean;
  validFrom?: Date | null;
  validUntil?: Date | null;
  usageLimit?: number | null;
}

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

function validate(input: DiscountCodeInput): Omit<DiscountCodeEntity, 'id' | 'uses'> {
  const code = normalizeDiscountCode(input.code);
  if (!CODE_PATTERN.test(code)) throw badInput('El código debe tener entre 3 y 40 caracteres: letras, números, guiones.', 'code');
  if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 100) throw badInput('El porcentaje debe ser un número entero entre 1 y 100.', 'percent');
  const validFrom = input.validFrom ?? null;
  const validUntil = input.validUntil ?? null;
  if (validFrom && validUntil && validFrom >= validUntil) throw badInput('La fecha de inicio debe ser anterior a la fecha de fin.', 'validUntil');
  const usageLimit = input.usageLimit ?? null;
  if (usageLimit !== null && (!Number.isInteger(usageLimit) || usageLimit < 1)) throw badInput('El límite de usos debe ser un número entero mayor que 0.', 'usageLimit');
  return { code, percent: input.percent, active: input.active, validFrom, validUntil, usageLimit };
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string; driverError?: { code?: string } }).driverError?.code === '23505' || (err as { code?: string }).code === '23505';
}

const DUPLICATE = 'Ya existe un código de descuento con ese nombre.';

/** Staff CRUD of discount codes (deactivate = update with active false; codes with uses are kept). */
export class StaffDiscountsService {
  constructor(private readonly ds: DataSource) {}

  list(): Promise<DiscountCodeEntity[]> {
    return this.ds.getRepository(DiscountCodeEntity).find({ order: { active: 'DESC', code: 'ASC' } });
  }

  async create(input: DiscountCodeInput): Promise<DiscountCodeEntity> {
    const values = validate(input);
    try {
      const result = await this.ds.getRepository(DiscountCodeEntity).insert({ ...values, uses: 0 });
      return (await this.ds.getRepository(DiscountCodeEntity).findOneBy({ id: result.identifiers[0].id as number }))!;
    } catch (err) {
      if (isUniqueViolation(err)) throw badInput(DUPLICATE, 'code');
      throw err;
    }
  }

  async update(id: string, input: DiscountCodeInput): Promise<DiscountCodeEntity> {
    const values = validate(input);
    const n = Number(id);
    const repo = this.ds.getRepository(DiscountCodeEntity);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647 || !(await repo.existsBy({ id: n }))) throw notFound('El código de descuento no existe.');
    try {
      await repo.update({ id: n }, values);
    } catch (err) {
      if (isUniqueViolation(err)) throw badInput(DUPLICATE, 'code');
      throw err;
    }
    return (await repo.findOneBy({ id: n }))!;
  }
}
