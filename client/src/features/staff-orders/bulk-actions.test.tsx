import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { orderMove } from '../../test-utils/staff-test-data';
import type { OrderStatus } from '../../gql/types';
import {
  StaffBulkTransitionOrdersDocument,
  type StaffBulkTransitionOrdersMutationVariables,
} from './staff-orders.generated';
import { BulkActions, type SelectedOrder } from './bulk-actions';

const order = (id: string, reference: string, moves: OrderStatus[]): SelectedOrder => ({
  id,
  reference,
  allowedMoves: moves.map((to) => orderMove(to)),
});
const PAID = [
  order('1', 'ENZ-AAA111', ['EN_PREPARACION', 'CANCELADO']),
  order('3', 'ENZ-CCC333', ['EN_PREPARACION', 'CANCELADO']),
];
const PREPARING = [
  order('4', 'ENZ-DDD444', ['ENVIADO', 'CANCELADO']),
  order('5', 'ENZ-EEE555', ['ENVIADO', 'CANCELADO']),
];

function serve(status: OrderStatus) {
  const sent: Array<StaffBulkTransitionOrdersMutationVariables['input']> = [];
  mswServer.use(
    graphql.mutation(StaffBulkTransitionOrdersDocument, ({ variables }) => {
      sent.push(variables.input);
      const items = variables.input.orderIds.map((id) =>
        id === '2'
          ? {
              orderId: id,
              result: {
                __typename: 'TransitionNotAllowed' as const,
                message: 'No se puede pasar de «Enviado» a «En preparación».',
              },
            }
          : {
              orderId: id,
              result: {
                __typename: 'StaffOrder' as const,
                id,
                reference: `ENZ-${id}`,
                status,
                allowedTransitions: [],
                allowedMoves: [],
              },
            },
      );
      const moved = items.filter((i) => i.result.__typename === 'StaffOrder').length;
      return HttpResponse.json({
        data: {
          staffBulkTransitionOrders: {
            __typename: 'BulkTransitionReport',
            moved,
            refused: items.length - moved,
            items,
          },
        },
      });
    }),
  );
  return sent;
}

describe('bulk state change', () => {
  it('offers only the states every chosen order can reach, moves them one by one and lists each result', async () => {
    const user = userEvent.setup();
    const sent = serve('EN_PREPARACION');
    const onDone = vi.fn();
    const chosen = [PAID[0]!, order('2', 'ENZ-BBB222', ['EN_PREPARACION', 'CANCELADO']), PAID[1]!];
    renderWithProviders(<BulkActions orders={chosen} onDone={onDone} />);
    expect(screen.getByRole('link', { name: 'Lista de empaque (3)' })).toHaveAttribute(
      'href',
      '/orders/empaque?ids=1,2,3',
    );
    // «Entregado» is not offered to orders in preparation or paid: none of them can reach it.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Elige…', 'En preparación', 'Cancelado']);
    await user.selectOptions(screen.getByLabelText('Nuevo estado para todas'), 'En preparación');
    await user.type(screen.getByLabelText('Nota (opcional)'), 'Lote 1');
    await user.click(screen.getByRole('button', { name: 'Cambiar 3 órdenes' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('2 de 3 órdenes cambiaron de estado.');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'ENZ-AAA111: movida a «En preparación».',
      'ENZ-BBB222: No se puede pasar de «Enviado» a «En preparación».',
      'ENZ-CCC333: movida a «En preparación».',
    ]);
    expect(sent).toEqual([{ orderIds: ['1', '2', '3'], to: 'EN_PREPARACION', note: 'Lote 1' }]);
    expect(onDone).toHaveBeenCalled();
  });

  it('ships several orders with one carrier and each order its own guide number', async () => {
    const user = userEvent.setup();
    const sent = serve('ENVIADO');
    renderWithProviders(<BulkActions orders={PREPARING} onDone={vi.fn()} />);
    await user.selectOptions(screen.getByLabelText('Nuevo estado para todas'), 'Enviado');
    await user.click(screen.getByRole('button', { name: 'Cambiar 2 órdenes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Indica la transportadora y el número de guía de cada orden.');
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('Transportadora (para todas)'), 'Servientrega');
    await user.type(screen.getByLabelText('Número de guía de ENZ-DDD444'), 'SV-4');
    await user.type(screen.getByLabelText('Número de guía de ENZ-EEE555'), 'SV-5');
    await user.click(screen.getByRole('button', { name: 'Cambiar 2 órdenes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 de 2 órdenes cambiaron de estado.');
    expect(sent).toEqual([
      {
        orderIds: ['4', '5'],
        to: 'ENVIADO',
        note: null,
        shipments: [
          { orderId: '4', carrier: 'Servientrega', trackingNumber: 'SV-4' },
          { orderId: '5', carrier: 'Servientrega', trackingNumber: 'SV-5' },
        ],
      },
    ]);
  });

  it('says so when the chosen orders share no step', () => {
    renderWithProviders(
      <BulkActions orders={[PAID[0]!, order('9', 'ENZ-ZZZ999', ['ENTREGADO', 'DEVUELTO'])]} onDone={vi.fn()} />,
    );
    expect(screen.queryByLabelText('Nuevo estado para todas')).toBeNull();
    expect(screen.getByText(/no tienen un cambio de estado en común/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar 2 órdenes' })).toBeDisabled();
  });

  it('asks for a state first and confirms a cancellation', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderWithProviders(<BulkActions orders={[PAID[0]!]} onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cambiar 1 orden' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige el nuevo estado.');
    await user.selectOptions(screen.getByLabelText('Nuevo estado para todas'), 'Cancelado');
    expect(screen.getByText('Quedará marcada con reembolso pendiente de $ 132.500.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar 1 orden' }));
    expect(confirm).toHaveBeenCalledWith('¿Cancelar la orden elegida? Esta acción no se puede deshacer.');
  });
});
