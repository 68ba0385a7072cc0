import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrdersFilters, type OrdersFilterValues } from './orders-filters';

const empty: OrdersFilterValues = { estado: '', pago: '', desde: '', hasta: '', q: '' };

describe('OrdersFilters', () => {
  it('shows a combined state from a link as «Varios estados» and applies what the person picks', async () => {
    const applied: OrdersFilterValues[] = [];
    render(
      <OrdersFilters
        values={{ ...empty, estado: 'PAGADO,ENVIADO', desde: '2026-03-01' }}
        onApply={(v) => applied.push(v)}
      />,
    );
    const form = screen.getByRole('search', { name: 'Filtrar órdenes' });
    const state = within(form).getByLabelText('Estado');
    expect(within(state).getByRole('option', { name: 'Varios estados', selected: true })).toBeInTheDocument();
    expect(within(state).getAllByRole('option')[0]).toHaveTextContent('Todos los estados');
    expect(within(state).getByRole('option', { name: 'Por enviar (pagado o en preparación)' })).toHaveValue(
      'PAGADO,EN_PREPARACION',
    );
    const payment = within(form).getByLabelText('Medio de pago');
    expect(within(payment).getAllByRole('option')[0]).toHaveTextContent('Todos los medios');

    await userEvent.selectOptions(state, 'Enviado');
    await userEvent.selectOptions(payment, 'Contraentrega');
    await userEvent.type(within(form).getByLabelText('Hasta'), '2026-03-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Filtrar' }));
    expect(applied.at(-1)).toEqual({
      estado: 'ENVIADO',
      pago: 'CASH_ON_DELIVERY',
      desde: '2026-03-01',
      hasta: '2026-03-31',
      q: '',
    });

    await userEvent.click(within(form).getByRole('button', { name: 'Limpiar' }));
    expect(applied.at(-1)).toEqual(empty);
    expect(state).toHaveValue('');
  });
});
