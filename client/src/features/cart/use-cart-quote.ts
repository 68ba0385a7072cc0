import { useAtomValue } from 'jotai';
import { useQuery } from '@apollo/client/react';
import { cartLinesAtom, discountCodeAtom } from './cart-atoms';
import { CartQuoteDocument } from './cart.generated';
import type { PaymentMethod } from '../../gql/types';

export interface QuoteDestination {
  departmentCode: string;
  municipalityCode?: string | null;
}

/**
 * The server's quote for the current cart and code (every figure shown comes from here). With a
 * destination (checkout), shipping and delivery time are the destination's; without one, «desde».
 * With a payment method (checkout), cash on delivery adds its fee.
 */
export function useCartQuote(destination?: QuoteDestination | null, paymentMethod?: PaymentMethod | null) {
  const lines = useAtomValue(cartLinesAtom);
  const code = useAtomValue(discountCodeAtom);
  return useQuery(CartQuoteDocument, {
    variables: {
      input: {
        // Ids and quantities only: what a line looked like stays in the browser (the server prices the ids).
        lines: lines.map(({ productId, sizeId, quantity }) => ({ productId, sizeId, quantity })),
        discountCode: code || null,
        ...(destination ? { destination } : {}),
        ...(paymentMethod ? { paymentMethod } : {}),
      },
    },
    fetchPolicy: 'cache-and-network',
  });
}
