import type { EntityManager } from 'typeorm';
import { formatCop } from '#shared/money.js';
import { emailLayout, escapeHtml, formatLongDate, queueMail } from '../mail/index.js';
import type { OrderEntity } from '../orders/index.js';
import type { ReturnRequestEntity } from './return-request.entity.js';

const KIND_NAMES = {
  RETRACTO: 'solicitud de retracto',
  GARANTIA: 'solicitud de garantía',
  REVERSION: 'solicitud de reversión del pago',
} as const;

export type ReturnStep = 'requested' | 'accepted' | 'rejected' | 'received' | 'refunded';

export interface ReturnMailSettings {
  /** The order's page for the shopper (reference + token). */
  orderUrl(order: Pick<OrderEntity, 'reference' | 'accessToken'>): string;
  shopEmail: string;
}

function shopperText(step: ReturnStep, r: ReturnRequestEntity, o: OrderEntity): { subject: string; lines: string[] } {
  const what = KIND_NAMES[r.kind];
  const amount = formatCop(r.refundAmount);
  switch (step) {
    case 'requested':
      return {
        subject: `Recibimos tu ${what} · pedido ${o.reference}`,
        lines: [
          `Recibimos tu ${what} del pedido ${o.reference}.`,
          `La revisaremos y te escribiremos en los próximos días hábiles. Si la aceptamos, te devolveremos ${amount} a más tardar el ${formatLongDate(r.refundDueAt)}.`,
        ],
      };
    case 'accepted':
      return {
        subject: `Aceptamos tu ${what} · pedido ${o.reference}`,
        lines: [
          `Aceptamos tu ${what} del pedido ${o.reference}.`,
          r.kind === 'REVERSION'
            ? `Haremos la devolución de ${amount} a más tardar el ${formatLongDate(r.refundDueAt)}.`
            : `Envíanos los productos en su empaque original; te devolveremos ${amount} a más tardar el ${formatLongDate(r.refundDueAt)}.`,
          ...(r.decisionNote ? [`Nota de la tienda: ${r.decisionNote}`] : []),
        ],
      };
    case 'rejected':
      return {
        subject: `Respuesta a tu ${what} · pedido ${o.reference}`,
        lines: [
          `No pudimos aceptar tu ${what} del pedido ${o.reference}.`,
          `Motivo: ${r.decisionNote ?? 'sin nota'}.`,
          'Si no estás de acuerdo, responde este correo o acude a la Superintendencia de Industria y Comercio.',
        ],
      };
    case 'received':
      return {
        subject: `Recibimos los productos devueltos · pedido ${o.reference}`,
        lines: [
          `Recibimos los productos devueltos del pedido ${o.reference}.`,
          `Te devolveremos ${amount} a más tardar el ${formatLongDate(r.refundDueAt)}.`,
        ],
      };
    case 'refunded':
      return {
        subject: `Te devolvimos ${amount} · pedido ${o.reference}`,
        lines: [
          `Te devolvimos ${amount} del pedido ${o.reference}${r.refundMethod === 'GATEWAY_VOID' ? ' anulando el cobro a tu tarjeta' : ' por transferencia bancaria'}${r.refundReference ? ` (referencia ${r.refundReference})` : ''}.`,
          'Según tu banco, el dinero puede tardar unos días hábiles en verse en tu cuenta.',
        ],
      };
  }
}

/** Emails of each step of a return, queued in the caller's transaction (one per request and step). */
export class ReturnMails {
  constructor(private readonly settings: ReturnMailSettings) {}

  async queue(m: EntityManager, step: ReturnStep, r: ReturnRequestEntity, order: OrderEntity): Promise<void> {
    const { subject, lines } = shopperText(step, r, order);
    const url = this.settings.orderUrl(order);
    const html = emailLayout(
      subject,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}\n<p><a href="${escapeHtml(url)}">Ver tu pedido</a></p>`,
    );
    const text = [...lines, '', `Ver tu pedido: ${url}`].join('\n');
    await queueMail(m, {
      key: `return:${r.id}:${step}:shopper`,
      to: order.email,
      subject,
      html,
      text,
      tag: `${order.reference}-devolucion-${step}`,
      orderId: order.id,
    });
    if (step === 'requested') {
      const notice = `Nueva ${KIND_NAMES[r.kind]} en el pedido ${order.reference}: ${formatCop(r.refundAmount)}, vence el ${formatLongDate(r.refundDueAt)}.`;
      await queueMail(m, {
        key: `return:${r.id}:requested:shop`,
        to: this.settings.shopEmail,
        subject: notice,
        html: emailLayout(notice, `<p>${escapeHtml(notice)}</p><p>Motivo: ${escapeHtml(r.reason)}</p>`),
        text: `${notice}\nMotivo: ${r.reason}`,
        tag: `${order.reference}-devolucion-tienda`,
        orderId: order.id,
      });
    }
  }
}
