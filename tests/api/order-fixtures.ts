import { expect } from 'vitest';
import type { TestShop } from '../setup/test-shop.js';
import { graphql } from '../gql/index.js';
import { expectTypename } from '../setup/graphql-post.js';
import type { SandboxPayInput, ShopperOrderPageQuery } from '../gql/graphql.js';
import type { PlaceOrderInput } from '../../client/src/gql/types.js';
import { orderInput, orderRow, placeOrder, variantWithStock, type Placed, type Variant } from './checkout-fixtures.js';

/** The shopper's order page with everything it shows. */
export const ORDER_PAGE = graphql(`
  query ShopperOrderPage($reference: String!, $token: String!, $transactionId: String) {
    orderReceipt(reference: $reference, token: $token, transactionId: $transactionId) {
      reference
      status
      paymentMethod
      total
      canPay
      canRetryPayment
      payBefore
      paymentProcessing
      refundPending
      carrier
      trackingNumber
      trackingUrl
      timeline {
        from
        status
        at
      }
    }
  }
`);

export type OrderPage = NonNullable<ShopperOrderPageQuery['orderReceipt']>;

export const SANDBOX_CHECKOUT = graphql(`
  query SandboxCheckoutSession($session: String!) {
    sandboxCheckout(session: $session) {
      reference
      amountInCents
      paymentMethod
      redirectUrl
      decided
    }
  }
`);
export const SANDBOX_PAY = graphql(`
  mutation SandboxPay($input: SandboxPayInput!) {
    sandboxPay(input: $input) {
      transactionId
      status
      redirectUrl
    }
  }
`);
export const RETRY = graphql(`
  mutation RetryOrderPayment($reference: String!, $token: String!, $paymentMethod: PaymentMethod) {
    retryPayment(reference: $reference, token: $token, paymentMethod: $paymentMethod) {
      __typename
      ... on OrderPlaced {
        reference
        checkoutUrl
      }
      ... on PaymentRetryUnavailable {
        message
      }
    }
  }
`);
export const RELEASE = graphql(`
  mutation ReleaseOrder($reference: String!, $token: String!) {
    releaseOrder(reference: $reference, token: $token) {
      __typename
      ... on OrderReleased {
        reference
        status
      }
      ... on OrderAlreadyPaid {
        reference
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`);

export async function orderPage(
  shop: TestShop,
  placed: Pick<Placed, 'reference' | 'accessToken'>,
  transactionId?: string,
): Promise<OrderPage> {
  const res = await shop.gql(ORDER_PAGE, {
    reference: placed.reference,
    token: placed.accessToken,
    transactionId,
  });
  expect(res.errors).toBeUndefined();
  return res.data!.orderReceipt!;
}

/** Decides a sandbox session (the gateway page's buttons); returns the transaction id. */
export async function paySandbox(shop: TestShop, checkoutUrl: string, input: Omit<SandboxPayInput, 'session'>) {
  const session = new URL(checkoutUrl, shop.url).searchParams.get('session')!;
  const res = await shop.gql(SANDBOX_PAY, {
    input: { session, ...input },
  });
  expect(res.errors).toBeUndefined();
  return res.data!.sandboxPay;
}

export async function sandboxSession(shop: TestShop, checkoutUrl: string) {
  const session = new URL(checkoutUrl, shop.url).searchParams.get('session')!;
  const res = await shop.gql(SANDBOX_CHECKOUT, { session });
  return res.data!.sandboxCheckout!;
}

/** A placed, still unpaid order for `quantity` units of a size with `stock` units. */
export async function unpaidOrder(
  shop: TestShop,
  options: { stock?: number; quantity?: number; skip?: number; overrides?: Partial<PlaceOrderInput> } = {},
) {
  const v: Variant = await variantWithStock(shop, options.stock ?? 5, options.skip ?? 0);
  const placed = await placeOrder(shop, orderInput(v, options.quantity ?? 1, options.overrides));
  expectTypename(placed, 'OrderPlaced');
  const row = await orderRow(shop, placed.reference);
  return { v, placed, row };
}

export interface QueuedMail {
  recipient: string;
  subject: string;
  text: string;
  html: string;
  dedupe_key: string;
}

/** Emails queued for an order (the outbox table), oldest first. */
export async function mailsOf(shop: TestShop, orderId: number): Promise<QueuedMail[]> {
  return shop.ds.query(
    `SELECT recipient, subject, text, html, dedupe_key FROM outbound_email WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
}
