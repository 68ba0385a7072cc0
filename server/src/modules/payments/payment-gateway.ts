import type { PaymentMethodValue } from '#shared/orders.js';
import type { WompiEvent } from './wompi-signature.js';

export interface CheckoutRequest {
  /** Payment reference (the order reference, with `-n` for later attempts). */
  reference: string;
  amountInCents: number;
  /** The method chosen at checkout (the sandbox preselects it; Wompi's checkout offers every enabled method). */
  paymentMethod: PaymentMethodValue;
  redirectUrl: string;
  customer: { email: string; fullName: string; phone: string; legalId: string; legalIdType: string };
}

/** A transaction as the gateway reports it (event or lookup). */
export interface GatewayTransaction {
  id: string;
  reference: string;
  amountInCents: number;
  status: string;
  /** Wompi's `payment_method_type` (CARD, PSE, NEQUI, BANCOLOMBIA_TRANSFER…): how the shopper actually paid. */
  paymentMethodType?: string | null;
}

/** One interface, two adapters (Wompi in production, the built-in sandbox by default). */
export interface PaymentGateway {
  readonly kind: 'wompi' | 'sandbox';
  createCheckoutUrl(request: CheckoutRequest): Promise<string>;
  /** The authentic event, or null when the checksum does not match. */
  verifyEvent(body: unknown, headerChecksum: string | undefined): WompiEvent | null;
  /** Asks the gateway for a transaction (used when the shopper comes back with `?id=`). */
  getTransaction(id: string): Promise<GatewayTransaction | null>;
  /** Voids an approved card transaction (a full refund); other methods are refunded by bank transfer. */
  voidTransaction(id: string): Promise<{ ok: true } | { ok: false; message: string }>;
}
