import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { clientKey } from '../../common/client-key.js';
import { MAX_EVENT_BYTES, type GatewayEventInbox, type RequestSummary } from './gateway-event-inbox.js';

/** Headers kept with a refused request: enough to tell what sent it, each cut short. */
const KEPT_HEADERS = ['content-type', 'content-length', 'user-agent', 'x-event-checksum'];

function summaryOf(req: Request): RequestSummary {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = req.get(name);
    if (value) headers[name] = value.slice(0, 200);
  }
  return { address: req.ip ?? '', client: clientKey(req.ip), headers };
}

/**
 * POST /webhooks/wompi. The body is read raw (at most 64 KB: a larger declared length is refused before reading)
 * and handed to the inbox, which refuses malformed or oversized events with 400 and forged ones with 401
 * (changing nothing, keeping only a summary of what an unproven sender sent, and answering 429 without keeping
 * anything once a sender has too many refusals), and applies authentic ones only as the gateway confirms them.
 * Authentic events answer 200 so Wompi stops retrying.
 */
export function wompiWebhookRoute(inbox: GatewayEventInbox, log: Logger) {
  return (app: Express) => {
    app.post(
      '/webhooks/wompi',
      express.raw({ type: () => true, limit: MAX_EVENT_BYTES }),
      async (req: Request, res: Response) => {
        try {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const answer = await inbox.receive(raw, req.get('x-event-checksum') ?? undefined, summaryOf(req));
          res.status(answer.status).json(answer.body);
        } catch (err) {
          log.error({ err }, 'No se pudo procesar el evento de pago');
          res.status(500).json({ error: 'INTERNAL' });
        }
      },
      async (err: { type?: string; length?: number }, req: Request, res: Response, next: NextFunction) => {
        if (err.type !== 'entity.too.large') return next(err);
        try {
          const answer = await inbox.tooLarge(summaryOf(req), Number(req.get('content-length')) || err.length || 0);
          res.status(answer.status).json(answer.body);
        } catch (e) {
          next(e);
        }
      },
    );
  };
}
