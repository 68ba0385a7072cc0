// @vitest-environment jsdom
import { render, screen, cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AboutPage } from './about-page';
import { AllianceKumpetPage, AllianceLaikaPage, AlliancePuppisPage } from './alliance-page';
import { DataPolicyPage } from './data-policy-page';
import { DistributorsBogotaPage, DistributorsCucutaPage } from './distributors-page';
import { NotFoundPage } from './not-found-page';
import { ReturnsPolicyPage } from './returns-policy-page';
import { ShippingPolicyContent } from './shipping-policy-page';

afterEach(cleanup);

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

/** Every page renders exactly one h1 and returns it. */
function getOnlyH1() {
  const h1s = screen.getAllByRole('heading', { level: 1 });
  expect(h1s).toHaveLength(1);
  return h1s[0];
}

function bodyText() {
  return document.body.textContent ?? '';
}

const cases: Array<{ name: string; page: ReactElement; h1: RegExp; phrases: string[] }> = [
  { name: 'about', page: <AboutPage />, h1: /Nosotros/, phrases: ['perro criollo', 'artesanos'] },
  {
    name: 'data policy',
    page: <DataPolicyPage />,
    h1: /Política de tratamiento de datos personales/,
    phrases: [
      'Ley 1581 de 2012',
      'Decreto 1377 de 2013',
      'datos@enzo.com.co',
      'diez (10) días hábiles',
      'quince (15) días hábiles',
    ],
  },
  {
    name: 'returns policy',
    page: <ReturnsPolicyPage />,
    h1: /Política de devoluciones/,
    phrases: [
      'Ley 1480 de 2011',
      'artículo 47',
      'artículo 51',
      '5 días hábiles',
      'sin contar los festivos de Colombia',
      '30 días calendario',
      '12 meses',
      '15 días hábiles',
      'Devoluciones y garantía',
    ],
  },
  {
    name: 'shipping policy',
    page: (
      <ShippingPolicyContent
        terms={{ freeShippingThreshold: 150_000, shippingFee: 12_000, delivery: { label: '1 a 8 días hábiles' } }}
      />
    ),
    h1: /Política de envíos/,
    phrases: [
      '$ 150.000',
      'desde $ 12.000',
      'Entrega en 1 a 8 días hábiles según tu municipio',
      'sin contar los festivos de Colombia',
      'Consulta tu pedido',
    ],
  },
  {
    name: 'Cúcuta distributors',
    page: <DistributorsCucutaPage />,
    h1: /Distribuidores oficiales en Cúcuta/,
    phrases: ['Caobos', 'Verifica que tu producto sea original'],
  },
  {
    name: 'Bogotá distributors',
    page: <DistributorsBogotaPage />,
    h1: /Distribuidores oficiales en Bogotá/,
    phrases: ['Chapinero', 'Usaquén', 'Cedritos'],
  },
  { name: 'Laika alliance', page: <AllianceLaikaPage />, h1: /Alianza Enzo y Laika/, phrases: ['Laika'] },
  { name: 'Kumpet alliance', page: <AllianceKumpetPage />, h1: /Alianza Enzo y Kumpet/, phrases: ['Kumpet'] },
  { name: 'Puppis alliance', page: <AlliancePuppisPage />, h1: /Alianza Enzo y Puppis/, phrases: ['Puppis'] },
  { name: '404', page: <NotFoundPage />, h1: /^Página no encontrada$/, phrases: ['Volver al inicio'] },
];

describe('content pages', () => {
  it.each(cases)('$name renders a single h1 and its key phrases', ({ page, h1, phrases }) => {
    renderPage(page);
    expect(getOnlyH1().textContent).toMatch(h1);
    for (const phrase of phrases) expect(bodyText()).toContain(phrase);
    expect(bodyText()).not.toMatch(/lorem|ipsum/i);
    expect(bodyText()).not.toMatch(/\bTODO\b/);
  });

  it('shipping policy states the threshold, lowest fee and delivery time staff set', () => {
    renderPage(
      <ShippingPolicyContent
        terms={{ freeShippingThreshold: 200_000, shippingFee: 9_900, delivery: { label: '2 a 6 días hábiles' } }}
      />,
    );
    expect(bodyText()).toContain('$ 200.000');
    expect(bodyText()).toContain('desde $ 9.900');
    expect(bodyText()).toContain('Entrega en 2 a 6 días hábiles según tu municipio');
    expect(bodyText()).not.toContain('$ 150.000');
    expect(bodyText()).not.toContain('$ 16.500');
  });

  it('404 links to home and the categories', () => {
    renderPage(<NotFoundPage />);
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Categorías de productos' });
    const hrefs = Array.from(nav.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/collares', '/correas', '/arneses', '/bandanas', '/pecheras', '/chaquetas']),
    );
  });

  it('distributor WhatsApp links use wa.me with a Colombian mobile number', () => {
    renderPage(<DistributorsBogotaPage />);
    const links = screen.getAllByRole('link', { name: /Escribir por WhatsApp/ });
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/573\d{9}$/);
    expect(document.querySelectorAll('address').length).toBe(links.length);
  });
});
