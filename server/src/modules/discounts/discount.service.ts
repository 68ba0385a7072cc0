import type { DataSource, EntityManager } from 'typeorm';
import { DiscountCodeEntity } from './discount-code.entity.js';

/** Longest code accepted (the column is varchar(40)). */
const MAX_CODE_LENGTH = 40;

/** Normalises what a shopper typed: trimmed, upper-case (codes are stored upper-case). */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Public discount-code lookups (design.md §2: case-insensitive, active, dated, limited). */
export class DiscountService {
  constructor(private readonly ds: DataSource) {}

  /** The code when it can be applied right now, else null. One statement. */
  async findValid(code: string, manager: EntityManager = this.ds.manager, now = new Date()): Promise<DiscountCodeEntity | null> {
    const normalized = normalizeDiscountCode(code);
    if (!normalized || normalized.length > MAX_CODE_LENGTH) return null;
    return manager
      .getRepository(DiscountCodeEntity)
      .createQueryBuilder('d')
      .where('d.code = :code', { code: normalized })
      .andWhere('d.active')
      .andWhere('(d.validFrom IS NULL OR d.validFrom <= :now)', { now })
      .andWhere('(d.validUntil IS NULL OR d.validUntil >= :now)', { now })
      .andWhere('(d.usageLimit IS NULL OR d.uses < d.usageLimit)')
      .getOne();
  }
}
