import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { orderMove, staffOrder } from '../../test-utils/staff-test-data';
import { StaffMarkCashCollectedDocument, type StaffMarkCashCollectedMutationVariables } from './staff-orders.generated';
import { CashCollection } from './cash-collection';
import { OrderActions } from './order-actions';

afterEach(() => vi.restoreAllMocks());

const cod = (overrides: Parameters<typeof staffOrder>[0] = {}) =>
  staffOrder({ paymentMethod: 'CASH_ON_DELIVERY', paymentFee: 5_000, total: 137_500, ...overrides });

describe('staff: contraentrega on the order', () => {
  it('offers confirming by phone or cancelling an order waiting for the call, and says when it lapses', () => {
    const waiting = cod({
      status: 'POR_CONFIRMAR',
      confirmBy: new Date(Date.now() + 3 * 3_600_000 + 60_000).toISOString(),
      allowedTransitions: ['EN_PREPARACION', 'CANCELADO'],
      allowedMoves: [
        orderMove('EN_PREPARACION', { label: 'Confirmado por teléfono → En preparación' }),
        orderMove('CANCELADO'),
      ],
    });
    renderWithProviders(
      <>
        <CashCollection order={waiting} />
        <OrderActions order={waiting} />
      </>,
    );
    expect(screen.getByText(/Si nadie lo confirma/)).toHaveTextContent(/se cancela solo .* \(vence en 3 h\)\./);
    expect(screen.getByText(/A cobrar al entregar/)).toHaveTextContent(
      'A cobrar al entregar: $ 137.500 (incluye $ 5.000 de recargo).',
    );
    expect(screen.getByText(/Llama al cliente para confirmar/)).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Elige…',
      'Confirmado por teléfono → En preparación',
      'Cancelado',
    ]);
    expect(screen.queryByRole('button', { name: 'Registrar pago recibido' })).toBeNull();
  });

  it('records the cash once the order was delivered, with a note', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const sent: StaffMarkCashCollectedMutationVariables[] = [];
    mswServer.use(
      graphql.mutation(StaffMarkCashCollectedDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({
          data: {
            staffMarkCashCollected: cod({
              status: 'ENTREGADO',
              cashCollectedAt: '2026-11-22T15:00:00.000Z',
              cashCollectedBy: 'ana@enzo.co',
              canMarkCashCollected: false,
            }),
          },
        });
      }),
    );
    renderWithProviders(
      <CashCollection order={cod({ status: 'ENTREGADO', allowedTransitions: [], canMarkCashCollected: true })} />,
    );
    await user.type(screen.getByLabelText('Nota (opcional)'), 'Recaudo Servientrega');
    await user.click(screen.getByRole('button', { name: 'Registrar pago recibido' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Pago contraentrega registrado.');
    expect(sent).toEqual([{ orderId: '41', note: 'Recaudo Servientrega' }]);
  });

  it('shows who recorded the cash and when', () => {
    renderWithProviders(
      <CashCollection
        order={cod({
          status: 'ENTREGADO',
          cashCollectedAt: '2026-11-22T15:00:00.000Z',
          cashCollectedBy: 'ana@enzo.co',
        })}
      />,
    );
    expect(screen.getByText(/Pago recibido el/)).toHaveTextContent('registrado por ana@enzo.co');
  });

  it('shows nothing for an order paid online', () => {
    const { container } = renderWithProviders(<CashCollection order={staffOrder()} />);
    expect(container.textContent).toBe('');
  });
});
