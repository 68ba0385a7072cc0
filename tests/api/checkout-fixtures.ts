import { randomInt, randomUUID } from 'node:crypto';
import { graphql } from '../gql/index.js';
import { expectTypename } from '../setup/graphql-post.js';
import type { PlaceOrderMutation } from '../gql/graphql.js';
// The client's input type (IDs as strings): both the tests' documents and the client's own accept it.
import type { PlaceOrderInput } from '../../client/src/gql/types.js';
import type { TestShop } from '../setup/test-shop.js';
import { loadSandboxEventsSecret } from '../../server/src/modules/payments/sandbox-secret.js';
import { signEvent } from '../../server/src/modules/payments/wompi-signature.js';

// Not the checkout's own document: that one does not read which lines a CartProblem names, and the tests check them.
export const PLACE_ORDER = graphql(`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      __typename
      ... on OrderPlaced {
        reference
        accessToken
        checkoutUrl
      }
      ... on CartProblem {
        message
        lines {
          sizeId
          quantity
          problem {
            kind
            available
            message
          }
        }
      }
      ... on InvalidDiscountCode {
        code
        message
      }
      ... on ValidationErrors {
        message
        errors {
          field
          message
        }
      }
    }
  }
`);

export const RECEIPT = graphql(`
  query CheckoutReceipt($reference: String!, $token: String!, $transactionId: String) {
    orderReceipt(reference: $reference, token: $token, transactionId: $transactionId) {
      reference
      status
      total
      subtotal
      discount
      shipping
      ivaIncluded
      canRetryPayment
      customerName
      lines {
        name
        sizeLabel
        unitPrice
        quantity
        lineTotal
      }
      shippingAddress {
        departmentName
        municipalityName
        address
      }
    }
  }
`);

/** What placeOrder answers: an order placed, or why not. */
export type PlaceOrderResult = PlaceOrderMutation['placeOrder'];
export type Placed = Extract<PlaceOrderResult, { __typename: 'OrderPlaced' }>;

export interface Variant {
  productId: string;
  sizeId: string;
  price: number;
}

/** A product size with its stock forced to `stock` (and nothing reserved). */
export async function variantWithStock(shop: TestShop, stock: number, skip = 0): Promise<Variant> {
  const rows: Array<{ product_id: number; size_id: number; price: number }> = await shop.ds.query(
    `SELECT p.id AS product_id, s.id AS size_id, p.price FROM product_size s JOIN product p ON p.id = s.product_id
      WHERE p.active ORDER BY p.id, s.position OFFSET $1 LIMIT 1`,
    [skip],
  );
  const row = rows[0];
  await shop.ds.query(`UPDATE product_size SET stock = $1, reserved = 0 WHERE id = $2`, [stock, row.size_id]);
  return { productId: String(row.product_id), sizeId: String(row.size_id), price: row.price };
}

export async function sizeStock(shop: TestShop, sizeId: string): Promise<{ stock: number; reserved: number }> {
  const rows: Array<{ stock: number; reserved: number }> = await shop.ds.query(
    `SELECT stock, reserved FROM product_size WHERE id = $1`,
    [Number(sizeId)],
  );
  return rows[0];
}

export function orderInput(variant: Variant, quantity = 1, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    lines: [{ productId: variant.productId, sizeId: variant.sizeId, quantity }],
    discountCode: null,
    customer: {
      fullName: 'Ana María Pérez',
      email: 'ana@correo.com',
      phone: '315 482 7760',
      documentType: 'CC',
      documentNumber: '1020304050',
    },
    shipping: { departmentCode: '54', municipalityCode: '54001', address: 'Av. 0 # 11-64', neighborhood: 'Caobos' },
    paymentMethod: 'CARD',
    acceptDataPolicy: true,
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** A different shopper each call (placeOrder is rate-limited per IP; loopback proxies are trusted). */
export function shopperIp(): Record<string, string> {
  return { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

export async function placeOrder(shop: TestShop, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const res = await shop.gql(PLACE_ORDER, { input }, shopperIp());
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.placeOrder;
}

/** An order that must be placed (the test fails otherwise). */
export async function placedOrder(shop: TestShop, input: PlaceOrderInput): Promise<Placed> {
  const placed = await placeOrder(shop, input);
  expectTypename(placed, 'OrderPlaced');
  return placed;
}

export async function orderRow(shop: TestShop, reference: string) {
  const rows: Array<{
    id: number;
    status: string;
    total: number;
    flags: string[];
    refund_pending: boolean;
    transaction_id: string | null;
    payment_fee: number;
  }> = await shop.ds.query(
    `SELECT id, status, total, flags, refund_pending, transaction_id, payment_fee FROM shop_order WHERE reference = $1`,
    [reference],
  );
  return rows[0];
}

/** A `transaction.updated` event signed like Wompi would (sandbox events secret of this DATA_DIR). */
export function paymentEvent(
  shop: TestShop,
  tx: { id: string; reference: string; amountInCents: number; status: string },
  secret?: string,
) {
  return signEvent(
    {
      event: 'transaction.updated',
      data: {
        transaction: {
          id: tx.id,
          reference: tx.reference,
          amount_in_cents: tx.amountInCents,
          status: tx.status,
          currency: 'COP',
        },
      },
      environment: 'test',
      signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'] },
      timestamp: Math.floor(Date.now() / 1000),
    },
    secret ?? loadSandboxEventsSecret(shop.services.env.dataDir),
  );
}

/**
 * What the gateway would have on its side for a transaction (a decided sandbox session), so that the
 * shop's lookup (`GET /pasarela-sandbox/v1/transactions/{id}`) confirms it. Returns the signed event.
 */
export async function knownEvent(
  shop: TestShop,
  tx: { id: string; reference: string; amountInCents: number; status: string },
) {
  await shop.ds.query(
    `INSERT INTO sandbox_session (id, reference, amount_in_cents, currency, payment_method, redirect_url, transaction_id, status)
     VALUES ($1, $2, $3, 'COP', 'CARD', 'http://127.0.0.1/pago-exitoso', $4, $5)`,
    [`fixture-${tx.id}`.slice(0, 64), tx.reference, tx.amountInCents, tx.id, tx.status],
  );
  return paymentEvent(shop, tx);
}

export async function postEvent(shop: TestShop, event: unknown, headers: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${shop.url}/webhooks/wompi`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(event),
  });
  await res.text();
  return res.status;
}
