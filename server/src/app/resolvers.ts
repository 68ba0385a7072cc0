import { GraphQLScalarType, Kind } from 'graphql';
import type { Resolvers } from '../generated/graphql.js';
import { catalogResolvers } from '../modules/catalog/catalog.resolvers.js';
import { cartResolvers } from '../modules/cart/cart.resolvers.js';
import { orderResolvers } from '../modules/orders/order.resolvers.js';
import { sandboxResolvers } from '../modules/payments/sandbox.resolvers.js';
import { staffResolvers } from '../modules/staff/staff.resolvers.js';
import { staffOrdersResolvers } from '../modules/staff/staff-orders.resolvers.js';
import { staffCatalogResolvers } from '../modules/staff/staff-catalog.resolvers.js';

const DateTime = new GraphQLScalarType<Date | null, string>({
  name: 'DateTime',
  description: 'ISO-8601 date-time string (UTC).',
  serialize: (value) => (value instanceof Date ? value : new Date(String(value))).toISOString(),
  parseValue: (value) => {
    const d = new Date(String(value));
    if (typeof value !== 'string' || Number.isNaN(d.getTime())) throw new TypeError('Fecha no válida: use ISO-8601.');
    return d;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) return null;
    const d = new Date(ast.value);
    return Number.isNaN(d.getTime()) ? null : d;
  },
});

/** Merges the per-module resolver maps. Modules own their types; this only composes them. */
export function mergeResolvers(...maps: Resolvers[]): Resolvers {
  const out: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      out[type] = { ...(out[type] ?? {}), ...(fields as Record<string, unknown>) };
    }
  }
  return out as Resolvers;
}

export const resolvers: Resolvers = mergeResolvers({ DateTime } as Resolvers, catalogResolvers, cartResolvers, staffResolvers, staffOrdersResolvers, staffCatalogResolvers, orderResolvers, sandboxResolvers);
