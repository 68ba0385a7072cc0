// Legal identity of the shop (config): public in shopSettings; the footer and every email show it.
import type { LegalInfo } from '#shared/legal.js';
import type { Resolvers } from '../../generated/graphql.js';

export function createLegalResolvers(legal: LegalInfo): Resolvers {
  return {
    ShopSettings: {
      legal: () => legal,
    },
  };
}
