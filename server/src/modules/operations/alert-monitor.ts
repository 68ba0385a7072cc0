import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { inTransaction, commit, returningRows } from '../../common/db.js';
import type { MetricsQuery } from '../../common/metrics.js';
import { emailLayout, escapeHtml, queueMail } from '../mail/index.js';
import type { AlertCondition } from './alert-conditions.js';
import { readOperationsSettings } from './operations-settings.js';

export const CHECK_ALERTS_TASK = 'check-alerts';

export interface AlertView {
  key: string;
  label: string;
  firing: boolean;
  message: string | null;
  since: Date | null;
  checkedAt: Date | null;
  notifiedAt: Date | null;
}

export interface AlertMonitorOptions {
  ds: DataSource;
  conditions: AlertCondition[];
  dataDir: string;
  notifyEmail: string;
  /** The staff page about operations (in the email). */
  operationsUrl: () => string;
  taskLabel: (task: string) => string;
  log?: Logger;
}

/**
 * Checks every alert condition (the job queue's `check-alerts`, each minute on one instance) and keeps each one's
 * state in PostgreSQL. A firing condition emails SHOP_NOTIFY_EMAIL through the durable mail outbox at most once an
 * hour: the hour is claimed with a conditional UPDATE in the same transaction that queues the email, so two
 * instances checking at once still send one.
 */
export class AlertMonitor {
  constructor(private readonly o: AlertMonitorOptions) {}

  async checkAll(now = new Date()): Promise<AlertView[]> {
    const settings = await readOperationsSettings(this.o.ds);
    const query: MetricsQuery = (sql, params) => this.o.ds.query(sql, params);
    for (const condition of this.o.conditions) {
      let message: string | null;
      try {
        message = await condition.check({
          query,
          settings,
          now,
          dataDir: this.o.dataDir,
          taskLabel: this.o.taskLabel,
        });
      } catch (err) {
        this.o.log?.warn({ err, alert: condition.key }, 'No se pudo revisar una condición de alerta');
        continue;
      }
      await this.record(condition, message);
    }
    return this.current();
  }

  private async record(condition: AlertCondition, message: string | null): Promise<void> {
    await inTransaction(this.o.ds, async (m) => {
      await m.query(
        `INSERT INTO alert_state (key, firing, message, since, checked_at) VALUES ($1, $2, $3, CASE WHEN $2 THEN now() END, now())
         ON CONFLICT (key) DO UPDATE SET firing = $2, message = $3, checked_at = now(),
           since = CASE WHEN NOT $2 THEN NULL WHEN alert_state.firing THEN alert_state.since ELSE now() END`,
        [condition.key, message !== null, message ?? ''],
      );
      if (message === null) return commit(undefined);
      const claimed = await returningRows<{ key: string }>(
        m,
        `UPDATE alert_state SET notified_at = now()
          WHERE key = $1 AND (notified_at IS NULL OR notified_at <= now() - interval '1 hour') RETURNING key`,
        [condition.key],
      );
      if (claimed.length === 0) return commit(undefined);
      const url = this.o.operationsUrl();
      await queueMail(m, {
        key: `alert:${condition.key}:${Date.now()}`,
        to: this.o.notifyEmail,
        subject: `Alerta de la tienda: ${condition.label} · Enzo`,
        text: `${condition.label}\n\n${message}\n\nEstado de la tienda: ${url}\n\nEste aviso se repite como mucho una vez por hora mientras siga pasando.`,
        html: emailLayout(
          `Alerta: ${condition.label}`,
          `<h1 style="font-size:20px">${escapeHtml(condition.label)}</h1><p>${escapeHtml(message)}</p>` +
            `<p><a href="${escapeHtml(url)}">Ver el estado de la tienda</a></p>` +
            '<p style="color:#555">Este aviso se repite como mucho una vez por hora mientras siga pasando.</p>',
        ),
        tag: `alerta-${condition.key}`,
      });
      return commit(undefined);
    });
  }

  /** Every known condition with its last state, firing ones first. */
  async current(): Promise<AlertView[]> {
    const rows: Array<{
      key: string;
      firing: boolean;
      message: string;
      since: Date | null;
      checked_at: Date;
      notified_at: Date | null;
    }> = await this.o.ds.query(`SELECT key, firing, message, since, checked_at, notified_at FROM alert_state`);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return this.o.conditions
      .map((c) => {
        const r = byKey.get(c.key);
        return {
          key: c.key,
          label: c.label,
          firing: r?.firing ?? false,
          message: r?.firing ? r.message : null,
          since: r?.since ?? null,
          checkedAt: r?.checked_at ?? null,
          notifiedAt: r?.notified_at ?? null,
        };
      })
      .sort((a, b) => Number(b.firing) - Number(a.firing));
  }
}
