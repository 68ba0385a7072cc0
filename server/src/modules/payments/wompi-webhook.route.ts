import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { GatewayTransaction, PaymentGateway } from './payment-gateway.js';

/** Whoever applies a verified transaction (the orders module); answers an outcome for the log. */
export type TransactionHandler = (transaction: GatewayTransaction, payload: unknown) => Promise<string>;

/**
 * POST /webhooks/wompi: verified events only (401 otherwise, nothing stored); every verified
 * event answers 200 so Wompi stops retrying, even for unknown references (stored for staff).
 */
export function wompiWebhookRoute(gateway: PaymentGateway, onTransaction: TransactionHandler, log: Logger) {
  return (app: Express) => {
    app.post('/webhooks/wompi', express.json({ limit: '256kb' }), async (req, res) => {
      const header = req.get('x-event-checksum') ?? undefined;
      const event = gateway.verifyEvent(req.body, header);
      if (!event) {
        log.warn({ ip: req.ip }, 'Evento de pago con checksum no válido');
        res.status(401).json({ error: 'INVALID_CHECKSUM' });
        return;
      }
      const tx = event.data.transaction;
      if (event.event !== 'transaction.updated' || !tx || typeof tx.id !== 'string' || typeof tx.reference !== 'string' || !Number.isSafeInteger(Number(tx.amount_in_cents))) {
        res.status(200).json({ ok: true, ignored: true });
        return;
      }
      try {
        const outcome = await onTransaction(
          { id: tx.id, reference: tx.reference, amountInCents: Number(tx.amount_in_cents), status: String(tx.status) },
          event,
        );
        log.info({ reference: tx.reference, transactionId: tx.id, status: tx.status, outcome }, 'Evento de pago');
        res.status(200).json({ ok: true, outcome });
      } catch (err) {
        log.error({ err, reference: tx.reference }, 'No se pudo aplicar el evento de pago');
        res.status(500).json({ error: 'INTERNAL' });
      }
    });
  };
}
