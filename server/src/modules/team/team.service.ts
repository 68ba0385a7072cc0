import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { isStaffRole, ROLE_LABELS, type StaffRole } from '#shared/staff-access.js';
import { STAFF_TEAM_MESSAGES, staffInviteSchema, type StaffInviteInput } from '#shared/staff-team.js';
import { auditChange } from '../../common/audit.js';
import { commit, inTransaction, isUniqueViolation, returningRows, rollback, type Outcome } from '../../common/db.js';
import { enqueueJob } from '../../common/jobs.js';
import {
  invalidField,
  notFoundResult,
  validationErrors,
  type NotFound,
  type ValidationErrors,
} from '../../common/results.js';
import type { StaffIdentity } from '../../common/context.js';
import { queueMail } from '../mail/index.js';
import type { StaffAccounts } from './firebase-accounts.js';
import { invitationMail } from './invitation-mail.js';
import { addStaffMember, type AddedStaffMember } from './staff-add.js';

/** Background task that applies a staff row's access to its Firebase account (disable + revoke, or enable). */
export const STAFF_ACCESS_TASK = 'staff-account-access';

/** PostgreSQL error the last-owner trigger raises (migration 1766300000000-staff-team). */
const LAST_OWNER = 'EZ001';

export interface StaffMemberRecord {
  uid: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  invitedBy: string | null;
  invitedAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export interface LastOwner {
  __typename: 'LastOwner';
  message: string;
}

export interface StaffMemberConflict {
  __typename: 'StaffMemberConflict';
  message: string;
}

export type MemberResult =
  (StaffMemberRecord & { __typename: 'StaffMember' }) | ValidationErrors | NotFound | LastOwner | StaffMemberConflict;

interface Row {
  uid: string;
  email: string;
  display_name: string;
  role: StaffRole;
  disabled: boolean;
  invited_by: string | null;
  invited_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
}

const COLUMNS = `uid, email, display_name, role, disabled, invited_by, invited_at, last_sign_in_at, created_at`;

const record = (r: Row): StaffMemberRecord => ({
  uid: r.uid,
  email: r.email,
  name: r.display_name,
  role: r.role,
  disabled: r.disabled,
  invitedBy: r.invited_by,
  invitedAt: r.invited_at,
  lastSignInAt: r.last_sign_in_at,
  createdAt: r.created_at,
});

const member = (r: StaffMemberRecord) => ({ ...r, __typename: 'StaffMember' as const });
const audited = (r: StaffMemberRecord) => ({ email: r.email, name: r.name, role: r.role, disabled: r.disabled });

const lastOwner = (): LastOwner => ({ __typename: 'LastOwner', message: STAFF_TEAM_MESSAGES.lastOwner });
const isLastOwnerError = (err: unknown) => {
  const e = err as { code?: string; driverError?: { code?: string } };
  return e.code === LAST_OWNER || e.driverError?.code === LAST_OWNER;
};

const ROLE_ORDER: StaffRole[] = ['propietario', 'administrador', 'operador', 'consulta'];

export interface TeamDeps {
  ds: DataSource;
  accounts: StaffAccounts;
  /** Where the invitation's link sends the person (the shop's public URL). */
  publicUrl: () => string;
  log?: Logger;
}

/**
 * The team: invitations, roles and access. The staff table is the judge; Firebase accounts follow it (created on
 * invitation, disabled and signed out by a background job when access is turned off). The last enabled owner
 * cannot lose that role or access: PostgreSQL refuses it (LastOwner), whatever the code path.
 */
export class TeamService {
  constructor(private readonly deps: TeamDeps) {}

  private get ds() {
    return this.deps.ds;
  }

  async list(): Promise<StaffMemberRecord[]> {
    const rows: Row[] = await this.ds.query(`SELECT ${COLUMNS} FROM staff_member`);
    return rows
      .map(record)
      .sort(
        (a, b) =>
          Number(a.disabled) - Number(b.disabled) ||
          ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) ||
          (a.name || a.email).localeCompare(b.name || b.email, 'es'),
      );
  }

  async byUid(uid: string): Promise<StaffMemberRecord | null> {
    const rows: Row[] = await this.ds.query(`SELECT ${COLUMNS} FROM staff_member WHERE uid = $1`, [uid]);
    return rows[0] ? record(rows[0]) : null;
  }

  /** The email of each uid (null for one off the team, or `npm run staff:add`). */
  async emailsOf(uids: readonly string[]): Promise<Array<string | null>> {
    const rows: Array<{ uid: string; email: string }> = await this.ds.query(
      `SELECT uid, email FROM staff_member WHERE uid = ANY($1::text[])`,
      [uids],
    );
    const byUid = new Map(rows.map((r) => [r.uid, r.email]));
    return uids.map((u) => byUid.get(u) ?? null);
  }

  /** Enabled owners right now (the «Equipo» page explains the last-owner rule with it). */
  async enabledOwners(): Promise<number> {
    const rows: Array<{ n: number }> = await this.ds.query(
      `SELECT count(*)::int AS n FROM staff_member WHERE role = 'propietario' AND NOT disabled`,
    );
    return rows[0]!.n;
  }

  /**
   * Invites a person: their Firebase account (created without a password when new), their row with the role, and
   * a Spanish email with a link to choose a password, queued in the same transaction as the row.
   */
  async invite(actor: StaffIdentity, input: StaffInviteInput): Promise<MemberResult> {
    const parsed = staffInviteSchema.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const { email, name, role } = parsed.data;
    const existing: Array<{ uid: string }> = await this.ds.query(`SELECT uid FROM staff_member WHERE email = $1`, [
      email,
    ]);
    if (existing.length > 0) return { __typename: 'StaffMemberConflict', message: STAFF_TEAM_MESSAGES.alreadyMember };
    const account = await this.deps.accounts.ensureAccount(email, name);
    const code = await this.deps.accounts.passwordSetupCode(email);
    try {
      const outcome = await inTransaction(this.ds, async (m) => {
        const rows: Row[] = await m.query(
          `INSERT INTO staff_member (uid, email, display_name, role, invited_by, invited_at)
           VALUES ($1, $2, $3, $4, $5, now()) ON CONFLICT (uid) DO NOTHING RETURNING ${COLUMNS}`,
          [account.uid, email, name, role, actor.uid],
        );
        if (rows.length === 0) return rollback(null);
        const created = record(rows[0]!);
        await this.queueInvitation(m, created, actor, code);
        auditChange(m, { entityType: 'staffMember', entityId: created.uid, before: null, after: audited(created) });
        return commit(created);
      });
      if (!outcome.commit) return { __typename: 'StaffMemberConflict', message: STAFF_TEAM_MESSAGES.alreadyMember };
      return member(outcome.value);
    } catch (err) {
      if (isUniqueViolation(err))
        return { __typename: 'StaffMemberConflict', message: STAFF_TEAM_MESSAGES.alreadyMember };
      throw err;
    }
  }

  /** A fresh link for someone who has not signed in yet (Firebase's links expire after an hour). */
  async resendInvitation(actor: StaffIdentity, uid: string): Promise<MemberResult> {
    const current = await this.byUid(uid);
    if (!current) return notFoundResult('Esa persona no está en el equipo.');
    if (current.disabled) return invalidField('uid', 'Esa cuenta está desactivada: reactívala antes de invitarla.');
    if (current.lastSignInAt)
      return invalidField('uid', 'Esa persona ya entró al panel: si olvidó su contraseña, puede restablecerla.');
    const code = await this.deps.accounts.passwordSetupCode(current.email);
    const outcome = await inTransaction(this.ds, async (m) => {
      const updated = await returningRows<Row>(
        m,
        `UPDATE staff_member SET invited_at = now(), invited_by = $2, updated_at = now() WHERE uid = $1 AND NOT disabled RETURNING ${COLUMNS}`,
        [uid, actor.uid],
      );
      if (!updated[0]) return rollback(notFoundResult('Esa persona no está en el equipo.'));
      const after = record(updated[0]);
      await this.queueInvitation(m, after, actor, code);
      auditChange(m, {
        entityType: 'staffMember',
        entityId: uid,
        before: { invitedAt: current.invitedAt },
        after: { invitedAt: after.invitedAt },
      });
      return commit(after);
    });
    return outcome.commit ? member(outcome.value) : outcome.failure;
  }

  async changeRole(uid: string, role: string): Promise<MemberResult> {
    if (!isStaffRole(role)) return invalidField('role', STAFF_TEAM_MESSAGES.role);
    return this.update(uid, (m, current) =>
      returningRows<Row>(
        m,
        `UPDATE staff_member SET role = $2, updated_at = now() WHERE uid = $1 RETURNING ${COLUMNS}`,
        [current.uid, role],
      ),
    );
  }

  /** Access off: refused on the next request everywhere; the Firebase account is disabled and signed out by a job. */
  async disable(actor: StaffIdentity, uid: string): Promise<MemberResult> {
    if (uid === actor.uid) return invalidField('uid', STAFF_TEAM_MESSAGES.self);
    return this.setDisabled(uid, true);
  }

  async enable(uid: string): Promise<MemberResult> {
    return this.setDisabled(uid, false);
  }

  private setDisabled(uid: string, disabled: boolean): Promise<MemberResult> {
    return this.update(uid, async (m, current) => {
      const rows = await returningRows<Row>(
        m,
        `UPDATE staff_member SET disabled = $2, updated_at = now() WHERE uid = $1 RETURNING ${COLUMNS}`,
        [current.uid, disabled],
      );
      await enqueueJob(m, STAFF_ACCESS_TASK, { uid: current.uid }, { jobKey: `staff-access:${current.uid}` });
      return rows;
    });
  }

  /** One change to one row under its lock, with its audit entry; the last-owner trigger's refusal is LastOwner. */
  private async update(
    uid: string,
    change: (m: EntityManager, current: StaffMemberRecord) => Promise<Row[]>,
  ): Promise<MemberResult> {
    let outcome: Outcome<StaffMemberRecord, NotFound>;
    try {
      outcome = await inTransaction(this.ds, async (m) => {
        const rows: Row[] = await m.query(`SELECT ${COLUMNS} FROM staff_member WHERE uid = $1 FOR UPDATE`, [uid]);
        if (!rows[0]) return rollback(notFoundResult('Esa persona no está en el equipo.'));
        const before = record(rows[0]);
        const after = record((await change(m, before))[0]!);
        auditChange(m, { entityType: 'staffMember', entityId: uid, before: audited(before), after: audited(after) });
        return commit(after);
      });
    } catch (err) {
      if (isLastOwnerError(err)) return lastOwner();
      throw err;
    }
    return outcome.commit ? member(outcome.value) : outcome.failure;
  }

  /** `npm run staff:add` and the development owner: the account with this password and its row with `role`. */
  add(
    input: { email: string; password: string; name?: string; role: StaffRole },
    operation?: 'staffAddCommand' | 'devAccount',
  ): Promise<AddedStaffMember> {
    return addStaffMember(this.ds, this.deps.accounts, input, operation);
  }

  /** The background job: the Firebase account follows the row (disabled and signed out, or enabled). */
  async applyAccess(uid: string): Promise<void> {
    const current = await this.byUid(uid);
    if (!current) return;
    await this.deps.accounts.setAccess(uid, current.disabled);
  }

  private async queueInvitation(m: EntityManager, to: StaffMemberRecord, by: StaffIdentity, code: string) {
    const base = this.deps.publicUrl();
    const mail = invitationMail({
      name: to.name,
      email: to.email,
      roleLabel: ROLE_LABELS[to.role],
      role: to.role,
      invitedBy: by.name || by.email || 'La persona propietaria',
      link: `${base}/login-dashboard-enzo-fpl/clave?oobCode=${encodeURIComponent(code)}`,
      loginUrl: `${base}/login-dashboard-enzo-fpl`,
    });
    await queueMail(m, {
      key: `staff-invite:${to.uid}:${randomUUID()}`,
      to: to.email,
      tag: 'invitacion-equipo',
      ...mail,
    });
  }
}
