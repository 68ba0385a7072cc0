import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatDateTime } from '../../lib/staff-format';
import { StaffFailingJobsDocument, StaffRetryJobDocument, type StaffFailingJobsQuery } from './staff-home.generated';
import { endSentence } from '#shared/sentence.js';
import { countOf } from '#shared/plural.js';

type Job = StaffFailingJobsQuery['staffFailingJobs'][number];

/**
 * Background jobs that keep failing (emails, payment reconciliation…): how often, the last error, and
 * a retry button. Shows nothing while every job runs fine.
 */
export function FailingJobs() {
  const { data, refetch } = useQuery(StaffFailingJobsDocument, {
    fetchPolicy: 'cache-and-network',
    pollInterval: 60_000,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const jobs = data?.staffFailingJobs ?? [];
  if (jobs.length === 0 && !notice) return null;
  return (
    <section className="staff-failing-jobs" aria-labelledby="failing-jobs-title">
      <h2 id="failing-jobs-title">Tareas con fallas</h2>
      {notice ? (
        <p role="status" className="staff-failing-jobs__notice">
          {notice}
        </p>
      ) : null}
      {jobs.length > 0 ? (
        <ul className="staff-failing-jobs__list">
          {jobs.map((job) => (
            <FailingJobItem
              key={job.id}
              job={job}
              onDone={(message) => {
                setNotice(message);
                void refetch();
              }}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function FailingJobItem({ job, onDone }: { job: Job; onDone: (message: string) => void }) {
  const [retry, { loading }] = useMutation(StaffRetryJobDocument);
  async function onRetry() {
    try {
      const { data } = await retry({ variables: { id: job.id } });
      onDone(data?.staffRetryJob.message ?? 'No se pudo reintentar. Intenta de nuevo.');
    } catch {
      onDone('No pudimos conectar con la tienda. Intenta de nuevo.');
    }
  }
  const times = countOf(job.attempts, 'vez', 'veces');
  return (
    <li className="staff-failing-jobs__item">
      <p>
        <strong>{job.label}</strong>
        {job.summary ? <> · {job.summary}</> : null}
      </p>
      <p>
        {endSentence(`Falló ${times}, la última el ${formatDateTime(job.failedAt)}`)}{' '}
        {job.gaveUp || !job.nextAttemptAt
          ? 'Ya no se reintentará sola.'
          : endSentence(`Próximo intento: ${formatDateTime(job.nextAttemptAt)}`)}
      </p>
      <p className="staff-failing-jobs__error">
        Último error: <code>{job.lastError}</code>
      </p>
      <button type="button" className="button" onClick={() => void onRetry()} disabled={loading}>
        {loading ? 'Reintentando…' : 'Reintentar ahora'}
      </button>
    </li>
  );
}
