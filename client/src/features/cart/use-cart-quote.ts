import { useAtomValue } from 'jotai';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { cartLinesAtom, discountCodeAtom } from './cart-atoms';

export const CartQuoteDocument = graphql(`
  query CartQuote($input: CartQuoteInput!) {
    cartQuote(input: $input) {
      ...CartQuoteFields
    }
  }
  fragment CartQuoteFields on CartQuote {
    itemCount
    subtotal
    discount
    shipping
    ivaIncluded
    total
    discountCodeInvalid
    hasProblems
    appliedDiscount {
      code
      percent
    }
    lines {
      productId
      sizeId
      quantity
      sizeLabel
      unitPrice
      lineTotal
      problem {
        kind
        available
        message
      }
      product {
        id
        slug
        name
        collections
        category {
          slug
          name
        }
        images {
          url
          alt
          width
          height
        }
      }
    }
  }
`);

/** The server's quote for the current cart and code (every figure shown comes from here). */
export function useCartQuote() {
  const lines = useAtomValue(cartLinesAtom);
  const code = useAtomValue(discountCodeAtom);
  return useQuery(CartQuoteDocument, {
    variables: { input: { lines, discountCode: code || null } },
    fetchPolicy: 'cache-and-network',
  });
}
