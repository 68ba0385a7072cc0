import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { MAX_EVENT_BYTES, type GatewayEventInbox } from './gateway-event-inbox.js';

/**
 * POST /webhooks/wompi. The body is read raw (at most 64 KB) and handed to the inbox, which keeps
 * every request, refuses malformed or oversized events with 400 and forged ones with 401 (changing
 * nothing), and applies authentic ones only as the gateway confirms them. Authentic events answer
 * 200 so Wompi stops retrying.
 */
export function wompiWebhookRoute(inbox: GatewayEventInbox, log: Logger) {
  return (app: Express) => {
    app.post(
      '/webhooks/wompi',
      express.raw({ type: () => true, limit: MAX_EVENT_BYTES }),
      async (req: Request, res: Response) => {
        try {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const answer = await inbox.receive(raw, req.get('x-event-checksum') ?? undefined, req.ip ?? '');
          res.status(answer.status).json(answer.body);
        } catch (err) {
          log.error({ err }, 'No se pudo procesar el evento de pago');
          res.status(500).json({ error: 'INTERNAL' });
        }
      },
      async (err: { type?: string; length?: number }, req: Request, res: Response, next: NextFunction) => {
        if (err.type !== 'entity.too.large') return next(err);
        try {
          const answer = await inbox.tooLarge(req.ip ?? '', Number(req.get('content-length')) || err.length || 0);
          res.status(answer.status).json(answer.body);
        } catch (e) {
          next(e);
        }
      },
    );
  };
}
