import type { CheckoutRequest, GatewayTransaction, PaymentGateway } from './payment-gateway.js';
import { z } from 'zod';
import { integritySignature, verifyEvent, type WompiEvent } from './wompi-signature.js';
import { PAYMENT_REFERENCE, TRANSACTION_ID, TRANSACTION_STATUS } from './wompi-event-schema.js';

export interface WompiConfig {
  publicKey: string;
  integritySecret: string;
  eventsSecret: string;
  apiUrl?: string;
  /** `prv_…`: needed only to void card transactions. */
  privateKey?: string;
}

export const WOMPI_CHECKOUT_URL = 'https://checkout.wompi.co/p/';

export function defaultWompiApiUrl(publicKey: string): string {
  return publicKey.startsWith('pub_test_') ? 'https://sandbox.wompi.co/v1' : 'https://production.wompi.co/v1';
}

/** Wompi web checkout (docs.wompi.co): redirect with integrity signature, signed events, lookups. */
export class WompiGateway implements PaymentGateway {
  readonly kind = 'wompi' as const;
  private readonly apiUrl: string;

  constructor(
    private readonly config: WompiConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.apiUrl = (config.apiUrl ?? defaultWompiApiUrl(config.publicKey)).replace(/\/$/, '');
  }

  async createCheckoutUrl(req: CheckoutRequest): Promise<string> {
    const params = new URLSearchParams({
      'public-key': this.config.publicKey,
      currency: 'COP',
      'amount-in-cents': String(req.amountInCents),
      reference: req.reference,
      'signature:integrity': integritySignature(req.reference, req.amountInCents, 'COP', this.config.integritySecret),
      'redirect-url': req.redirectUrl,
      'customer-data:email': req.customer.email,
      'customer-data:full-name': req.customer.fullName,
      'customer-data:phone-number': req.customer.phone,
      'customer-data:phone-number-prefix': '+57',
      'customer-data:legal-id': req.customer.legalId,
      'customer-data:legal-id-type': req.customer.legalIdType,
    });
    return `${WOMPI_CHECKOUT_URL}?${params.toString()}`;
  }

  verifyEvent(body: unknown, headerChecksum: string | undefined): WompiEvent | null {
    return verifyEvent(body, headerChecksum, this.config.eventsSecret);
  }

  getTransaction(id: string): Promise<GatewayTransaction | null> {
    return lookupTransaction(this.apiUrl, id, this.fetchImpl);
  }

  /** `POST /v1/transactions/{id}/void` (card transactions only; needs the private key). */
  async voidTransaction(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
    if (!this.config.privateKey)
      return {
        ok: false,
        message:
          'Para anular cobros con tarjeta desde el panel, configura WOMPI_PRIVATE_KEY; mientras tanto registra el reembolso como transferencia.',
      };
    if (!/^[\w-]{1,100}$/.test(id)) return { ok: false, message: 'La transacción no es válida.' };
    const res = await this.fetchImpl(`${this.apiUrl}/transactions/${encodeURIComponent(id)}/void`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.config.privateKey}` },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!res) return { ok: false, message: 'No pudimos conectar con Wompi. Inténtalo de nuevo en unos minutos.' };
    if (!res.ok)
      return {
        ok: false,
        message: `Wompi no anuló la transacción (respuesta ${res.status}). Revisa en su panel si aún se puede anular o registra una transferencia.`,
      };
    return { ok: true };
  }
}

const lookupAnswer = z.object({
  data: z
    .object({
      id: TRANSACTION_ID,
      reference: PAYMENT_REFERENCE,
      amount_in_cents: z.number().int().positive(),
      status: TRANSACTION_STATUS,
      payment_method_type: z.string().max(40).nullish(),
    })
    .loose(),
});

/**
 * `GET {apiUrl}/transactions/{id}` (Wompi's public lookup, which the sandbox serves too): the
 * transaction as the gateway knows it, null when it does not exist. Network failures and odd answers throw.
 */
export async function lookupTransaction(
  apiUrl: string,
  id: string,
  fetchImpl: typeof fetch = fetch,
): Promise<GatewayTransaction | null> {
  if (!TRANSACTION_ID.safeParse(id).success) return null;
  const res = await fetchImpl(`${apiUrl}/transactions/${encodeURIComponent(id)}`, {
    signal: AbortSignal.timeout(8000),
    headers: { accept: 'application/json' },
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`La pasarela respondió ${res.status} al consultar la transacción ${id}`);
  const parsed = lookupAnswer.safeParse(await res.json());
  if (!parsed.success) throw new Error(`Respuesta inesperada de la pasarela para la transacción ${id}`);
  const tx = parsed.data.data;
  return {
    id: tx.id,
    reference: tx.reference,
    amountInCents: tx.amount_in_cents,
    status: tx.status,
    paymentMethodType: tx.payment_method_type ?? null,
  };
}
