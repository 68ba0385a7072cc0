import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { STAFF_TEAM_MESSAGES, ROLE_OPTIONS } from '#shared/staff-team.js';
import type { StaffRole } from '#shared/staff-access.js';
import { formatDateTime } from '../../lib/staff-format';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { ActionError } from '../../components/staff/query-error';
import {
  StaffChangeMemberRoleDocument,
  StaffDisableMemberDocument,
  StaffEnableMemberDocument,
  StaffResendInvitationDocument,
  StaffTeamDocument,
  type StaffMemberFieldsFragment,
} from './staff-team.generated';

const refetch = { refetchQueries: [StaffTeamDocument], awaitRefetchQueries: true };

function status(m: StaffMemberFieldsFragment): string {
  if (m.disabled) return 'Desactivada';
  if (!m.lastSignInAt) return 'Invitación pendiente';
  return `Activa · último ingreso ${formatDateTime(m.lastSignInAt)}`;
}

/** One person: role (change it), access (turn it off or on), a pending invitation (send it again). */
export function MemberCard({ member: m, lastOwner }: { member: StaffMemberFieldsFragment; lastOwner: boolean }) {
  const [role, setRole] = useState<StaffRole>(m.role);
  // The list refetched after a change: the select follows the saved role.
  const [savedRole, setSavedRole] = useState<StaffRole>(m.role);
  if (savedRole !== m.role) {
    setSavedRole(m.role);
    setRole(m.role);
  }
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [changeRole, changing] = useMutation(StaffChangeMemberRoleDocument, refetch);
  const [disable, disabling] = useMutation(StaffDisableMemberDocument, refetch);
  const [enable, enabling] = useMutation(StaffEnableMemberDocument, refetch);
  const [resend, resending] = useMutation(StaffResendInvitationDocument, refetch);
  const busy = changing.loading || disabling.loading || enabling.loading || resending.loading;
  const who = m.name || m.email;

  async function run(action: () => Promise<{ __typename: string; message?: string } | null | undefined>, done: string) {
    setError(null);
    setNote(null);
    try {
      const refusal = refusalMessage(await action(), 'StaffMember');
      if (refusal) setError(refusal);
      else setNote(done);
    } catch (err) {
      setError(staffErrorMessage(err));
    }
  }

  return (
    <li className="staff-card team-member">
      <div className="team-member__head">
        <h3>
          {who}
          {m.isYou ? <span className="muted"> (tú)</span> : null}
        </h3>
        <p className="muted">{m.name ? m.email : null}</p>
        <p>
          <strong>{m.roleLabel}</strong> · {status(m)}
        </p>
        {m.invitedBy ? (
          <p className="muted">
            Invitada por {m.invitedBy}
            {m.invitedAt ? ` el ${formatDateTime(m.invitedAt)}` : ''}
          </p>
        ) : null}
        {lastOwner ? (
          <p className="staff-note" role="note">
            {STAFF_TEAM_MESSAGES.lastOwner}
          </p>
        ) : null}
      </div>
      <div className="team-member__actions">
        <label>
          Rol de {who}
          <select value={role} onChange={(e) => setRole(e.target.value as StaffRole)} disabled={busy}>
            {ROLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || role === m.role}
          onClick={() =>
            void run(
              async () => (await changeRole({ variables: { uid: m.uid, role } })).data?.staffChangeMemberRole,
              `Ahora ${who} tiene el rol ${ROLE_OPTIONS.find((o) => o.value === role)?.label}.`,
            )
          }
        >
          Cambiar rol
        </button>
        {m.disabled ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() =>
              void run(
                async () => (await enable({ variables: { uid: m.uid } })).data?.staffEnableMember,
                `${who} puede volver a entrar al panel.`,
              )
            }
          >
            Reactivar
          </button>
        ) : m.isYou ? null : (
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() =>
              void run(
                async () => (await disable({ variables: { uid: m.uid } })).data?.staffDisableMember,
                `${who} ya no puede usar el panel: su próxima acción será rechazada.`,
              )
            }
          >
            Desactivar
          </button>
        )}
        {!m.disabled && !m.lastSignInAt ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() =>
              void run(
                async () => (await resend({ variables: { uid: m.uid } })).data?.staffResendInvitation,
                `Enviamos de nuevo la invitación a ${m.email}.`,
              )
            }
          >
            Reenviar invitación
          </button>
        ) : null}
      </div>
      <ActionError message={error} />
      {note ? (
        <p className="staff-success" role="status">
          {note}
        </p>
      ) : null}
    </li>
  );
}
