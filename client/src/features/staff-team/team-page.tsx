import './staff-team.css';
import { useQuery } from '@apollo/client/react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES } from '#shared/staff-access.js';
import { QueryError } from '../../components/staff/query-error';
import { InviteForm } from './invite-form';
import { MemberCard } from './member-card';
import { StaffTeamDocument } from './staff-team.generated';

/** `/dashboard/equipo` (owners): the team, invitations, roles and access. */
export function TeamPage() {
  const { data, error, loading, refetch } = useQuery(StaffTeamDocument, { fetchPolicy: 'cache-and-network' });
  return (
    <section className="staff-page" aria-labelledby="team-title">
      <h1 id="team-title">Equipo</h1>
      <p className="muted">
        Quién trabaja en el panel y con qué rol. Un cambio de rol o una cuenta desactivada rige desde la siguiente
        acción de esa persona. La tienda siempre tiene al menos una persona propietaria activa.
      </p>
      <details className="staff-card">
        <summary>Qué puede hacer cada rol</summary>
        <dl className="team-roles">
          {STAFF_ROLES.map((r) => (
            <div key={r}>
              <dt>{ROLE_LABELS[r]}</dt>
              <dd>{ROLE_DESCRIPTIONS[r]}</dd>
            </div>
          ))}
        </dl>
      </details>
      <InviteForm />
      <h2>Personas</h2>
      {error && !data ? <QueryError error={error} onRetry={() => void refetch()} /> : null}
      {loading && !data ? <p role="status">Cargando…</p> : null}
      {data ? (
        <ul className="team-list">
          {data.staffTeam.members.map((m) => (
            <MemberCard
              key={m.uid}
              member={m}
              lastOwner={m.role === 'propietario' && !m.disabled && data.staffTeam.enabledOwners === 1}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
