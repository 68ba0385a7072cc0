import { graphql } from '../../gql';

export const PlaceOrderDocument = graphql(`
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

export const OrderReceiptDocument = graphql(`
  query OrderReceipt($reference: String!, $token: String!, $transactionId: String) {
    orderReceipt(reference: $reference, token: $token, transactionId: $transactionId) {
      ...ReceiptFields
    }
  }
  fragment ReceiptFields on OrderReceipt {
    reference
    status
    createdAt
    paymentMethod
    customerName
    email
    subtotal
    discount
    discountCode
    shipping
    ivaIncluded
    total
    canRetryPayment
    lines {
      productId
      name
      sizeLabel
      unitPrice
      quantity
      lineTotal
      imageUrl
    }
    shippingAddress {
      departmentName
      municipalityName
      address
      neighborhood
    }
  }
`);

export const RetryPaymentDocument = graphql(`
  mutation RetryPayment($reference: String!, $token: String!) {
    retryPayment(reference: $reference, token: $token) {
      __typename
      ... on OrderPlaced {
        checkoutUrl
      }
      ... on PaymentRetryUnavailable {
        message
      }
    }
  }
`);

export const SandboxCheckoutDocument = graphql(`
  query SandboxCheckout($session: String!) {
    sandboxCheckout(session: $session) {
      session
      shopName
      reference
      amountInCents
      currency
      paymentMethod
      redirectUrl
      decided
    }
  }
`);

export const SandboxPayDocument = graphql(`
  mutation SandboxPay($input: SandboxPayInput!) {
    sandboxPay(input: $input) {
      transactionId
      status
      redirectUrl
    }
  }
`);
