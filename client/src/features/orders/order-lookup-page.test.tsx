import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { OrderLookupDocument, type OrderLookupQuery, type OrderLookupQueryVariables } from './orders.generated';
import { OrderLookupPage } from './order-lookup-page';
import { ORDER_LOOKUP_MISMATCH } from '#shared/order-lookup.js';

const typed = <V extends object>(typename: string, value: V): V => ({ __typename: typename, ...value }) as V;
const WRONG = ORDER_LOOKUP_MISMATCH;

const shipped: OrderLookupQuery['orderLookup'] = {
  __typename: 'OrderLookup',
  reference: 'ENZ-7K3Q9D',
  status: 'ENVIADO',
  createdAt: '2026-11-12T20:15:00.000Z',
  confirmed: true,
  carrier: 'Servientrega',
  trackingNumber: 'SV 123',
  trackingUrl: 'https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=SV%20123',
  delivery: typed('DeliveryEstimate', { label: '2 a 4 días hábiles', earliest: '2026-11-16', latest: '2026-11-18' }),
  timeline: [
    typed('OrderStep', { from: null, status: 'PENDIENTE_PAGO', at: '2026-11-12T20:15:00.000Z' }),
    typed('OrderStep', { from: 'PENDIENTE_PAGO', status: 'PAGADO', at: '2026-11-12T20:17:00.000Z' }),
    typed('OrderStep', { from: 'PAGADO', status: 'ENVIADO', at: '2026-11-13T15:00:00.000Z' }),
  ],
  returns: [],
};

/** Answers the lookup for the one right pair, like the server (case and spaces do not matter). */
function serve(found: OrderLookupQuery['orderLookup'] = shipped) {
  const asked: OrderLookupQueryVariables[] = [];
  mswServer.use(
    graphql.query(OrderLookupDocument, ({ variables }) => {
      asked.push(variables);
      const right =
        variables.reference.trim().toUpperCase() === 'ENZ-7K3Q9D' &&
        variables.email.trim().toLowerCase() === 'luisa@correo.com';
      return HttpResponse.json({
        data: { orderLookup: right ? found : { __typename: 'NotFound' as const, message: WRONG } },
      });
    }),
  );
  return asked;
}

async function lookUp(reference: string, email: string) {
  if (reference) await userEvent.type(screen.getByRole('textbox', { name: 'Número de pedido' }), reference);
  if (email) await userEvent.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), email);
  await userEvent.click(screen.getByRole('button', { name: 'Consultar' }));
}

describe('«Consulta tu pedido» page', () => {
  it('shows status, tracking link and history for the right pair, and moves focus to the result', async () => {
    serve();
    renderWithProviders(<OrderLookupPage />, { route: '/consulta-tu-pedido' });
    await lookUp('enz-7k3q9d', 'luisa@correo.com');
    const result = await screen.findByRole('region', { name: 'Pedido ENZ-7K3Q9D' });
    await waitFor(() => expect(result).toHaveFocus());
    expect(within(result).getByRole('link', { name: /SV 123|Rastrear/ })).toHaveAttribute(
      'href',
      'https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id=SV%20123',
    );
    expect(result).toHaveTextContent(
      'Llega entre el 16 de noviembre y el 18 de noviembre (2 a 4 días hábiles desde el pago).',
    );
    expect(within(result).getByText(/^Pedido/)).toHaveTextContent(
      /^Pedido ENZ-7K3Q9D, hecho el 12 de noviembre a las 3:15 p\. m\.$/,
    );
    expect(result).toHaveTextContent('Servientrega');
    expect(result).not.toHaveTextContent('luisa@correo.com');
  });

  it('a wrong pair gets one message that does not say which half was wrong', async () => {
    serve();
    renderWithProviders(<OrderLookupPage />);
    await lookUp('ENZ-7K3Q9D', 'otra@correo.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('asks for both fields in Spanish before asking the server', async () => {
    const asked = serve();
    renderWithProviders(<OrderLookupPage />);
    await lookUp('', '');
    expect(screen.getByText('Escribe el número de tu pedido (empieza por ENZ-).')).toBeInTheDocument();
    expect(screen.getByText('Escribe el correo con el que hiciste el pedido.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Número de pedido' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Número de pedido' })).toHaveFocus();
    expect(asked).toEqual([]);
  });

  it('says in Spanish when there were too many tries (rate limit)', async () => {
    mswServer.use(
      graphql.query(OrderLookupDocument, () =>
        HttpResponse.json(
          {
            errors: [
              {
                message: 'Hiciste demasiadas consultas seguidas. Espera unos minutos e inténtalo de nuevo.',
                extensions: { code: 'RATE_LIMITED' },
              },
            ],
          },
          { status: 429 },
        ),
      ),
    );
    renderWithProviders(<OrderLookupPage />);
    await lookUp('ENZ-7K3Q9D', 'luisa@correo.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hiciste demasiadas consultas seguidas. Espera unos minutos e inténtalo de nuevo.',
    );
  });
});
