import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { OutboundEmailEntity } from './outbound-email.entity.js';
import { escapeHtml } from './email-layout.js';
import { emailWithTestShopNotice } from '../../common/test-shop-notice.js';

export interface MailSettings {
  /** SMTP URL; without it messages are written as `.eml` files into `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  /** Payments are not real: every email says so (subject and body). */
  testShop?: boolean;
  /** Lines added at the end of every email (the shop's legal identity, read when the email goes out). */
  footerLines?: string[] | (() => Promise<string[]>);
}

/** Puts the footer lines at the end of an email: before `</body>` in the HTML, as a last paragraph in the text. */
export function withFooter(mail: { html: string; text: string }, lines: string[] = []): { html: string; text: string } {
  if (lines.length === 0) return mail;
  const escaped = lines.map((l) => escapeHtml(l).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')).join('<br>');
  const block = `<p style="color:#777;font-size:12px;border-top:1px solid #ddd;padding-top:8px">${escaped}</p>`;
  const html = mail.html.includes('</body>') ? mail.html.replace('</body>', `${block}</body>`) : `${mail.html}${block}`;
  return { html, text: `${mail.text}\n\n--\n${lines.join('\n')}` };
}

/**
 * Sends queued emails (the `send-email` job): through SMTP, or into an outbox folder on a shop run on
 * one's own computer. A sent email is marked and never sent again; a failure is recorded and thrown
 * so the job is retried with backoff. Each email has a fixed Message-ID, so if a process dies between
 * the SMTP hand-over and the mark, the retry is recognisable as the same message.
 */
export class MailSender {
  /** Created on the first email: nodemailer is not loaded by a start that sends none. */
  private transport?: Promise<Transporter>;

  constructor(
    private readonly ds: DataSource,
    private readonly settings: MailSettings,
    private readonly log?: Logger,
  ) {}

  private getTransport(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      this.settings.smtpUrl
        ? nodemailer.createTransport(this.settings.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return this.transport;
  }

  /** `Correo a ana@correo.com: «Tu pedido ENZ-…»` for staff looking at a failing send job. */
  async describe(emailId: number): Promise<string | null> {
    const mail = await this.ds
      .getRepository(OutboundEmailEntity)
      .findOne({ where: { id: emailId }, select: { recipient: true, subject: true } });
    return mail ? `Correo a ${mail.recipient}: «${mail.subject}»` : null;
  }

  /** Sends one queued email unless it already went out. */
  async send(emailId: number): Promise<'sent' | 'already-sent' | 'missing'> {
    const repo = this.ds.getRepository(OutboundEmailEntity);
    const mail = await repo.findOneBy({ id: emailId });
    if (!mail) return 'missing';
    if (mail.sentAt) return 'already-sent';
    try {
      const lines = this.settings.footerLines;
      const signed = {
        subject: mail.subject,
        ...withFooter(mail, typeof lines === 'function' ? await lines() : lines),
      };
      const content = this.settings.testShop ? emailWithTestShopNotice(signed) : signed;
      const transport = await this.getTransport();
      const info = (await transport.sendMail({
        from: this.settings.from,
        to: mail.recipient,
        subject: content.subject,
        html: content.html,
        text: content.text,
        messageId: `<correo-${mail.id}.${mail.createdAt.getTime()}@enzo.com.co>`,
      })) as { message?: Buffer };
      if (!this.settings.smtpUrl && info.message)
        await this.writeToOutbox(`${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.fileTag}.eml`, info.message);
    } catch (err) {
      await repo.update(
        { id: mail.id },
        { attempts: mail.attempts + 1, lastError: String((err as Error).message ?? err).slice(0, 1000) },
      );
      this.log?.warn({ err, emailId }, 'No se pudo enviar un correo; se reintentará');
      throw err;
    }
    await repo.update({ id: mail.id }, { sentAt: new Date(), attempts: mail.attempts + 1, lastError: null });
    return 'sent';
  }

  /**
   * A message appears in the outbox whole: written beside it first, then renamed in (one step on the same disk).
   * Whoever watches the folder (a person, a mail viewer, a test) never opens a half-written or empty file.
   */
  private async writeToOutbox(name: string, message: Buffer): Promise<void> {
    const { outboxDir } = this.settings;
    const partialDir = path.join(path.dirname(outboxDir), `.${path.basename(outboxDir)}-partial`);
    await Promise.all([fs.mkdir(outboxDir, { recursive: true }), fs.mkdir(partialDir, { recursive: true })]);
    const partial = path.join(partialDir, `${process.pid}-${randomUUID()}-${name}`);
    await fs.writeFile(partial, message);
    await fs.rename(partial, path.join(outboxDir, name));
  }
}
