import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import {
  RequestReturnDocument,
  type OrderReturnsFieldsFragment,
  type RequestReturnMutation,
  type RequestReturnMutationVariables,
} from './returns.generated';
import { ReturnRequestForm } from './return-request-form';

const TOKEN = 'tok-0123456789abcdef';
const typed = <V extends object>(typename: string, value: V): V => ({ __typename: typename, ...value }) as V;

/** A delivered order: 2 collars and 1 leash, retracto until Monday 23 Nov 2026 (Bogotá), warranty and reversal open. */
function receipt(options: Partial<OrderReturnsFieldsFragment['returnOptions']> = {}): OrderReturnsFieldsFragment {
  const line = (id: string, name: string, unitPrice: number, quantity: number, discount: number) =>
    typed('OrderLine', {
      id,
      productId: '1',
      name,
      sizeLabel: 'M',
      unitPrice,
      quantity,
      lineTotal: unitPrice * quantity,
      discount,
      imageUrl: null,
    });
  return {
    reference: 'ENZ-7K3Q9D',
    status: 'ENTREGADO',
    confirmed: true,
    returns: [],
    // 10 % off: the collars carry 9.000 of the discount, the leash 3.000.
    lines: [line('501', 'Collar Cuero Miel', 45_000, 2, 9_000), line('502', 'Traílla Nylon', 30_000, 1, 3_000)],
    returnOptions: typed('ReturnOptions', {
      retractoUntil: '2026-11-24T04:59:59.999Z',
      warrantyUntil: '2027-11-14T04:59:59.999Z',
      canRequestReversal: true,
      returnableLines: [
        typed('ReturnableLine', { lineId: '501', name: 'Collar Cuero Miel', sizeLabel: 'M', quantity: 2 }),
        typed('ReturnableLine', { lineId: '502', name: 'Traílla Nylon', sizeLabel: 'Única', quantity: 1 }),
      ],
      ...options,
    }),
  };
}

function answer(result: RequestReturnMutation['requestReturn']) {
  const sent: RequestReturnMutationVariables[] = [];
  mswServer.use(
    graphql.mutation(RequestReturnDocument, ({ variables }) => {
      sent.push(variables);
      return HttpResponse.json({ data: { requestReturn: result } });
    }),
  );
  return sent;
}

const accepted: RequestReturnMutation['requestReturn'] & { __typename: 'ReturnRequest' } = {
  __typename: 'ReturnRequest',
  id: '9',
  kind: 'RETRACTO',
  status: 'SOLICITADA',
  reason: 'No le quedó a mi perro',
  requestedAt: '2026-11-18T15:00:00.000Z',
  refundAmount: 40_500,
  refundDueAt: '2026-12-19T04:59:59.999Z',
  decisionNote: null,
  refundedAt: null,
  refundMethod: null,
  refundReference: null,
  lines: [typed('ReturnLine', { orderLineId: '501', name: 'Collar Cuero Miel', sizeLabel: 'M', quantity: 1 })],
};

/** Stands for the order page's query of the order, which the form refetches once a request is in. */
const ORDER_QUERY = gql`
  query PageOrder {
    orderReceipt(reference: "ENZ-7K3Q9D", token: "tok-0123456789abcdef") {
      reference
    }
  }
`;

/** The page around the form: its order query is active, and each time it runs is counted. */
function PageWithForm(props: { r: OrderReturnsFieldsFragment; onSent: (text: string) => void; onCancel: () => void }) {
  useQuery(ORDER_QUERY);
  return (
    <ReturnRequestForm
      receipt={props.r}
      token={TOKEN}
      orderQuery={ORDER_QUERY}
      onSent={props.onSent}
      onCancel={props.onCancel}
    />
  );
}

function renderForm(r = receipt()) {
  const orderReads: number[] = [];
  // Returns how many times the page's order had been read when the form said it was sent.
  const onSent = vi.fn((_text: string) => orderReads.length);
  const onCancel = vi.fn();
  mswServer.use(
    graphql.query('PageOrder', () => {
      orderReads.push(orderReads.length + 1);
      return HttpResponse.json({ data: { orderReceipt: { __typename: 'OrderReceipt', reference: 'ENZ-7K3Q9D' } } });
    }),
  );
  renderWithProviders(<PageWithForm r={r} onSent={onSent} onCancel={onCancel} />);
  return { onSent, onCancel, orderReads };
}

describe('return request form', () => {
  it('says what the chosen units were paid, discount share out, with the rule the server refunds with', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByText(/Por estas unidades pagaste/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Unidades de Collar Cuero Miel, talla M'), '1 unidad');
    expect(screen.getByText(/Por estas unidades pagaste \$ 40\.500/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Unidades de Traílla Nylon, talla Única'), '1 unidad');
    expect(screen.getByText(/Por estas unidades pagaste \$ 67\.500/)).toBeInTheDocument();
  });

  it('offers the kinds still open, states the retracto deadline and focuses its heading', () => {
    renderForm(receipt({ canRequestReversal: false }));
    expect(screen.getByRole('heading', { name: '¿Qué necesitas?' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: /Retracto/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Garantía/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Reversión del pago/ })).not.toBeInTheDocument();
    expect(screen.getByText(/hasta el lunes, 23 de noviembre de 2026/)).toBeInTheDocument();
  });

  it('asks for units and a reason in Spanish and sends nothing until both are there', async () => {
    const sent = answer(accepted);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(screen.getByText('Elige al menos un producto y cuántas unidades.')).toBeInTheDocument();
    expect(screen.getByText('Cuéntanos el motivo en al menos 10 caracteres.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the chosen units of one line with the reason, and says what happens next', async () => {
    const sent = answer(accepted);
    const { onSent, orderReads } = renderForm();
    await waitFor(() => expect(orderReads).toHaveLength(1));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Unidades de Collar Cuero Miel, talla M' }),
      '1 unidad',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Motivo/ }), '  No le quedó   a mi perro ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await waitFor(() =>
      expect(onSent).toHaveBeenCalledWith(expect.stringMatching(/^Recibimos tu solicitud de retracto/)),
    );
    // The page's order was read again (the request, the deadlines, the lines left) before the form said so.
    expect(onSent.mock.results[0]!.value).toBe(2);
    expect(sent).toEqual([
      {
        reference: 'ENZ-7K3Q9D',
        token: TOKEN,
        input: { kind: 'RETRACTO', reason: 'No le quedó a mi perro', items: [{ lineId: '501', quantity: 1 }] },
      },
    ]);
  });

  it('a payment reversal covers the whole payment: no units to choose', async () => {
    const sent = answer({ ...accepted, kind: 'REVERSION' as const, lines: [] });
    const { onSent } = renderForm();
    await userEvent.click(screen.getByRole('radio', { name: /Reversión del pago/ }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Se revierte todo el pago del pedido (ENZ-7K3Q9D).')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Motivo/ }), 'No reconozco este cobro');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(sent[0]!.input).toEqual({ kind: 'REVERSION', reason: 'No reconozco este cobro', items: null });
  });

  it("shows the server's refusal (deadline over) and keeps the form", async () => {
    answer({
      __typename: 'ReturnNotAllowed',
      message:
        'El plazo de retracto (5 días hábiles desde la entrega) ya terminó. Si el producto tiene un defecto, puedes pedir la garantía.',
    });
    const { onSent } = renderForm();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Unidades de Traílla Nylon, talla Única' }),
      '1 unidad',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Motivo/ }), 'Ya no la necesito');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El plazo de retracto (5 días hábiles desde la entrega) ya terminó.',
    );
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Enviar solicitud' })).toBeEnabled();
  });

  it('puts field errors from the server beside their field', async () => {
    answer({
      __typename: 'ValidationErrors',
      message: 'Revisa la solicitud.',
      errors: [typed('FieldError', { field: 'items', message: 'Ya pediste devolver esas unidades.' })],
    });
    renderForm();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Unidades de Collar Cuero Miel, talla M' }),
      '2 unidades',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Motivo/ }), 'No le quedó a mi perro');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Ya pediste devolver esas unidades.')).toBeInTheDocument();
  });

  it('Cancelar closes the form', async () => {
    const { onCancel } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
