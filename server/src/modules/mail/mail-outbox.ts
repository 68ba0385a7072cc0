import type { EntityManager } from 'typeorm';
import { enqueueJob } from '../../common/jobs.js';

export const SEND_EMAIL_TASK = 'send-email';

export interface MailToQueue {
  /** Same key → the same email: queuing again does nothing. */
  key: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Readable part of the outbox file name. */
  tag: string;
  orderId?: number | null;
}

/**
 * Writes the email and its send job in the caller's transaction (transactional outbox): it goes out
 * if and only if the change that causes it commits, even if this process dies right after.
 */
export async function queueMail(m: EntityManager, mail: MailToQueue): Promise<void> {
  const rows: Array<{ id: number }> = await m.query(
    `INSERT INTO outbound_email (dedupe_key, order_id, recipient, subject, html, text, file_tag)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [mail.key, mail.orderId ?? null, mail.to, mail.subject, mail.html, mail.text, mail.tag.slice(0, 80)],
  );
  if (rows.length === 0) return;
  await enqueueJob(m, SEND_EMAIL_TASK, { emailId: rows[0]!.id }, { jobKey: `email:${rows[0]!.id}` });
}
