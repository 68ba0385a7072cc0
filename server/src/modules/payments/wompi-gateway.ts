import type { CheckoutRequest, GatewayTransaction, PaymentGateway } from './payment-gateway.js';
import { integritySignature, verifyEvent, type WompiEvent } from './wompi-signature.js';

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

  async getTransaction(id: string): Promise<GatewayTransaction | null> {
    if (!/^[\w-]{1,100}$/.test(id)) return null;
    const res = await this.fetchImpl(`${this.apiUrl}/transactions/${encodeURIComponent(id)}`, { signal: AbortSignal.timeout(8000) });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`Wompi respondió ${res.status} al consultar la transacción`);
    const body = (await res.json()) as { data?: { id: string; reference: string; amount_in_cents: number; status: string } };
    if (!body.data) return null;
    return { id: body.data.id, reference: body.data.reference, amountInCents: body.data.amount_in_cents, status: body.data.status };
  }

  /** `POST /v1/transactions/{id}/void` (card transactions only; needs the private key). */
  async voidTransaction(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
    if (!this.config.privateKey) return { ok: false, message: 'Para anular cobros con tarjeta desde el panel, configura WOMPI_PRIVATE_KEY; mientras tanto registra el reembolso como transferencia.' };
    if (!/^[\w-]{1,100}$/.test(id)) return { ok: false, message: 'La transacción no es válida.' };
    const res = await this.fetchImpl(`${this.apiUrl}/transactions/${encodeURIComponent(id)}/void`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.config.privateKey}` },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!res) return { ok: false, message: 'No pudimos conectar con Wompi. Inténtalo de nuevo en unos minutos.' };
    if (!res.ok) return { ok: false, message: `Wompi no anuló la transacción (respuesta ${res.status}). Revisa en su panel si aún se puede anular o registra una transferencia.` };
    return { ok: true };
  }
}
