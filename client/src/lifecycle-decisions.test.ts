import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '#shared/orders.js';

/**
 * The order lifecycle lives on the server (server/src/modules/orders/order-edges.ts). The storefront and the
 * dashboard read what it allows from the API (`canPay`, `mayRelease`, `awaitingGateway`, `confirmed`, `ended`,
 * `allowedMoves`) and never keep their own list of states to decide what may happen. Showing a status's words
 * is fine; a set of statuses that gates behaviour is not.
 */
const SRC = import.meta.dirname;

/** Files that keep the shopper's order in step with the server: they must not look at a status at all. */
const SHOPPER_ORDER_FILES = [
  'features/cart/use-pending-order.ts',
  'features/cart/pending-order.ts',
  'features/cart/pending-order-notice.tsx',
  'features/orders/order-page.tsx',
  'features/checkout/use-place-order.ts',
];

const STATUS = ORDER_STATUSES.join('|');
const LIST_OF_STATUSES = new RegExp(`['"](?:${STATUS})['"]\\s*,\\s*['"](?:${STATUS})['"]`);
const SHARED_STATUS_SET = /\b(?:PAID_STATUSES|SALE_STATUSES)\b/;
const STATUS_LITERAL = new RegExp(`['"](?:${STATUS})['"]`);
const STATUS_READ = /\.status\b/;

/** Lines of `text` that decide with a list of statuses (a literal list, or the shared sale list). */
export function statusListDecisions(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => LIST_OF_STATUSES.test(line) || SHARED_STATUS_SET.test(line))
    .map((line) => line.trim());
}

/** Lines of `text` that read or name an order status. */
export function statusReads(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => STATUS_LITERAL.test(line) || STATUS_READ.test(line))
    .map((line) => line.trim());
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-utils' || entry.name === 'gql' ? [] : sources(full);
    const source =
      /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/\.generated\.ts$/.test(entry.name);
    return source ? [full] : [];
  });
}

describe('the client decides nothing from lists of order statuses', () => {
  it('recognises a status list and a status comparison', () => {
    expect(statusListDecisions("const UNPAID = new Set(['PENDIENTE_PAGO', 'PAGO_RECHAZADO']);")).toHaveLength(1);
    expect(statusListDecisions('if (PAID_STATUSES.has(receipt.status)) markPaid();')).toHaveLength(1);
    expect(statusListDecisions('<option value="PAGADO,EN_PREPARACION">Por enviar</option>')).toEqual([]);
    expect(statusReads("const ended = status === 'EXPIRADO';")).toHaveLength(1);
    expect(statusReads('if (receipt.status) return;')).toHaveLength(1);
    expect(statusReads('if (receipt.ended) forget();')).toEqual([]);
  });

  it('no client source keeps a list of statuses or the shared sale list to decide', () => {
    const found = sources(SRC).flatMap((file) =>
      statusListDecisions(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(SRC, file)}: ${line}`),
    );
    expect(found).toEqual([]);
  });

  it("the shopper's order (cart memory, order page, placing) follows the server's answers, never a status", () => {
    const found = SHOPPER_ORDER_FILES.flatMap((file) =>
      statusReads(fs.readFileSync(path.join(SRC, file), 'utf8')).map((line) => `${file}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
