import { formatCop } from '#shared/money.js';
import { carrierDisplayName, trackingUrl } from '#shared/carriers.js';
import { SHOPPER_STATUS_TITLES, formatShopDateTime } from '#shared/order-tracking.js';
import { PAGE_PATHS } from '#shared/storefront-routes.js';
import type { OrderEntity } from './order.entity.js';
import type { OrderLineEntity } from './order-line.entity.js';
import type { InvoiceLinks } from './order-documents.js';
import {
  addressBlock,
  buttonLink,
  esc,
  invoiceBlock,
  layout,
  linesRows,
  totalsRows,
  type RenderedEmail,
} from './order-email.js';
import { endSentence } from '#shared/sentence.js';

/**
 * The emails a shopper gets as their order moves (queued by the lifecycle's edges, order-lifecycle.ts):
 * a payment reminder, a declined payment, preparation, shipping with the tracking link, delivery,
 * cancellation and refunds. Every one links to the order's page, which shows the same status.
 */
export type ShopperStatusMail =
  | 'codPlaced'
  | 'cashCollected'
  | 'paymentReminder'
  | 'declined'
  | 'preparing'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'codLapsed'
  | 'returnedToShop'
  | 'refund';

export interface StatusMailLinks {
  /** The order's page (reference + token). */
  orderUrl: string;
  /** The shop's base URL (policy pages). */
  publicUrl: string;
  /** The order's electronic invoice, when the shop issues them (cash collected). */
  invoice?: InvoiceLinks | null;
}

/** One paragraph: plain text (escaped for HTML here), or HTML the caller escaped itself plus its plain-text twin. */
type Block = { text: string } | { html: string; text: string };

const firstName = (o: OrderEntity) => o.fullName.split(' ')[0] ?? o.fullName;

/** Builds HTML and plain text from the same blocks, so both parts always say the same. */
function compose(
  subject: string,
  heading: string,
  blocks: Block[],
  action: { href: string; label: string },
  o: OrderEntity,
  lines: OrderLineEntity[],
  withSummary: boolean,
): RenderedEmail {
  const htmlBlocks = blocks.map((b) => `<p>${'html' in b ? b.html : esc(b.text)}</p>`).join('\n');
  const summary = withSummary
    ? `<table style="width:100%;border-collapse:collapse"><tbody>${linesRows(lines)}</tbody><tfoot>${totalsRows(o)}</tfoot></table>
<h2 style="font-size:16px">Dirección de envío</h2><p>${addressBlock(o)}</p>`
    : '';
  const html = layout(
    subject,
    `<h1 style="font-size:22px">${esc(heading)}</h1>\n${htmlBlocks}\n${buttonLink(action.href, action.label)}\n${summary}`,
  );
  const textLines = [
    heading,
    '',
    ...blocks.flatMap((b) => [b.text, '']),
    `${action.label}: ${action.href}`,
    ...(withSummary
      ? [
          '',
          ...lines.map((l) => `- ${l.name} · Talla ${l.sizeLabel} · ${l.quantity} × ${formatCop(l.unitPrice)}`),
          `Total: ${formatCop(o.total)}`,
        ]
      : []),
  ];
  return { subject, html, text: textLines.join('\n') };
}

const paymentDeadline = (o: OrderEntity) => formatShopDateTime(o.expiresAt);

type Template = (o: OrderEntity, lines: OrderLineEntity[], links: StatusMailLinks) => RenderedEmail;

export const SHOPPER_STATUS_EMAILS: Record<ShopperStatusMail, Template> = {
  codPlaced: (o, lines, { orderUrl }) =>
    compose(
      `Recibimos tu pedido ${o.reference} (pago contraentrega) · Enzo`,
      `${firstName(o)}, recibimos tu pedido`,
      [
        {
          text: `Te llamaremos al ${o.phone} para confirmar tu pedido ${o.reference} antes de prepararlo. Tus productos quedan apartados mientras tanto.`,
        },
        {
          text: `Pagas ${formatCop(o.total)} en efectivo a la transportadora cuando lo recibas${o.paymentFee > 0 ? ` (incluye ${formatCop(o.paymentFee)} de recargo por pago contraentrega)` : ''}. No tienes que pagar nada ahora.`,
        },
      ],
      { href: orderUrl, label: 'Ver el estado de tu pedido' },
      o,
      lines,
      true,
    ),

  cashCollected: (o, lines, { orderUrl, invoice }) =>
    compose(
      `Recibimos el pago de tu pedido ${o.reference} · Enzo`,
      'Recibimos tu pago',
      [
        {
          text: `Registramos el pago contraentrega de tu pedido ${o.reference} por ${formatCop(o.total)}. ¡Gracias por tu compra!`,
        },
        ...(invoice ? [invoiceBlock(invoice)] : []),
      ],
      { href: orderUrl, label: 'Ver tu pedido' },
      o,
      lines,
      false,
    ),

  paymentReminder: (o, lines, { orderUrl }) =>
    compose(
      `Tu pedido ${o.reference} te espera: termina el pago · Enzo`,
      `${firstName(o)}, tu pedido está apartado`,
      [
        {
          text: `Tu pedido ${o.reference} por ${formatCop(o.total)} aún no tiene un pago aprobado. ${endSentence(`Guardamos tus productos hasta el ${paymentDeadline(o)}`)}`,
        },
        {
          text: 'Puedes terminar el pago con tarjeta, PSE, Nequi o Botón Bancolombia desde la página de tu pedido. Si ya pagaste, no hagas nada: te escribiremos apenas se confirme.',
        },
      ],
      { href: orderUrl, label: 'Terminar el pago' },
      o,
      lines,
      true,
    ),

  declined: (o, lines, { orderUrl }) =>
    compose(
      `No se aprobó el pago de tu pedido ${o.reference} · Enzo`,
      SHOPPER_STATUS_TITLES.PAGO_RECHAZADO,
      [
        {
          text: `El pago de tu pedido ${o.reference} por ${formatCop(o.total)} fue rechazado y no se hizo ningún cobro.`,
        },
        {
          text: `Puedes intentarlo de nuevo, con tarjeta, PSE, Nequi o Botón Bancolombia, hasta el ${paymentDeadline(o)} si los productos siguen disponibles.`,
        },
      ],
      { href: orderUrl, label: 'Pagar de nuevo' },
      o,
      lines,
      true,
    ),

  preparing: (o, lines, { orderUrl }) =>
    compose(
      `Estamos preparando tu pedido ${o.reference} · Enzo`,
      SHOPPER_STATUS_TITLES.EN_PREPARACION,
      [
        {
          text: `Tu pedido ${o.reference} ya está en preparación. Te escribiremos cuando lo entreguemos a la transportadora, con el número de guía.`,
        },
      ],
      { href: orderUrl, label: 'Ver el estado de tu pedido' },
      o,
      lines,
      false,
    ),

  shipped: (o, lines, { orderUrl }) => {
    const carrier = carrierDisplayName(o.carrier ?? '');
    const guide = o.trackingNumber ?? '';
    const url = trackingUrl(o.carrier, guide);
    const blocks: Block[] = [
      {
        html: `Tu pedido ${esc(o.reference)} salió con <strong>${esc(carrier)}</strong>, guía número <strong>${esc(guide)}</strong>.`,
        text: `Tu pedido ${o.reference} salió con ${carrier}, guía número ${guide}.`,
      },
      url
        ? {
            html: `Sigue el envío en la página de ${esc(carrier)}: <a href="${esc(url)}">${esc(url)}</a>`,
            text: `Sigue el envío en la página de ${carrier}: ${url}`,
          }
        : { text: `Puedes seguir el envío con ${carrier} usando el número de guía ${guide}.` },
    ];
    return compose(
      `Tu pedido ${o.reference} va en camino · Enzo`,
      SHOPPER_STATUS_TITLES.ENVIADO,
      blocks,
      { href: orderUrl, label: 'Ver el estado de tu pedido' },
      o,
      lines,
      false,
    );
  },

  delivered: (o, lines, { orderUrl, publicUrl }) =>
    compose(
      `Tu pedido ${o.reference} fue entregado · Enzo`,
      SHOPPER_STATUS_TITLES.ENTREGADO,
      [
        { text: `La transportadora entregó tu pedido ${o.reference}. ¡Esperamos que tu mascota lo disfrute!` },
        {
          text: `Si algo no está bien, tienes derecho de retracto dentro de los 5 días hábiles siguientes a la entrega. Lee cómo en ${publicUrl}${PAGE_PATHS.returnsPolicy}`,
        },
      ],
      { href: orderUrl, label: 'Ver tu pedido' },
      o,
      lines,
      false,
    ),

  cancelled: (o, lines, { orderUrl }) =>
    compose(
      `Cancelamos tu pedido ${o.reference} · Enzo`,
      SHOPPER_STATUS_TITLES.CANCELADO,
      o.refundPending
        ? [
            {
              text: `Cancelamos tu pedido ${o.reference}. Como ya lo habías pagado, te devolveremos ${formatCop(o.total - o.refunded)}.`,
            },
            { text: 'Nuestro equipo te contactará para hacer la devolución al medio de pago que usaste.' },
          ]
        : [{ text: `Cancelamos tu pedido ${o.reference}. No se hizo ningún cobro.` }],
      { href: orderUrl, label: 'Ver tu pedido' },
      o,
      lines,
      true,
    ),

  codLapsed: (o, lines, { orderUrl }) =>
    compose(
      `Cancelamos tu pedido ${o.reference}: no pudimos confirmarlo · Enzo`,
      SHOPPER_STATUS_TITLES.CANCELADO,
      [
        {
          text: `No pudimos confirmar tu pedido ${o.reference} por teléfono a tiempo, así que lo cancelamos y liberamos sus productos. No se hizo ningún cobro.`,
        },
        { text: 'Si todavía lo quieres, puedes hacer el pedido de nuevo en la tienda.' },
      ],
      { href: orderUrl, label: 'Ver tu pedido' },
      o,
      lines,
      true,
    ),

  returnedToShop: (o, lines, { orderUrl }) =>
    compose(
      `Tu pedido ${o.reference} volvió a nuestra tienda · Enzo`,
      SHOPPER_STATUS_TITLES.DEVUELTO,
      [
        { text: `La transportadora nos devolvió tu pedido ${o.reference}: no se pudo entregar o fue rechazado.` },
        o.refundPending
          ? {
              text: `Como ya lo habías pagado, te devolveremos ${formatCop(o.total - o.refunded)}; nuestro equipo te contactará para hacerlo.`,
            }
          : { text: 'No se hizo ningún cobro. Si fue un error, escríbenos y lo enviamos de nuevo.' },
      ],
      { href: orderUrl, label: 'Ver tu pedido' },
      o,
      lines,
      false,
    ),

  refund: (o, lines, { orderUrl }) =>
    compose(
      `Te devolveremos un pago del pedido ${o.reference} · Enzo`,
      'Te devolveremos tu dinero',
      [
        {
          text: `Recibimos un pago del pedido ${o.reference} que no podemos usar: el pedido ya estaba pagado o cancelado, o sus productos se agotaron antes de que se aprobara.`,
        },
        { text: 'Nuestro equipo te contactará para devolverte ese dinero al medio de pago que usaste.' },
      ],
      { href: orderUrl, label: 'Ver tu pedido' },
      o,
      lines,
      false,
    ),
};

/** Outbox file name part per email. */
export const STATUS_MAIL_TAGS: Record<ShopperStatusMail, string> = {
  codPlaced: 'contraentrega',
  cashCollected: 'pago-contraentrega',
  paymentReminder: 'recordatorio',
  declined: 'pago-rechazado',
  preparing: 'en-preparacion',
  shipped: 'enviado',
  delivered: 'entregado',
  cancelled: 'cancelado',
  codLapsed: 'cancelado-sin-confirmar',
  returnedToShop: 'devuelto',
  refund: 'reembolso',
};
