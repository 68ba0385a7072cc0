// Checkout feature: lazily loaded by app/routes.tsx.
export { CheckoutPage as CheckoutRoute } from './checkout-page';
export { ReceiptPage as ReceiptRoute } from './receipt-page';
export { SandboxGatewayPage as SandboxGatewayRoute } from './sandbox-gateway-page';
