import type { DataSource } from 'typeorm';
import type { GatewayTransaction, PaymentGateway } from '../payments/index.js';
import { TRANSACTION_ID } from '../payments/index.js';
import type { OrderPaymentsService } from './order-payments.service.js';
import { orderReferenceFromPayment } from './order-tokens.js';

export type TransactionSource = 'webhook' | 'redirect';

interface OpenCheck {
  order_id: number;
  transaction_id: string;
  reference: string;
}

/**
 * The gateway transactions each order is known to have (`order_transaction`), recorded as soon as a
 * webhook event or the shopper's redirect (`?id=`) names one, before anyone trusts it. The
 * reconciliation job asks the gateway about every one whose order still waits for payment and feeds
 * the answer through the same path as a confirmed webhook event, so a lost event never leaves a paid
 * order to expire.
 */
export class OrderTransactions {
  constructor(
    private readonly ds: DataSource,
    private readonly gateway: PaymentGateway,
    private readonly payments: OrderPaymentsService,
  ) {}

  /** Records that `transactionId` was named for this payment reference (ignored when malformed or the order is unknown). */
  async note(paymentReference: string, transactionId: string, source: TransactionSource): Promise<void> {
    if (!TRANSACTION_ID.safeParse(transactionId).success) return;
    await this.ds.query(
      `INSERT INTO order_transaction (order_id, transaction_id, source)
       SELECT id, $2, $3 FROM shop_order WHERE reference = $1
       ON CONFLICT (order_id, transaction_id) DO NOTHING`,
      [orderReferenceFromPayment(paymentReference).slice(0, 20), transactionId, source],
    );
  }

  /**
   * One reconciliation pass: looks up every unresolved transaction of an order still pending payment
   * and applies final answers. Throws when the gateway answered none of them (the job shows as failing).
   */
  async reconcileOnce(limit = 100): Promise<{ checked: number; applied: number; failed: number }> {
    const open: OpenCheck[] = await this.ds.query(
      `SELECT t.order_id, t.transaction_id, o.reference FROM order_transaction t JOIN shop_order o ON o.id = t.order_id
       WHERE t.resolved_at IS NULL AND o.status = 'PENDIENTE_PAGO'
       ORDER BY t.checked_at NULLS FIRST, t.seen_at LIMIT $1`,
      [limit],
    );
    let applied = 0;
    let failed = 0;
    for (const check of open) {
      let tx: GatewayTransaction | null;
      try {
        tx = await this.gateway.getTransaction(check.transaction_id);
      } catch {
        failed++;
        await this.mark(check, 'ERROR_CONSULTA', false);
        continue;
      }
      if (!tx) await this.mark(check, 'NO_EXISTE', true);
      else if (orderReferenceFromPayment(tx.reference) !== check.reference) await this.mark(check, 'OTRA_ORDEN', true);
      else if (tx.status === 'PENDING') await this.mark(check, tx.status, false);
      else {
        await this.payments.applyTransaction(tx, { source: 'reconciliation', transaction: tx });
        await this.mark(check, tx.status, true);
        applied++;
      }
    }
    if (open.length > 0 && failed === open.length)
      throw new Error(`La pasarela no respondió a ninguna de ${open.length} consultas de conciliación`);
    return { checked: open.length, applied, failed };
  }

  private async mark(check: OpenCheck, status: string, resolved: boolean) {
    await this.ds.query(
      `UPDATE order_transaction SET checks = checks + 1, checked_at = now(), last_status = $3, resolved_at = CASE WHEN $4 THEN now() END
       WHERE order_id = $1 AND transaction_id = $2`,
      [check.order_id, check.transaction_id, status, resolved],
    );
  }
}
