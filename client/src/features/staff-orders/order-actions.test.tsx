import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { orderMove, staffOrder } from '../../test-utils/staff-test-data';
import type { StaffTransitionOrderMutation, StaffTransitionOrderMutationVariables } from './staff-orders.generated';
import { StaffTransitionOrderDocument } from './staff-orders.generated';
import { OrderActions } from './order-actions';

type Answer = StaffTransitionOrderMutation['staffTransitionOrder'];

/** Answers staffTransitionOrder with `answer` (a union member) and records what was sent. */
function serve(answer: (input: StaffTransitionOrderMutationVariables['input']) => Answer) {
  const sent: Array<StaffTransitionOrderMutationVariables['input']> = [];
  mswServer.use(
    graphql.mutation(StaffTransitionOrderDocument, ({ variables }) => {
      sent.push(variables.input);
      return HttpResponse.json({ data: { staffTransitionOrder: answer(variables.input) } });
    }),
  );
  return sent;
}

describe('staff order detail actions', () => {
  it('moves a paid order to «En preparación» with a note and confirms it', async () => {
    const user = userEvent.setup();
    const sent = serve((input) =>
      staffOrder({
        status: input.to,
        allowedTransitions: ['ENVIADO', 'CANCELADO'],
        allowedMoves: [orderMove('ENVIADO'), orderMove('CANCELADO')],
      }),
    );
    renderWithProviders(<OrderActions order={staffOrder()} />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Elige…', 'En preparación', 'Cancelado']);
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'En preparación');
    await user.type(screen.getByLabelText('Nota (opcional)'), 'Empacar con moño');
    await user.click(screen.getByRole('button', { name: 'Guardar cambio' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Orden movida a «En preparación».');
    expect(sent).toEqual([{ orderId: '41', to: 'EN_PREPARACION', note: 'Empacar con moño' }]);
  });

  it('asks for carrier and guide number before shipping, then sends them', async () => {
    const user = userEvent.setup();
    const sent = serve(() =>
      staffOrder({
        status: 'ENVIADO',
        carrier: 'Servientrega',
        trackingNumber: 'SV-1',
        allowedTransitions: ['ENTREGADO'],
        allowedMoves: [orderMove('ENTREGADO')],
      }),
    );
    renderWithProviders(
      <OrderActions
        order={staffOrder({
          status: 'EN_PREPARACION',
          allowedTransitions: ['ENVIADO', 'CANCELADO'],
          allowedMoves: [orderMove('ENVIADO'), orderMove('CANCELADO')],
        })}
      />,
    );
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'Enviado');
    await user.click(screen.getByRole('button', { name: 'Guardar cambio' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Indica la transportadora y el número de guía.');
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('Transportadora'), 'Servientrega');
    await user.type(screen.getByLabelText('Número de guía'), 'SV-1');
    await user.click(screen.getByRole('button', { name: 'Guardar cambio' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Orden movida a «Enviado».');
    expect(sent[0]).toMatchObject({ to: 'ENVIADO', carrier: 'Servientrega', trackingNumber: 'SV-1' });
  });

  it.each([
    [
      'TransitionNotAllowed',
      { __typename: 'TransitionNotAllowed' as const, message: 'No se puede pasar de «Enviado» a «En preparación».' },
    ],
    [
      'ValidationErrors',
      {
        __typename: 'ValidationErrors' as const,
        message: 'Máximo 1000 caracteres.',
        errors: [{ __typename: 'FieldError' as const, field: 'note', message: 'Máximo 1000 caracteres.' }],
      },
    ],
    ['NotFound', { __typename: 'NotFound' as const, message: 'La orden no existe.' }],
  ])('shows the Spanish message of a %s answer and keeps the choice', async (_name, answer) => {
    const user = userEvent.setup();
    serve(() => answer);
    renderWithProviders(<OrderActions order={staffOrder()} />);
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'En preparación');
    await user.click(screen.getByRole('button', { name: 'Guardar cambio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(answer.message);
    expect(screen.getByLabelText('Nuevo estado')).toHaveValue('EN_PREPARACION');
  });

  it('cancels only after the confirmation the server asks for, and shows what cancelling does to this order', async () => {
    const user = userEvent.setup();
    const sent = serve(() =>
      staffOrder({ status: 'CANCELADO', refundPending: true, allowedTransitions: [], allowedMoves: [] }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderWithProviders(<OrderActions order={staffOrder()} />);
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'Cancelado');
    expect(screen.getByText('Quedará marcada con reembolso pendiente de $ 132.500.')).toBeInTheDocument();
    expect(screen.getByText('Las unidades de la orden vuelven al inventario.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar cambio' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Guardar cambio' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Orden movida a «Cancelado».');
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(confirm).toHaveBeenCalledWith('¿Cancelar esta orden? Esta acción no se puede deshacer.');
  });

  it('offers exactly the steps the server sends, with its labels (a parcel back at the shop asks first)', async () => {
    const user = userEvent.setup();
    const sent = serve(() => staffOrder({ status: 'DEVUELTO', allowedTransitions: [], allowedMoves: [] }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const back = orderMove('DEVUELTO', {
      label: 'Devuelto a la tienda (el paquete volvió)',
      consequences: ['Las unidades de la orden vuelven al inventario.'],
      confirm: '¿El paquete ya está de vuelta en la tienda? Sus unidades vuelven al inventario.',
    });
    renderWithProviders(
      <OrderActions order={staffOrder({ status: 'ENVIADO', allowedMoves: [orderMove('ENTREGADO'), back] })} />,
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Elige…',
      'Entregado',
      'Devuelto a la tienda (el paquete volvió)',
    ]);
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'DEVUELTO');
    expect(screen.queryByLabelText('Transportadora')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar cambio' }));
    expect(confirm).toHaveBeenCalledWith(back.confirm);
    expect(await screen.findByRole('status')).toHaveTextContent('Orden movida a «Devuelto a la tienda».');
    expect(sent).toEqual([{ orderId: '41', to: 'DEVUELTO', note: null }]);
  });

  it('says a final order admits no more changes', () => {
    renderWithProviders(
      <OrderActions order={staffOrder({ status: 'ENTREGADO', allowedTransitions: [], allowedMoves: [] })} />,
    );
    expect(screen.getByText('Esta orden ya no admite cambios de estado.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
