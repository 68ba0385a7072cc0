import { randomBytes, randomInt } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { GraphQLError } from 'graphql';
import { badInput, notFound } from '../../common/errors.js';
import { ONLINE_PAYMENT_METHODS, type OnlinePaymentMethodValue, type PaymentMethodValue } from '#shared/orders.js';
import type { CheckoutRequest, GatewayTransaction, PaymentGateway } from './payment-gateway.js';
import { SandboxSessionEntity } from './sandbox-session.entity.js';
import { changedRows } from '../../common/db.js';
import { signEvent, verifyEvent, type WompiEvent } from './wompi-signature.js';
import { lookupTransaction } from './wompi-gateway.js';
import { TRANSACTION_ID } from './wompi-event-schema.js';

/** Where the sandbox serves Wompi's public API (`/transactions/{id}`). */
export const SANDBOX_API_PATH = '/pasarela-sandbox/v1';

export interface SandboxPayInput {
  session: string;
  decision?: 'APPROVE' | 'DECLINE' | null;
  cardNumber?: string | null;
  pseBank?: string | null;
  nequiPhone?: string | null;
  /** The method used at the sandbox page; the session's (chosen at checkout) when absent. */
  paymentMethod?: PaymentMethodValue | null;
}

export const SANDBOX_CARDS = { approve: '4242424242424242', decline: '4111111111111111' };
export const SANDBOX_BANKS = { approve: '1', decline: '2' };
/** Wompi's sandbox Nequi numbers. */
export const SANDBOX_NEQUI = { approve: '3991111111', decline: '3992222222' };

const isOnline = (method: string): method is OnlinePaymentMethodValue =>
  (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

/**
 * Decides a sandbox payment like Wompi's sandbox: test cards and banks, Nequi's test phones, or an
 * explicit button (card, PSE, Botón Bancolombia). Anything else is a Spanish error that says what to use.
 */
export function sandboxOutcome(method: PaymentMethodValue, input: SandboxPayInput): 'APPROVED' | 'DECLINED' {
  if (method === 'NEQUI') {
    const phone = (input.nequiPhone ?? '').replace(/[\s\-().]/g, '').replace(/^\+?57(?=3\d{9}$)/, '');
    if (phone === SANDBOX_NEQUI.approve) return 'APPROVED';
    if (phone === SANDBOX_NEQUI.decline) return 'DECLINED';
    throw badInput('Usa el celular Nequi de prueba 399 111 1111 (aprueba) o 399 222 2222 (rechaza).', 'nequiPhone');
  }
  if (method === 'BANCOLOMBIA_TRANSFER') {
    if (input.decision === 'APPROVE') return 'APPROVED';
    if (input.decision === 'DECLINE') return 'DECLINED';
    throw badInput('Elige si el banco aprueba o rechaza la transferencia.', 'decision');
  }
  if (!isOnline(method)) throw badInput('Elige tarjeta, PSE, Nequi o Botón Bancolombia.', 'paymentMethod');
  const card = (input.cardNumber ?? '').replace(/[\s-]/g, '');
  const bank = (input.pseBank ?? '').trim();
  if (input.decision === 'DECLINE') return 'DECLINED';
  if (method === 'CARD' && card === SANDBOX_CARDS.decline) return 'DECLINED';
  if (method === 'PSE' && bank === SANDBOX_BANKS.decline) return 'DECLINED';
  if (input.decision === 'APPROVE') return 'APPROVED';
  if (method === 'CARD' && card === SANDBOX_CARDS.approve) return 'APPROVED';
  if (method === 'PSE' && bank === SANDBOX_BANKS.approve) return 'APPROVED';
  throw badInput(
    method === 'CARD'
      ? 'Usa la tarjeta de prueba 4242 4242 4242 4242 (aprueba) o 4111 1111 1111 1111 (rechaza).'
      : 'Elige el banco 1 (aprueba) o 2 (rechaza).',
    method === 'CARD' ? 'cardNumber' : 'pseBank',
  );
}

/**
 * Built-in gateway that speaks Wompi's protocol: a hosted page (/pasarela-sandbox), signed
 * `transaction.updated` events POSTed to our own /webhooks/wompi, and the redirect with `id`.
 */
export class SandboxGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;
  /** Base URL of this very server (set once it listens); events are POSTed there. */
  internalUrl: string | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly eventsSecret: string,
    private readonly publicUrl: () => string,
  ) {}

  async createCheckoutUrl(req: CheckoutRequest): Promise<string> {
    const id = randomBytes(18).toString('base64url');
    await this.ds.getRepository(SandboxSessionEntity).insert({
      id,
      reference: req.reference,
      amountInCents: req.amountInCents,
      currency: 'COP',
      // Wompi's checkout offers every enabled method; the sandbox preselects the shopper's online choice.
      paymentMethod: isOnline(req.paymentMethod) ? req.paymentMethod : 'CARD',
      redirectUrl: req.redirectUrl,
      transactionId: null,
      status: null,
    });
    return `/pasarela-sandbox?session=${id}`;
  }

  verifyEvent(body: unknown, headerChecksum: string | undefined): WompiEvent | null {
    return verifyEvent(body, headerChecksum, this.eventsSecret);
  }

  /** Over HTTP, exactly as with Wompi: the sandbox serves `GET /pasarela-sandbox/v1/transactions/{id}` (sandbox-api.route.ts). */
  getTransaction(id: string): Promise<GatewayTransaction | null> {
    return lookupTransaction(`${this.internalUrl ?? this.publicUrl()}${SANDBOX_API_PATH}`, id);
  }

  /** The sandbox's own record of a decided transaction (what its lookup endpoint answers). */
  async transaction(id: string): Promise<SandboxSessionEntity | null> {
    if (!TRANSACTION_ID.safeParse(id).success) return null;
    const s = await this.ds.getRepository(SandboxSessionEntity).findOneBy({ transactionId: id });
    return s && s.transactionId && s.status ? s : null;
  }

  /** Like Wompi: only an approved card transaction can be voided. */
  async voidTransaction(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const s = await this.ds.getRepository(SandboxSessionEntity).findOneBy({ transactionId: id });
    if (!s || s.status !== 'APPROVED')
      return { ok: false, message: 'La pasarela de pruebas no tiene una transacción aprobada con ese número.' };
    if (s.paymentMethod !== 'CARD')
      return { ok: false, message: 'Solo un pago con tarjeta se puede anular en la pasarela.' };
    await this.ds.getRepository(SandboxSessionEntity).update({ id: s.id }, { status: 'VOIDED' });
    return { ok: true };
  }

  async session(id: string): Promise<SandboxSessionEntity | null> {
    if (!/^[\w-]{10,64}$/.test(id)) return null;
    return this.ds.getRepository(SandboxSessionEntity).findOneBy({ id });
  }

  /** Decides the payment once, sends the signed event to the webhook and returns the redirect. */
  async pay(input: SandboxPayInput): Promise<{ transactionId: string; status: string; redirectUrl: string }> {
    const s = await this.session(input.session);
    if (!s) throw notFound('Esta sesión de pago no existe.');
    if (s.transactionId) throw new GraphQLError('Este pago ya fue procesado.', { extensions: { code: 'CONFLICT' } });
    const method = input.paymentMethod ?? s.paymentMethod;
    if (!isOnline(method)) throw badInput('Elige tarjeta, PSE, Nequi o Botón Bancolombia.', 'paymentMethod');
    const status = sandboxOutcome(method, input);
    const transactionId = `${randomInt(10000, 99999)}-${Date.now()}-${randomInt(10000, 99999)}`;
    const claimed = await changedRows(
      this.ds.manager,
      `UPDATE sandbox_session SET transaction_id = $1, status = $2, payment_method = $3 WHERE id = $4 AND transaction_id IS NULL`,
      [transactionId, status, method, s.id],
    );
    if (claimed === 0) throw new GraphQLError('Este pago ya fue procesado.', { extensions: { code: 'CONFLICT' } });

    const event = signEvent(
      {
        event: 'transaction.updated',
        data: {
          transaction: {
            id: transactionId,
            amount_in_cents: s.amountInCents,
            reference: s.reference,
            currency: s.currency,
            payment_method_type: method,
            redirect_url: s.redirectUrl,
            status,
            status_message: status === 'APPROVED' ? null : 'Transacción rechazada por el banco (sandbox)',
          },
        },
        environment: 'test',
        signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'] },
        timestamp: Math.floor(Date.now() / 1000),
        sent_at: new Date().toISOString(),
      },
      this.eventsSecret,
    );
    // Exactly as Wompi would: an HTTP POST to the shop's webhook. If it fails, the receipt page
    // still confirms the transaction through getTransaction (the redirect carries `id`).
    await fetch(`${this.internalUrl ?? this.publicUrl()}/webhooks/wompi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-event-checksum': event.signature.checksum },
      body: JSON.stringify(event),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    const sep = s.redirectUrl.includes('?') ? '&' : '?';
    return { transactionId, status, redirectUrl: `${s.redirectUrl}${sep}id=${encodeURIComponent(transactionId)}` };
  }
}
