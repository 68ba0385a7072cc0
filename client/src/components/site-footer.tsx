import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SOCIAL_URLS } from '../lib/contact-info';
import { BRAND } from '#shared/shop.js';
import { PAGE_PATHS } from '#shared/storefront-routes.js';
import type { PaymentMethodValue } from '#shared/orders.js';
import { FooterPaymentMethods } from './footer-payment-methods';
import { legalIdentity, type LegalInfo } from '#shared/legal.js';
import './site-footer.css';

const ICON_PROPS = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
} as const;

const ICONS: Record<keyof typeof SOCIAL_URLS, ReactNode> = {
  facebook: (
    <svg {...ICON_PROPS} fill="currentColor">
      <path d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.6 1.6-1.6h1.7V4.4c-.3 0-1.3-.1-2.5-.1-2.5 0-4.1 1.5-4.1 4.3v2.3H7.4V14h2.8v8z" />
    </svg>
  ),
  instagram: (
    <svg {...ICON_PROPS} fill="none" stroke="currentColor" strokeWidth={2}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  ),
  whatsapp: (
    <svg {...ICON_PROPS}>
      <path
        d="M4 20l1.2-3.8A8.5 8.5 0 1 1 8.1 19z"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <path
        fill="currentColor"
        d="M9.2 7.6c.3 0 .5 0 .7.5l.8 1.8c.1.2 0 .5-.1.6l-.6.7c.6 1.2 1.6 2.2 2.8 2.8l.7-.6c.2-.2.4-.2.6-.1l1.8.8c.4.2.5.4.5.7 0 .9-.8 1.9-1.8 1.9-3.5 0-7-3.5-7-7 0-1 1-1.9 1.6-1.9z"
      />
    </svg>
  ),
  tiktok: (
    <svg {...ICON_PROPS} fill="currentColor">
      <path d="M16.2 3c.4 2.4 1.8 3.9 4.3 4.1v3.2a7.7 7.7 0 0 1-4.3-1.4v6.6a5.6 5.6 0 1 1-5.6-5.6h.6v3.3a2.4 2.4 0 1 0 1.8 2.3V3z" />
    </svg>
  ),
};

const SOCIAL_LINKS = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'whatsapp', label: 'WhatsApp' },
  { key: 'tiktok', label: 'TikTok' },
] as const;

const POLICY_LINKS = [
  { to: '/TratamientoDatos', label: 'Tratamiento de datos' },
  { to: '/PoliticaDevolucion', label: 'Política de devoluciones' },
  { to: '/PoliticaEnvios', label: 'Política de envíos' },
] as const;

const ABOUT_LINKS = [
  { to: '/nosotros', label: 'Nosotros' },
  { to: '/distribuidores-cucuta', label: 'Distribuidores en Cúcuta' },
  { to: '/distribuidores-bogota', label: 'Distribuidores en Bogotá' },
] as const;

const ALLIANCE_LINKS = [
  { to: PAGE_PATHS.allianceLaika, label: 'Alianza Laika' },
  { to: PAGE_PATHS.allianceKumpet, label: 'Alianza Kumpet' },
  { to: PAGE_PATHS.alliancePuppis, label: 'Alianza Puppis' },
] as const;

const ORDER_LINKS = [{ to: PAGE_PATHS.orderLookup, label: 'Consulta tu pedido' }] as const;

export interface SiteFooterProps {
  /** Year shown in the copyright line; defaults to the current year. */
  year?: number;
  /** The shop's legal identity (from the server's configuration); the block waits for it. */
  legal?: LegalInfo | null;
  /** Payment methods the shop offers now; defaults to the online ones. */
  paymentMethods?: readonly PaymentMethodValue[];
}

export function SiteFooter({ year = new Date().getFullYear(), legal = null, paymentMethods }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__logo">{BRAND}</p>
          <p className="site-footer__tagline">
            Accesorios para perros y gatos hechos por artesanos colombianos.
          </p>
        </div>

        <nav className="site-footer__group" aria-labelledby="site-footer-orders">
          <h2 id="site-footer-orders" className="site-footer__title">
            Tu pedido
          </h2>
          <ul className="site-footer__list">
            {ORDER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="site-footer__group" aria-labelledby="site-footer-about">
          <h2 id="site-footer-about" className="site-footer__title">
            Conócenos
          </h2>
          <ul className="site-footer__list">
            {ABOUT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="site-footer__group" aria-labelledby="site-footer-allies">
          <h2 id="site-footer-allies" className="site-footer__title">
            Aliados
          </h2>
          <ul className="site-footer__list">
            {ALLIANCE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="site-footer__group" aria-labelledby="site-footer-terms">
          <h2 id="site-footer-terms" className="site-footer__title">
            Términos y políticas
          </h2>
          <ul className="site-footer__list">
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

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
                  {ICONS[social.key]}
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
            {legal.address} · Tel. <a href={`tel:${legal.phone.replace(/[^\d+]/g, '')}`}>{legal.phone}</a> · <a href={`mailto:${legal.email}`}>{legal.email}</a>
          </p>
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
