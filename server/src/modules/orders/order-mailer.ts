import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { Env } from '../../config/env.js';
import { OrderEntity } from './order.entity.js';
import { OrderLineEntity } from './order-line.entity.js';
import { receiptUrl } from './order-checkout.js';
import { shopNoticeEmail, shopperConfirmationEmail } from './order-email.js';

interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends mail through SMTP_URL, or writes `.eml` files into DATA_DIR/outbox/ when it is unset. */
export class OrderMailer {
  private readonly transport: Transporter;
  private readonly outbox: string | null;

  constructor(
    private readonly ds: DataSource,
    private readonly env: Env,
    private readonly log?: Logger,
  ) {
    if (env.SMTP_URL) {
      this.transport = nodemailer.createTransport(env.SMTP_URL);
      this.outbox = null;
    } else {
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outbox = path.join(env.dataDir, 'outbox');
    }
  }

  /** Confirmation to the shopper and notice to the shop; failures are logged, never thrown. */
  async orderPaid(orderId: number): Promise<void> {
    try {
      const order = await this.ds.getRepository(OrderEntity).findOneByOrFail({ id: orderId });
      const lines = await this.ds.getRepository(OrderLineEntity).find({ where: { orderId }, order: { position: 'ASC' } });
      const shopper = shopperConfirmationEmail(order, lines, receiptUrl(this.env, order));
      await this.send({ to: order.email, ...shopper }, `${order.reference}-cliente`);
      await this.send({ to: this.env.SHOP_NOTIFY_EMAIL, ...shopNoticeEmail(order, lines) }, `${order.reference}-tienda`);
    } catch (err) {
      this.log?.error({ err, orderId }, 'No se pudo enviar el correo del pedido');
    }
  }

  private async send(mail: Mail, name: string): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.env.MAIL_FROM, ...mail })) as { message?: Buffer };
    if (this.outbox && info.message) {
      await fs.mkdir(this.outbox, { recursive: true });
      await fs.writeFile(path.join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${name}.eml`), info.message);
    }
  }
}
