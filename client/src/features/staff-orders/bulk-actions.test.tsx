import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import {
  StaffBulkTransitionOrdersDocument,
  type StaffBulkTransitionOrdersMutationVariables,
} from './staff-orders.generated';
import { BulkActions } from './bulk-actions';

const REFERENCES = new Map([
  ['1', 'ENZ-AAA111'],
  ['2', 'ENZ-BBB222'],
  ['3', 'ENZ-CCC333'],
]);

describe('bulk state change', () => {
  it('moves the chosen orders one by one and lists each result; links a combined packing list', async () => {
    const user = userEvent.setup();
    const sent: Array<StaffBulkTransitionOrdersMutationVariables['input']> = [];
    mswServer.use(
      graphql.mutation(StaffBulkTransitionOrdersDocument, ({ variables }) => {
        sent.push(variables.input);
        const moved = (id: string) => ({
          orderId: id,
          result: {
            __typename: 'StaffOrder' as const,
            id,
            reference: REFERENCES.get(id)!,
            status: 'EN_PREPARACION' as const,
            allowedTransitions: ['ENVIADO' as const],
          },
        });
        return HttpResponse.json({
          data: {
            staffBulkTransitionOrders: {
              __typename: 'BulkTransitionReport',
              moved: 2,
              refused: 1,
              items: [
                moved('1'),
                {
                  orderId: '2',
                  result: {
                    __typename: 'TransitionNotAllowed',
                    message: 'No se puede pasar de «Enviado» a «En preparación».',
                  },
                },
                moved('3'),
              ],
            },
          },
        });
      }),
    );
    const onDone = vi.fn();
    renderWithProviders(<BulkActions selected={['1', '2', '3']} references={REFERENCES} onDone={onDone} />);
    expect(screen.getByRole('link', { name: 'Lista de empaque (3)' })).toHaveAttribute(
      'href',
      '/orders/empaque?ids=1,2,3',
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Elige…',
      'En preparación',
      'Entregado',
      'Cancelado',
    ]);
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

  it('asks for a state first and confirms a cancellation', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderWithProviders(<BulkActions selected={['1']} references={REFERENCES} onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cambiar 1 orden' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige el nuevo estado.');
    await user.selectOptions(screen.getByLabelText('Nuevo estado para todas'), 'Cancelado');
    await user.click(screen.getByRole('button', { name: 'Cambiar 1 orden' }));
    expect(confirm).toHaveBeenCalledWith('¿Cancelar la orden elegida? Esta acción no se puede deshacer.');
  });
});
