import { Link } from 'react-router';
import { SOCIAL_URLS } from '../lib/contact-info';
import { BRAND } from '#shared/shop.js';
import { PAGE_PATHS } from '#shared/storefront-routes.js';
import type { PaymentMethodValue } from '#shared/orders.js';
import { FooterPaymentMethods } from './footer-payment-methods';
import { SOCIAL_ICONS } from './footer-social-icons';
import { legalIdentity, type LegalInfo } from '#shared/legal.js';
import './site-footer.css';

const SOCIAL_LINKS = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'whatsapp', label: 'WhatsApp' },
  { key: 'tiktok', label: 'TikTok' },
] as const;

interface FooterLink {
  to: string;
  label: string;
}

/** The footer's link columns, in order: each a labelled navigation landmark. */
const LINK_GROUPS: ReadonlyArray<{ id: string; title: string; links: readonly FooterLink[] }> = [
  {
    id: 'site-footer-orders',
    title: 'Tu pedido',
    links: [{ to: PAGE_PATHS.orderLookup, label: 'Consulta tu pedido' }],
  },
  {
    id: 'site-footer-about',
    title: 'Conócenos',
    links: [
      { to: PAGE_PATHS.nosotros, label: 'Nosotros' },
      { to: PAGE_PATHS.distributorsCucuta, label: 'Distribuidores en Cúcuta' },
      { to: PAGE_PATHS.distributorsBogota, label: 'Distribuidores en Bogotá' },
    ],
  },
  {
    id: 'site-footer-allies',
    title: 'Aliados',
    links: [
      { to: PAGE_PATHS.allianceLaika, label: 'Alianza Laika' },
      { to: PAGE_PATHS.allianceKumpet, label: 'Alianza Kumpet' },
      { to: PAGE_PATHS.alliancePuppis, label: 'Alianza Puppis' },
    ],
  },
  {
    id: 'site-footer-terms',
    title: 'Términos y políticas',
    links: [
      { to: PAGE_PATHS.dataPolicy, label: 'Tratamiento de datos' },
      { to: PAGE_PATHS.returnsPolicy, label: 'Política de devoluciones' },
      { to: PAGE_PATHS.shippingPolicy, label: 'Política de envíos' },
    ],
  },
];

export interface SiteFooterProps {
  /** Year shown in the copyright line; defaults to the current year. */
  year?: number;
  /** The shop's legal identity (from the server's configuration); the block waits for it. */
  legal?: LegalInfo | null;
  /** Payment methods the shop offers now; defaults to the online ones. */
  paymentMethods?: readonly PaymentMethodValue[];
  /** The shop issues DIAN electronic invoices (the owner's switch): the footer says so. */
  electronicInvoicing?: boolean;
}

export function SiteFooter({
  year = new Date().getFullYear(),
  legal = null,
  paymentMethods,
  electronicInvoicing = false,
}: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__logo">{BRAND}</p>
          <p className="site-footer__tagline">Accesorios para perros y gatos hechos por artesanos colombianos.</p>
        </div>

        {LINK_GROUPS.map((group) => (
          <nav key={group.id} className="site-footer__group" aria-labelledby={group.id}>
            <h2 id={group.id} className="site-footer__title">
              {group.title}
            </h2>
            <ul className="site-footer__list">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <section className="site-footer__group" aria-labelledby="site-footer-payments">
          <h2 id="site-footer-payments" className="site-footer__title">
            Medios de pago
          </h2>
          <FooterPaymentMethods methods={paymentMethods} labelledBy="site-footer-payments" />
        </section>

        <nav className="site-footer__group" aria-labelledby="site-footer-social">
          <h2 id="site-footer-social" className="site-footer__title">
            Síguenos
          </h2>
          <ul className="site-footer__social">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.key}>
                <a
                  href={SOCIAL_URLS[social.key]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.label} de ${BRAND}`}
                  className="site-footer__social-link"
                >
                  {SOCIAL_ICONS[social.key]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {legal ? (
        <address className="site-footer__legal" aria-label="Información legal">
          <p>{legalIdentity(legal)}</p>
          <p>
            {legal.address} · Tel. <a href={`tel:${legal.phone.replace(/[^\d+]/g, '')}`}>{legal.phone}</a> ·{' '}
            <a href={`mailto:${legal.email}`}>{legal.email}</a>
          </p>
          {electronicInvoicing ? (
            <p>
              Emitimos factura electrónica de venta (DIAN) por cada compra: la encuentras en la página de tu pedido.
            </p>
          ) : null}
          <p>
            ¿Una queja sobre tus derechos como consumidor? Acude a la{' '}
            <a href={legal.sicUrl} target="_blank" rel="noopener noreferrer">
              Superintendencia de Industria y Comercio (SIC)
              <span className="visually-hidden"> (se abre en otra pestaña)</span>
            </a>
            .
          </p>
        </address>
      ) : null}
      <p className="site-footer__copyright">
        © {year} {BRAND} · Accesorios para mascotas
      </p>
    </footer>
  );
}
