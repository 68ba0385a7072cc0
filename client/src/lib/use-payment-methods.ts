import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ONLINE_PAYMENT_METHODS, type PaymentMethodValue } from '#shared/orders.js';
import { PaymentOptionsDocument } from './payment-options.generated';

/** Part of the public layout's data: the server loads it before rendering, so the page hydrates without asking. */
export async function loadPaymentMethods(client: ApolloClient) {
  await client.query({ query: PaymentOptionsDocument });
}

/**
 * The payment methods the shop offers now, as the server says (contraentrega only while staff have it on); the
 * online methods the gateway always offers until the answer is there.
 */
export function usePaymentMethods(): readonly PaymentMethodValue[] {
  const { data } = useQuery(PaymentOptionsDocument, { fetchPolicy: 'cache-first' });
  return data?.paymentOptions.methods ?? ONLINE_PAYMENT_METHODS;
}
