// Checkout feature: lazily loaded by app/routes.tsx.
export { CheckoutPage as CheckoutRoute } from './checkout-page';
export { OrderPage as ReceiptRoute } from './order-page';
export { SandboxGatewayPage as SandboxGatewayRoute } from './sandbox-gateway-page';
export { OrderLookupPage as OrderLookupRoute } from './order-lookup-page';
