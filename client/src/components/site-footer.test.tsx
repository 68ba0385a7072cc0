// @vitest-environment jsdom
import { render, screen, cleanup, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

afterEach(cleanup);

function renderFooter() {
  return render(
    <MemoryRouter>
      <SiteFooter year={2026} />
    </MemoryRouter>,
  );
}

describe('SiteFooter', () => {
  it('lists the online payment methods the gateway offers', () => {
    renderFooter();
    const list = screen.getByRole('list', { name: 'Medios de pago' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Tarjeta débito', 'Tarjeta crédito', 'PSE', 'Nequi', 'Botón Bancolombia']);
  });

  it('adds contraentrega when the shop offers it', () => {
    render(
      <MemoryRouter>
        <SiteFooter year={2026} paymentMethods={['CARD', 'PSE', 'NEQUI', 'BANCOLOMBIA_TRANSFER', 'CASH_ON_DELIVERY']} />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Medios de pago' });
    expect(within(list).getAllByRole('listitem').at(-1)!.textContent).toBe('Pago contraentrega');
  });

  it('links the three policies in the terms section', () => {
    renderFooter();
    const terms = screen.getByRole('navigation', { name: 'Términos y políticas' });
    expect(within(terms).getByRole('link', { name: 'Tratamiento de datos' }).getAttribute('href')).toBe(
      '/TratamientoDatos',
    );
    expect(within(terms).getByRole('link', { name: 'Política de devoluciones' }).getAttribute('href')).toBe(
      '/PoliticaDevolucion',
    );
    expect(within(terms).getByRole('link', { name: 'Política de envíos' }).getAttribute('href')).toBe(
      '/PoliticaEnvios',
    );
  });

  it('renders the four social links with accessible names opening in a new tab', () => {
    renderFooter();
    for (const network of ['Facebook', 'Instagram', 'WhatsApp', 'TikTok']) {
      const link = screen.getByRole('link', { name: `${network} de Enzo` });
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'WhatsApp de Enzo' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/57\d{10}$/,
    );
  });

  it('links the three alliance pages', () => {
    renderFooter();
    const allies = screen.getByRole('navigation', { name: 'Aliados' });
    expect(
      within(allies)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Alianza Laika', '/alianza-laika-enzo'],
      ['Alianza Kumpet', '/alianza-kumpet'],
      ['Alianza Puppis', '/alianza-puppis-enzo'],
    ]);
  });

  it('links to the about page and both distributor pages', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'Nosotros' }).getAttribute('href')).toBe('/nosotros');
    expect(screen.getByRole('link', { name: /Cúcuta/ }).getAttribute('href')).toBe('/distribuidores-cucuta');
    expect(screen.getByRole('link', { name: /Bogotá/ }).getAttribute('href')).toBe('/distribuidores-bogota');
  });

  it('shows the copyright line inside a footer landmark', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('© 2026 Enzo · Accesorios para mascotas')).toBeTruthy();
  });
});
