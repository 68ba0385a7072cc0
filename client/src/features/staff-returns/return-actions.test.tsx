import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import type { StaffReturnFieldsFragment } from './staff-returns.generated';
import { ReturnActions } from './return-actions';

const request = (overrides: Partial<StaffReturnFieldsFragment>): StaffReturnFieldsFragment =>
  ({
    __typename: 'ReturnRequest',
    id: '9',
    orderId: '41',
    orderReference: 'ENZ-7K3Q9D',
    kind: 'RETRACTO',
    status: 'ACEPTADA',
    reason: 'No le quedó a mi perro',
    requestedAt: '2026-11-20T15:00:00.000Z',
    refundAmount: 40_500,
    refundDueAt: '2026-12-20T15:00:00.000Z',
    overdue: false,
    decidedAt: '2026-11-21T15:00:00.000Z',
    decisionNote: null,
    receivedAt: null,
    refundedAt: null,
    refundMethod: null,
    refundReference: null,
    canVoidAtGateway: false,
    nextSteps: [],
    lines: [],
    ...overrides,
  }) as StaffReturnFieldsFragment;

describe('staff return actions', () => {
  it('offers the steps the server’s returns lifecycle allows, and nothing else', () => {
    const { unmount } = renderWithProviders(<ReturnActions request={request({ nextSteps: ['RECIBIDA'] })} />);
    expect(screen.getByRole('button', { name: 'Registrar productos recibidos' })).toBeInTheDocument();
    expect(screen.queryByText(/Reembolso de/)).toBeNull();
    unmount();

    renderWithProviders(
      <ReturnActions request={request({ kind: 'GARANTIA', nextSteps: ['RECIBIDA', 'REEMBOLSADA'] })} />,
    );
    expect(screen.getByRole('button', { name: 'Registrar productos recibidos' })).toBeInTheDocument();
    expect(screen.getByText('Reembolso de $ 40.500')).toBeInTheDocument();
  });

  it('asks for a decision while the request waits for one, and shows nothing once it is settled', () => {
    const { unmount } = renderWithProviders(
      <ReturnActions request={request({ status: 'SOLICITADA', nextSteps: ['ACEPTADA', 'RECHAZADA'] })} />,
    );
    expect(screen.getByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rechazar' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ReturnActions request={request({ status: 'REEMBOLSADA', nextSteps: [] })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
