import type { Resolvers } from '../../generated/graphql.js';
import type { FailingJob, JobsAdmin } from '../../common/job-admin.js';
import { staffOnly } from '../../common/access.js';

/** What each background task does, as staff read it. */
export const TASK_LABELS: Record<string, string> = {
  'send-email': 'Enviar un correo',
  'expire-orders': 'Vencer órdenes sin pago',
  'reconcile-payments': 'Conciliar pagos con la pasarela',
  maintenance: 'Mantenimiento',
  'prune-audit': 'Depurar la actividad del personal (tiempo de conservación)',
  'staff-account-access': 'Aplicar en Firebase el acceso de una cuenta del equipo',
  'order-payment-reminder': 'Recordar un pago pendiente',
  'remind-unpaid-orders': 'Recordar los pagos pendientes',
  'scheduled-backup': 'Copia de seguridad programada',
  'backup-now': 'Copia de seguridad pedida desde el panel',
  'check-alerts': 'Revisar las alertas',
  'issue-einvoice-document': 'Emitir una factura o nota crédito electrónica (DIAN)',
};

export interface StaffJobsDeps {
  jobs: JobsAdmin;
  /** What a job is about (e.g. the email's recipient and subject), when known. */
  describe(job: FailingJob): Promise<string | null>;
}

/** Failing background jobs and their retry (staff only). */
export function createStaffJobsResolvers({ jobs, describe }: StaffJobsDeps): Resolvers {
  const view = async (job: FailingJob) => ({
    id: job.id,
    task: job.task,
    label: TASK_LABELS[job.task] ?? job.task,
    summary: await describe(job).catch(() => null),
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    gaveUp: job.attempts >= job.maxAttempts,
    lastError: job.lastError.slice(0, 500),
    failedAt: job.failedAt,
    nextAttemptAt: job.nextAttemptAt,
  });
  return {
    Query: {
      staffFailingJobs: staffOnly('jobs.manage', async () => Promise.all((await jobs.failing()).map(view))),
    },
    Mutation: {
      staffRetryJob: staffOnly('jobs.manage', async (_p, { id }) => {
        const job = await jobs.retry(id);
        if (!job)
          return {
            __typename: 'NotFound' as const,
            message: 'Ese trabajo ya no está en la cola (terminó, o se está ejecutando ahora).',
          };
        const label = TASK_LABELS[job.task] ?? job.task;
        return {
          __typename: 'JobRetried' as const,
          id: job.id,
          label,
          message: `«${label}» se ejecutará de nuevo en unos segundos.`,
        };
      }),
    },
    StaffRetryJobResult: {
      __resolveType: (r) => r.__typename ?? null,
    },
  };
}
