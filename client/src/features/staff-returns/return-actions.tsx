import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import {
  StaffDecideReturnDocument,
  StaffReceiveReturnDocument,
  type StaffReturnFieldsFragment,
  type StaffReturnResultFieldsFragment,
} from './staff-returns.generated';
import { RefundForm } from './refund-form';
import { useCan } from '../../lib/staff-permissions';

type Feedback = { ok: boolean; text: string } | null;

/**
 * What staff can do with a request now, as the server's returns lifecycle says (`nextSteps`): accept or reject it
 * with a note (a rejection needs one), record the goods as received (stock goes back), and record the refund (see
 * RefundForm).
 */
export function ReturnActions({ request, onChanged }: { request: StaffReturnFieldsFragment; onChanged?: () => void }) {
  const [note, setNote] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const can = useCan();
  const [decide, decideState] = useMutation(StaffDecideReturnDocument);
  const [receive, receiveState] = useMutation(StaffReceiveReturnDocument);
  const busy = decideState.loading || receiveState.loading;

  async function run(action: () => Promise<StaffReturnResultFieldsFragment | undefined>, done: string) {
    setFeedback(null);
    try {
      const refused = refusalMessage(await action(), 'ReturnRequest');
      if (refused) return setFeedback({ ok: false, text: refused });
      setFeedback({ ok: true, text: done });
      setNote('');
      onChanged?.();
    } catch (err) {
      setFeedback({ ok: false, text: staffErrorMessage(err) });
    }
  }

  const message = feedback ? (
    <p className={feedback.ok ? 'staff-success' : 'staff-error'} role={feedback.ok ? 'status' : 'alert'}>
      {feedback.text}
    </p>
  ) : null;
  const noteId = `return-note-${request.id}`;

  const next = new Set(request.nextSteps);
  if ((next.has('ACEPTADA') || next.has('RECHAZADA')) && can('returns.manage')) {
    const submit = (accept: boolean) => (e?: FormEvent) => {
      e?.preventDefault();
      if (!accept && note.trim().length < 5)
        return setFeedback({ ok: false, text: 'Explica al cliente por qué no se acepta (al menos 5 caracteres).' });
      void run(
        async () =>
          (await decide({ variables: { id: request.id, accept, note: note.trim() || null } })).data?.staffDecideReturn,
        accept
          ? 'Solicitud aceptada: le escribimos al cliente.'
          : 'Solicitud rechazada: le escribimos al cliente con tu nota.',
      );
    };
    return (
      <form className="return-actions" onSubmit={submit(true)} noValidate>
        <label htmlFor={noteId}>Nota para el cliente (obligatoria si rechazas)</label>
        <textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={2} />
        {message}
        <div className="return-actions__buttons">
          <button type="submit" className="button" disabled={busy}>
            Aceptar
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => submit(false)()}>
            Rechazar
          </button>
        </div>
      </form>
    );
  }

  // Only the steps the role may take (deciding and receiving returns, recording refunds): the server checks too.
  const canReceive = can('returns.manage') && next.has('RECIBIDA');
  const canRefund = can('refunds.manage') && next.has('REEMBOLSADA');
  if (!canReceive && !canRefund) return message;
  return (
    <div className="return-actions">
      {canReceive ? (
        <>
          {request.kind === 'RETRACTO' ? (
            <p className="muted">Cuando lleguen los productos, regístralos para poder hacer el reembolso.</p>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void run(
                async () => (await receive({ variables: { id: request.id } })).data?.staffReceiveReturn,
                'Productos recibidos: volvieron al inventario.',
              )
            }
          >
            Registrar productos recibidos
          </button>
        </>
      ) : null}
      {message}
      {canRefund ? (
        <RefundForm
          request={request}
          onRefunded={() => {
            setFeedback({ ok: true, text: 'Reembolso registrado: le escribimos al cliente.' });
            onChanged?.();
          }}
        />
      ) : null}
    </div>
  );
}
