import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { GatewayTransaction, PaymentGateway } from './payment-gateway.js';
import { anyEvent, describeIssues, transactionUpdatedEvent } from './wompi-event-schema.js';
import { webhookEvents } from '../../common/metrics.js';

/** Whoever owns what a payment pays for (the orders module, wired by the app). */
export interface PaymentSink {
  /** A transaction the gateway or the shopper's redirect named for a payment reference, not yet confirmed. */
  noteTransaction(reference: string, transactionId: string, source: 'webhook' | 'redirect'): Promise<void>;
  /** A transaction as the gateway itself reports it (lookup): applied once per (id, status). */
  applyTransaction(tx: GatewayTransaction, payload: unknown): Promise<string>;
}

/** Bodies above this answer 400 (Wompi's events are ~2 KB). */
export const MAX_EVENT_BYTES = 64 * 1024;
/** How much of a refused body from a sender that proved itself (a correct checksum) is kept for inspection. */
const KEPT_BYTES = 16 * 1024;
/** Refused requests kept at most (the newest), whatever their age: anyone can send them. */
export const MAX_REFUSED_KEPT = 10_000;

/** What a webhook request said about itself, kept with a refused one (each value cut to a few hundred characters). */
export interface RequestSummary {
  /** The sender's address (as TRUST_PROXY allows it to be read). */
  address: string;
  /** Who sent it for the refusal allowance: its client key (IPv4 address or IPv6 /64). */
  client: string;
  headers: Record<string, string>;
}
/** A pending event is looked up at most this many times (every reconciliation tick). */
const MAX_CHECKS = 100;

export type EventOutcome = 'rejected' | 'unsigned' | 'ignored' | 'pending' | 'confirmed' | 'not-found' | 'mismatch';

export interface InboxAnswer {
  status: number;
  body: Record<string, unknown>;
}

interface PendingRow {
  id: number;
  transaction_id: string;
  reference: string;
}

/**
 * Every request to the payment webhook is kept (`gateway_event`): refused ones with their reason, so
 * staff can inspect them; authentic ones until the gateway confirms them. An event never changes an
 * order by itself: its transaction is looked up with the gateway (`GET /v1/transactions/{id}`) and the
 * gateway's answer is what gets applied. When the lookup cannot be made now, the reconciliation job
 * (app/jobs.ts) retries it.
 */
export class GatewayEventInbox {
  constructor(
    private readonly ds: DataSource,
    private readonly gateway: PaymentGateway,
    private readonly sink: PaymentSink,
    private readonly log?: Logger,
    /**
     * Counts a refused request against its sender (shared by every instance); false once the sender is over its
     * allowance, and then the request is answered 429 and not recorded at all.
     */
    private readonly countRefusal: (client: string) => Promise<boolean> = async () => true,
  ) {}

  private async store(row: {
    outcome: EventOutcome;
    httpStatus: number;
    reason?: string | null;
    tx?: { id: string; reference: string; status: string };
    remote: string;
    body: string;
    bytes: number;
    sha256?: string | null;
    headers?: Record<string, string> | null;
  }) {
    // Counted as it arrives: refused (rejected, unsigned), ignored, or accepted for confirmation with the gateway.
    webhookEvents.inc({ outcome: row.outcome === 'pending' ? 'accepted' : row.outcome });
    const rows: Array<{ id: number }> = await this.ds.query(
      `INSERT INTO gateway_event (outcome, http_status, reason, transaction_id, reference, status, remote_address, body, body_bytes, body_sha256, request_headers)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        row.outcome,
        row.httpStatus,
        row.reason ?? null,
        row.tx?.id ?? null,
        row.tx?.reference ?? null,
        row.tx?.status ?? null,
        row.remote.slice(0, 64),
        row.body.slice(0, KEPT_BYTES),
        row.bytes,
        row.sha256 ?? null,
        row.headers ? JSON.stringify(row.headers) : null,
      ],
    );
    return rows[0]!.id;
  }

  /**
   * Records a refused request and answers it. `raw` is kept (cut to KEPT_BYTES) only when its sender proved
   * itself with a correct checksum; otherwise only its size, SHA-256 and headers. A sender over its allowance of
   * refusals gets 429 and nothing is recorded.
   */
  private async refuse(
    outcome: EventOutcome,
    httpStatus: number,
    reason: string,
    from: RequestSummary,
    raw: Buffer | null,
    bytes: number,
    authentic = false,
  ): Promise<InboxAnswer> {
    if (!(await this.countRefusal(from.client))) {
      this.log?.debug({ remote: from.client, reason }, 'Evento de pago rechazado sin registrar (demasiados)');
      return { status: 429, body: { error: 'TOO_MANY_REQUESTS', message: 'Demasiadas solicitudes rechazadas.' } };
    }
    await this.store({
      outcome,
      httpStatus,
      reason,
      remote: from.address,
      body: authentic && raw ? raw.toString('utf8') : '',
      bytes,
      sha256: raw ? createHash('sha256').update(raw).digest('hex') : null,
      headers: from.headers,
    });
    this.log?.warn({ remote: from.address, reason, bytes }, 'Evento de pago rechazado');
    return {
      status: httpStatus,
      body: { error: httpStatus === 401 ? 'INVALID_CHECKSUM' : 'INVALID_EVENT', message: reason },
    };
  }

  /** A body too large to read (it was not read): refused and recorded with its declared size. */
  tooLarge(from: RequestSummary, bytes: number): Promise<InboxAnswer> {
    return this.refuse(
      'rejected',
      400,
      `Cuerpo demasiado grande (${bytes} bytes; máximo ${MAX_EVENT_BYTES})`,
      from,
      null,
      bytes,
    );
  }

  /** Handles one webhook request body. Never throws for bad input; only database errors escape. */
  async receive(raw: Buffer, headerChecksum: string | undefined, from: RequestSummary): Promise<InboxAnswer> {
    if (raw.length > MAX_EVENT_BYTES) return this.tooLarge(from, raw.length);
    const text = raw.toString('utf8');
    const remote = from.address;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.refuse('rejected', 400, 'El cuerpo no es JSON válido', from, raw, raw.length);
    }
    if (!this.gateway.verifyEvent(parsed, headerChecksum))
      return this.refuse('unsigned', 401, 'Firma (checksum) no válida', from, raw, raw.length);
    // From here the sender proved itself: a refused event keeps its body for staff to inspect.
    const kind = anyEvent.safeParse(parsed);
    if (!kind.success) return this.refuse('rejected', 400, describeIssues(kind.error), from, raw, raw.length, true);
    if (kind.data.event !== 'transaction.updated') {
      await this.store({
        outcome: 'ignored',
        httpStatus: 200,
        reason: `Evento ${kind.data.event}`,
        remote,
        body: text,
        bytes: raw.length,
      });
      return { status: 200, body: { ok: true, ignored: true } };
    }
    const event = transactionUpdatedEvent.safeParse(parsed);
    if (!event.success) return this.refuse('rejected', 400, describeIssues(event.error), from, raw, raw.length, true);

    const tx = event.data.data.transaction;
    const id = await this.store({ outcome: 'pending', httpStatus: 200, tx, remote, body: text, bytes: raw.length });
    await this.sink
      .noteTransaction(tx.reference, tx.id, 'webhook')
      .catch((err) => this.log?.warn({ err }, 'No se pudo anotar la transacción en la orden'));
    const outcome = await this.confirm({ id, transaction_id: tx.id, reference: tx.reference });
    this.log?.info({ reference: tx.reference, transactionId: tx.id, status: tx.status, outcome }, 'Evento de pago');
    // 200 whatever the outcome: the event is kept, and an unconfirmed one is looked up again by the reconciliation job.
    return { status: 200, body: { ok: true, outcome } };
  }

  /** Looks an event's transaction up with the gateway and applies the gateway's answer. */
  private async confirm(row: PendingRow): Promise<string> {
    let found: GatewayTransaction | null;
    try {
      found = await this.gateway.getTransaction(row.transaction_id);
    } catch (err) {
      await this.mark(row.id, 'pending', `Consulta a la pasarela fallida: ${String((err as Error).message ?? err)}`);
      return 'unconfirmed';
    }
    if (!found) {
      await this.mark(row.id, 'not-found', 'La pasarela no conoce esta transacción');
      return 'not-found';
    }
    if (found.reference !== row.reference) {
      await this.mark(row.id, 'mismatch', `La pasarela da la referencia ${found.reference.slice(0, 40)}`);
      return 'mismatch';
    }
    if (found.status === 'PENDING') {
      await this.mark(row.id, 'pending', 'La pasarela aún la reporta pendiente');
      return 'pending';
    }
    const outcome = await this.sink.applyTransaction(found, {
      source: 'webhook',
      gatewayEventId: row.id,
      confirmedBy: 'transaction-lookup',
      transaction: found,
    });
    await this.mark(row.id, 'confirmed', outcome);
    return outcome;
  }

  private async mark(id: number, outcome: EventOutcome, reason: string) {
    await this.ds.query(
      `UPDATE gateway_event SET outcome = $2, reason = $3, checks = checks + 1, checked_at = now() WHERE id = $1`,
      [id, outcome, reason.slice(0, 1000)],
    );
  }

  /**
   * Refused requests are kept 90 days for inspection, and only the newest MAX_REFUSED_KEPT of them (anyone can
   * send them: storage stays bounded however many arrive). Run by the maintenance job.
   */
  async pruneRefused(keep = MAX_REFUSED_KEPT): Promise<number> {
    const rows: Array<{ id: number }> = await this.ds.query(
      `DELETE FROM gateway_event WHERE outcome IN ('rejected', 'unsigned')
         AND (received_at < now() - interval '90 days'
              OR id <= (SELECT id FROM gateway_event WHERE outcome IN ('rejected', 'unsigned') ORDER BY id DESC OFFSET $1 LIMIT 1))
       RETURNING id`,
      [keep],
    );
    return rows.length;
  }

  /** Looks up again every event the gateway has not confirmed yet (the reconciliation job). Throws when every lookup failed. */
  async confirmPending(limit = 50): Promise<{ checked: number; failed: number }> {
    const rows: PendingRow[] = await this.ds.query(
      `SELECT id, transaction_id, reference FROM gateway_event
       WHERE outcome = 'pending' AND checks < $1 AND received_at > now() - interval '7 days'
       ORDER BY checked_at NULLS FIRST LIMIT $2`,
      [MAX_CHECKS, limit],
    );
    let failed = 0;
    for (const row of rows) if ((await this.confirm(row)) === 'unconfirmed') failed++;
    if (rows.length > 0 && failed === rows.length)
      throw new Error(`La pasarela no respondió a ninguna de ${rows.length} consultas de eventos pendientes`);
    return { checked: rows.length, failed };
  }
}
