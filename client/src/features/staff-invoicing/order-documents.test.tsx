import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import {
  StaffOrderDocumentsDocument,
  StaffRetryElectronicDocumentDocument,
  type ElectronicDocumentFieldsFragment,
} from './staff-invoicing.generated';
import { permissionsOf } from '#shared/staff-access.js';
import { OrderDocuments } from './order-documents';

const doc = (
  over: Partial<ElectronicDocumentFieldsFragment>,
): ElectronicDocumentFieldsFragment & { __typename: 'ElectronicDocument' } => ({
  __typename: 'ElectronicDocument',
  id: '1',
  kind: 'INVOICE',
  status: 'EMITIDO',
  number: 'SETP990000001',
  issuedAt: '2026-11-20T15:00:00.000Z',
  acceptedAt: '2026-11-20T15:00:05.000Z',
  amount: 61_500,
  uniqueCode: 'a'.repeat(96),
  reasons: [],
  lastError: null,
  attempts: 1,
  pdfPath: '/api/staff/documentos/1.pdf',
  xmlPath: '/api/staff/documentos/1.xml',
  corrects: null,
  note: null,
  ...over,
});

function answer(documents: ElectronicDocumentFieldsFragment[]) {
  // The server sends every __typename; the generated result types leave them out.
  const staffOrder = { __typename: 'StaffOrder', id: '7', electronicDocuments: documents };
  mswServer.use(graphql.query(StaffOrderDocumentsDocument, () => HttpResponse.json({ data: { staffOrder } })));
}

describe('staff: the order’s electronic documents', () => {
  it('shows an issued invoice with its CUFE and downloads, and a refused credit note with the DIAN’s reasons', async () => {
    answer([
      doc({}),
      doc({
        id: '2',
        kind: 'CREDIT_NOTE',
        status: 'RECHAZADO',
        number: 'NC1',
        uniqueCode: null,
        acceptedAt: null,
        corrects: 'SETP990000001',
        note: 'Cancelación del pedido pagado',
        reasons: [
          { __typename: 'EinvoiceReason', code: 'CBG03', message: 'La factura que corrige no fue aceptada.' },
        ] as never,
      }),
    ]);
    renderWithProviders(<OrderDocuments orderId="7" />);
    const invoice = await screen.findByRole('listitem', { name: 'Factura electrónica de venta SETP990000001' });
    expect(within(invoice).getByText('Emitida')).toBeInTheDocument();
    expect(within(invoice).getByText('a'.repeat(96))).toBeInTheDocument();
    expect(within(invoice).getByRole('button', { name: 'Descargar XML' })).toBeInTheDocument();
    const note = screen.getByRole('listitem', { name: 'Nota crédito electrónica NC1' });
    expect(within(note).getByText('Rechazada')).toBeInTheDocument();
    expect(within(note).getByRole('list', { name: 'Motivos del rechazo' })).toHaveTextContent(
      'CBG03 La factura que corrige no fue aceptada.',
    );
    expect(within(note).getByText(/corrige la factura SETP990000001/)).toBeInTheDocument();
  });

  it('retries a refused invoice and says the server’s refusal in Spanish', async () => {
    const user = userEvent.setup();
    answer([doc({ status: 'RECHAZADO', number: null, uniqueCode: null, acceptedAt: null, reasons: [] })]);
    const message = 'La orden ya no es una venta (fue cancelada): su factura no se emite.';
    const refusal = {
      __typename: 'ValidationErrors' as const,
      message,
      errors: [{ __typename: 'FieldError', field: 'id', message }],
    };
    mswServer.use(
      graphql.mutation(StaffRetryElectronicDocumentDocument, () =>
        HttpResponse.json({ data: { staffRetryElectronicDocument: refusal } }),
      ),
    );
    renderWithProviders(<OrderDocuments orderId="7" />);
    await user.click(await screen.findByRole('button', { name: 'Reintentar la emisión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La orden ya no es una venta');
  });

  it('shows each role only the actions it may take: Consulta downloads, the administration resends, the owner retries', async () => {
    answer([doc({}), doc({ id: '2', kind: 'CREDIT_NOTE', status: 'RECHAZADO', number: 'NC1', uniqueCode: null })]);
    const { unmount } = renderWithProviders(<OrderDocuments orderId="7" />, { permissions: permissionsOf('consulta') });
    const invoice = await screen.findByRole('listitem', { name: 'Factura electrónica de venta SETP990000001' });
    expect(within(invoice).getByRole('button', { name: 'Descargar PDF' })).toBeInTheDocument();
    expect(within(invoice).queryByRole('button', { name: 'Reenviar al cliente' })).toBeNull();
    const note = screen.getByRole('listitem', { name: 'Nota crédito electrónica NC1' });
    expect(within(note).queryByRole('button', { name: 'Reintentar la emisión' })).toBeNull();
    unmount();

    renderWithProviders(<OrderDocuments orderId="7" />, { permissions: permissionsOf('administrador') });
    const again = await screen.findByRole('listitem', { name: 'Factura electrónica de venta SETP990000001' });
    expect(within(again).getByRole('button', { name: 'Reenviar al cliente' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Nota crédito electrónica NC1' })).queryByRole('button', {
        name: 'Reintentar la emisión',
      }),
    ).toBeNull();
  });

  it('says there is nothing yet for an unpaid order', async () => {
    answer([]);
    renderWithProviders(<OrderDocuments orderId="7" />);
    expect(await screen.findByText(/la factura se emite cuando la orden se paga/)).toBeInTheDocument();
  });
});
