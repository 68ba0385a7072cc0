import type { Resolvers } from '../../generated/graphql.js';
import { forbidden, notFound } from '../../app/errors.js';
import { BRAND } from '#shared/shop.js';
import type { GraphQLContext } from '../../app/context.js';
import { SandboxGateway } from './sandbox-gateway.js';

function sandbox(ctx: GraphQLContext): SandboxGateway {
  const gateway = ctx.services.payments.gateway;
  if (!(gateway instanceof SandboxGateway)) throw forbidden('La pasarela de pruebas no está disponible: la tienda cobra con Wompi.');
  return gateway;
}

/** Thin: the sandbox gateway owns its sessions. */
export const sandboxResolvers: Resolvers = {
  Query: {
    sandboxCheckout: async (_p, { session }, ctx) => {
      const s = await sandbox(ctx).session(session);
      if (!s) throw notFound('Esta sesión de pago no existe.');
      return {
        session: s.id,
        shopName: BRAND,
        reference: s.reference,
        amountInCents: s.amountInCents,
        currency: s.currency,
        paymentMethod: s.paymentMethod,
        redirectUrl: s.redirectUrl,
        decided: s.transactionId !== null,
      };
    },
  },
  Mutation: {
    sandboxPay: (_p, { input }, ctx) => sandbox(ctx).pay(input),
  },
};
