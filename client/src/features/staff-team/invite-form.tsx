import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { ROLE_DESCRIPTIONS, type StaffRole } from '#shared/staff-access.js';
import { ROLE_OPTIONS, staffInviteSchema, STAFF_EMAIL_MAX, STAFF_NAME_MAX } from '#shared/staff-team.js';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { ActionError } from '../../components/staff/query-error';
import { StaffInviteMemberDocument, StaffTeamDocument } from './staff-team.generated';

/** Invite a person by email with a role: they get an email with a link to choose their password. */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('operador');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [invite, { loading }] = useMutation(StaffInviteMemberDocument, {
    refetchQueries: [StaffTeamDocument],
    awaitRefetchQueries: true,
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSent(null);
    const parsed = staffInviteSchema.safeParse({ email, name, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Revisa los datos.');
      return;
    }
    try {
      const { data } = await invite({ variables: { input: parsed.data } });
      const refusal = refusalMessage(data?.staffInviteMember, 'StaffMember');
      if (refusal) {
        setError(refusal);
        return;
      }
      setSent(`Enviamos la invitación a ${parsed.data.email}. El enlace para crear la contraseña vence en una hora.`);
      setEmail('');
      setName('');
    } catch (err) {
      setError(staffErrorMessage(err));
    }
  }

  return (
    <form className="staff-card staff-form" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Invitar a una persona</h2>
      <label>
        Correo electrónico
        <input
          type="email"
          autoComplete="off"
          maxLength={STAFF_EMAIL_MAX}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </label>
      <label>
        Nombre
        <input maxLength={STAFF_NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <label>
        Rol
        <select value={role} onChange={(e) => setRole(e.target.value as StaffRole)} aria-describedby="invite-role-help">
          {ROLE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <p id="invite-role-help" className="muted">
        {ROLE_DESCRIPTIONS[role]}
      </p>
      <ActionError message={error} />
      {sent ? (
        <p className="staff-success" role="status">
          {sent}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={loading}>
        {loading ? 'Enviando…' : 'Enviar invitación'}
      </button>
    </form>
  );
}
