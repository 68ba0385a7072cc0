import { useAtomValue } from 'jotai';
import { useQuery } from '@apollo/client/react';
import { cartLinesAtom, discountCodeAtom } from './cart-atoms';
import { CartQuoteDocument } from './cart.generated';

/** The server's quote for the current cart and code (every figure shown comes from here). */
export function useCartQuote() {
  const lines = useAtomValue(cartLinesAtom);
  const code = useAtomValue(discountCodeAtom);
  return useQuery(CartQuoteDocument, {
    variables: { input: { lines, discountCode: code || null } },
    fetchPolicy: 'cache-and-network',
  });
}
