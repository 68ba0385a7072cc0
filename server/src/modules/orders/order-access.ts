import type { EntityManager } from 'typeorm';
import { safeEqual } from '../../common/crypto.js';
import { OrderEntity } from './order.entity.js';
import { REFERENCE_PATTERN } from './order-tokens.js';

/**
 * The order a shopper's link unlocks (its reference and access token), else null. Every way in (the receipt,
 * paying again, a return request, an electronic document's download) answers through here, so an unknown
 * reference and a wrong token are refused alike and cost the same: the token is compared even when there is no
 * order.
 */
export async function authorizeOrder(m: EntityManager, reference: string, token: string): Promise<OrderEntity | null> {
  const ref = reference.slice(0, 40).trim().toUpperCase();
  if (!REFERENCE_PATTERN.test(ref) || token.length < 16 || token.length > 64) return null;
  const order = await m.getRepository(OrderEntity).findOneBy({ reference: ref });
  const matches = safeEqual(order?.accessToken ?? '', token);
  return order && matches ? order : null;
}
