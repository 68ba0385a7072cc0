import type { Express } from 'express';
import type { PaymentGateway } from './payment-gateway.js';
import { SANDBOX_API_PATH, SandboxGateway } from './sandbox-gateway.js';

/**
 * The sandbox's copy of Wompi's public lookup, `GET /pasarela-sandbox/v1/transactions/{id}`, with
 * Wompi's answer shape, so the shop confirms sandbox payments with the same HTTP code it uses for
 * Wompi. Mounted only while the sandbox gateway is active.
 */
export function sandboxApiRoute(gateway: PaymentGateway) {
  return (app: Express) => {
    if (!(gateway instanceof SandboxGateway)) return;
    app.get(`${SANDBOX_API_PATH}/transactions/:id`, async (req, res) => {
      res.setHeader('cache-control', 'no-store');
      const s = await gateway.transaction(String(req.params.id));
      if (!s) {
        res.status(404).json({ error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' } });
        return;
      }
      res.json({
        data: {
          id: s.transactionId,
          created_at: s.createdAt.toISOString(),
          amount_in_cents: s.amountInCents,
          reference: s.reference,
          currency: s.currency,
          payment_method_type: s.paymentMethod === 'PSE' ? 'PSE' : 'CARD',
          redirect_url: s.redirectUrl,
          status: s.status,
          status_message: s.status === 'APPROVED' ? null : 'Transacción rechazada por el banco (sandbox)',
          environment: 'test',
        },
        meta: {},
      });
    });
  };
}
