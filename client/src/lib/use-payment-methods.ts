import { useQuery } from '@apollo/client/react';
import { ONLINE_PAYMENT_METHODS, type PaymentMethodValue } from '#shared/orders.js';
import { PaymentOptionsDocument } from './payment-options.generated';
import { useHydrated } from './use-hydrated';

/**
 * The payment methods the shop offers now, as the server says (contraentrega only while staff have it on).
 * Asked once the page is hydrated: the server's HTML and the first render list the online methods the
 * gateway always offers, so they match; contraentrega appears when the answer arrives.
 */
export function usePaymentMethods(): readonly PaymentMethodValue[] {
  const hydrated = useHydrated();
  const { data } = useQuery(PaymentOptionsDocument, { skip: !hydrated, fetchPolicy: 'cache-first' });
  return data?.paymentOptions.methods ?? ONLINE_PAYMENT_METHODS;
}
