/**
 * The notice a shop shows while its payments are not real (sandbox gateway, Wompi test keys or
 * TEST_SHOP=true): on every page the server sends, and in every email.
 */
export const TEST_SHOP_NOTICE = 'Tienda de prueba: los pagos no son reales y los pedidos no se despachan.';

const BAR =
  `<div class="test-shop-notice" role="note" style="background:#7a1f1f;color:#fff;font:600 14px/1.4 system-ui,sans-serif;text-align:center;padding:8px 12px">` +
  `${TEST_SHOP_NOTICE}</div>`;

/** The page with the notice as the first thing in <body> (before the app, so it shows even without JavaScript). */
export function withTestShopNotice(html: string): string {
  return html.includes('class="test-shop-notice"') ? html : html.replace(/<body([^>]*)>/i, (body) => `${body}${BAR}`);
}

/** An email with the notice on top of both parts and in the subject. */
export function emailWithTestShopNotice(mail: { subject: string; html: string; text: string }) {
  return {
    subject: `[PRUEBA] ${mail.subject}`,
    html: `<p style="background:#7a1f1f;color:#fff;padding:8px 12px;font-weight:600">${TEST_SHOP_NOTICE}</p>${mail.html}`,
    text: `*** ${TEST_SHOP_NOTICE} ***\n\n${mail.text}`,
  };
}
