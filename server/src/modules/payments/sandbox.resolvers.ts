import { openFields } from '../../common/access.js';
import type { Resolvers } from '../../generated/graphql.js';
import { forbidden, notFound } from '../../common/errors.js';
import { BRAND } from '#shared/shop.js';
import type { PaymentGateway } from './payment-gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';

/** Thin: the sandbox gateway owns its sessions. Refused whenever the shop charges through Wompi. */
export function createSandboxResolvers(gateway: PaymentGateway): Resolvers {
  const sandbox = (): SandboxGateway => {
    if (!(gateway instanceof SandboxGateway))
      throw forbidden('La pasarela de pruebas no está disponible: la tienda cobra con Wompi.');
    return gateway;
  };
  return {
    Query: openFields({
      sandboxCheckout: async (_p, { session }) => {
        const s = await sandbox().session(session);
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
    }),
    Mutation: openFields({
      sandboxPay: (_p, { input }) => sandbox().pay(input),
    }),
  };
}
