// Payments: the gateway adapters (Wompi, built-in sandbox) and the signed webhook. Payments report
// transactions to whoever the app wires in; they know nothing about orders.
export type { CheckoutRequest, GatewayTransaction, PaymentGateway } from './payment-gateway.js';
export { createPaymentGateway } from './create-gateway.js';
export { SandboxGateway } from './sandbox-gateway.js';
export { loadSandboxEventsSecret } from './sandbox-secret.js';
export { createSandboxResolvers } from './sandbox.resolvers.js';
export { wompiWebhookRoute } from './wompi-webhook.route.js';
export { GatewayEventInbox, MAX_EVENT_BYTES, type PaymentSink } from './gateway-event-inbox.js';
export { TRANSACTION_ID } from './wompi-event-schema.js';
export { sandboxApiRoute } from './sandbox-api.route.js';
export { signEvent, verifyEvent, type WompiEvent } from './wompi-signature.js';
export { SandboxSessionEntity } from './sandbox-session.entity.js';
