import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTransaction {
  id: string;
  reference: string;
  amountInCents: number;
  status: string;
  /** Wompi's `payment_method_type`; CARD when not given. */
  paymentMethodType?: string;
}

/**
 * Wompi's public API as far as the shop uses it (`GET /v1/transactions/{id}`), on a local port.
 * `down` makes it answer 503, as Wompi does during an outage.
 */
export async function startFakeWompiApi() {
  const transactions = new Map<string, FakeTransaction>();
  const state = { down: false, lookups: 0 };
  const server = http.createServer((req, res) => {
    const match = /^\/v1\/transactions\/([^/?]+)$/.exec(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'GET' || !match) return void res.writeHead(404).end('{}');
    state.lookups++;
    if (state.down) return void res.writeHead(503).end(JSON.stringify({ error: { type: 'SERVICE_UNAVAILABLE' } }));
    const tx = transactions.get(decodeURIComponent(match[1]!));
    if (!tx)
      return void res
        .writeHead(404)
        .end(JSON.stringify({ error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' } }));
    res.writeHead(200).end(
      JSON.stringify({
        data: {
          id: tx.id,
          reference: tx.reference,
          amount_in_cents: tx.amountInCents,
          status: tx.status,
          currency: 'COP',
          payment_method_type: tx.paymentMethodType ?? 'CARD',
        },
        meta: {},
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    transactions,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
