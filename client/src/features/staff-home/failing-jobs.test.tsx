import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { StaffFailingJobsDocument, StaffRetryJobDocument } from './staff-home.generated';
import { FailingJobs } from './failing-jobs';

const failing = {
  __typename: 'FailingJob' as const,
  id: '41',
  label: 'Enviar un correo',
  summary: 'Correo a ana@correo.com: «Recibimos tu pago»',
  attempts: 4,
  maxAttempts: 25,
  gaveUp: false,
  lastError: 'connect ECONNREFUSED 127.0.0.1:587',
  failedAt: '2026-03-02T15:04:00.000Z',
  nextAttemptAt: '2026-03-02T15:05:00.000Z',
};

describe('FailingJobs', () => {
  it('shows nothing while every job runs fine', async () => {
    mswServer.use(graphql.query(StaffFailingJobsDocument, () => HttpResponse.json({ data: { staffFailingJobs: [] } })));
    const { container, client } = renderWithProviders(<FailingJobs />);
    // The answer arrived (it is in the cache), and the section still shows nothing.
    await waitFor(() =>
      expect(client.readQuery({ query: StaffFailingJobsDocument })).toMatchObject({ staffFailingJobs: [] }),
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('lists a failing job with its count and last error, and retries it', async () => {
    let jobs = [failing];
    let retried: string | null = null;
    mswServer.use(
      graphql.query(StaffFailingJobsDocument, () => HttpResponse.json({ data: { staffFailingJobs: jobs } })),
      graphql.mutation(StaffRetryJobDocument, ({ variables }) => {
        retried = String(variables.id);
        jobs = [];
        return HttpResponse.json({
          data: {
            staffRetryJob: {
              __typename: 'JobRetried' as const,
              id: String(variables.id),
              message: '«Enviar un correo» se ejecutará de nuevo en unos segundos.',
            },
          },
        });
      }),
    );
    renderWithProviders(<FailingJobs />);
    expect(await screen.findByRole('heading', { name: 'Tareas con fallas' })).toBeInTheDocument();
    expect(screen.getByText(/Correo a ana@correo\.com/)).toBeInTheDocument();
    expect(screen.getByText(/Falló 4 veces/)).toBeInTheDocument();
    expect(screen.getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar ahora' }));
    expect(await screen.findByRole('status')).toHaveTextContent('se ejecutará de nuevo');
    expect(retried).toBe('41');
  });
});
