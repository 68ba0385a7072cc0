import type { DataSource } from 'typeorm';
import { isStaffRole, type StaffRole } from '#shared/staff-access.js';
import { insertAuditEntries } from '../../common/audit.js';
import { inTransaction, commit, rollback, isUniqueViolation, returningRows, selectRows } from '../../common/db.js';
import type { RequestFacts } from '../../common/context.js';

export interface StaffMemberRow {
  uid: string;
  email: string;
  displayName: string;
  role: StaffRole;
  disabled: boolean;
  /** `auth_time` (seconds) of the last session this shop saw: a new one is a sign-in. */
  lastAuthTime: number | null;
}

interface Row {
  uid: string;
  email: string;
  display_name: string;
  role: string;
  disabled: boolean;
  last_auth_time: string | null;
}

const SELECT = `SELECT uid, email, display_name, role, disabled, last_auth_time FROM staff_member`;

function toMember(r: Row): StaffMemberRow {
  if (!isStaffRole(r.role)) throw new Error(`unknown staff role ${r.role}`);
  return {
    uid: r.uid,
    email: r.email,
    displayName: r.display_name,
    role: r.role,
    disabled: r.disabled,
    lastAuthTime: r.last_auth_time === null ? null : Number(r.last_auth_time),
  };
}

/**
 * Who is on the team, as each staff request needs it: the row of one uid, read on every request (a primary-key read,
 * beside the token's revocation check with Firebase). No instance keeps a copy: a role changed or an account disabled
 * on any instance rules the person's very next request on every instance, with no window in which another instance
 * has not heard of it yet.
 */
export class StaffDirectory {
  constructor(private readonly ds: DataSource) {}

  /** The staff row of `uid`, or null when the account is not on the team. */
  async find(uid: string): Promise<StaffMemberRow | null> {
    // On every staff request: prepared on each connection, without a QueryRunner (selectRows).
    const rows = await selectRows<Row>(this.ds, `${SELECT} WHERE uid = $1`, [uid]);
    return rows[0] ? toMember(rows[0]) : null;
  }

  /**
   * An account with the old `staff` custom claim and no row: staff from before the team existed were all owners,
   * so it becomes one (once, whichever instance sees it first), with an activity-log entry.
   */
  async adoptLegacyOwner(
    account: { uid: string; email: string; name: string | null },
    facts: RequestFacts,
  ): Promise<StaffMemberRow | null> {
    try {
      const outcome = await inTransaction(this.ds, async (m) => {
        const rows: Row[] = await m.query(
          `INSERT INTO staff_member (uid, email, display_name, role) VALUES ($1, $2, $3, 'propietario')
           ON CONFLICT (uid) DO NOTHING RETURNING uid, email, display_name, role, disabled, last_auth_time`,
          [account.uid, account.email.toLowerCase(), (account.name ?? '').slice(0, 80)],
        );
        if (rows.length === 0) return rollback(null);
        await insertAuditEntries(m, [
          {
            kind: 'change',
            actor: { uid: account.uid, email: account.email, role: 'propietario' },
            operation: 'legacyOwner',
            entityType: 'staffMember',
            entityId: account.uid,
            changes: { role: { before: null, after: 'propietario' } },
            ip: facts.ip,
            requestId: facts.requestId,
          },
        ]);
        return commit(toMember(rows[0]!));
      });
      return outcome.commit ? outcome.value : this.find(account.uid);
    } catch (err) {
      // Another row already has this email (a different Firebase account): not adopted.
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /**
   * Records a new session (a token whose `auth_time` this shop has not seen for the person) once across instances:
   * the conditional update lets only one request win, and its sign-in entry commits with it.
   */
  async noteSignIn(row: StaffMemberRow, authTime: number, facts: RequestFacts): Promise<void> {
    await inTransaction(this.ds, async (m) => {
      const rows = await returningRows<{ uid: string }>(
        m,
        `UPDATE staff_member SET last_auth_time = $2, last_sign_in_at = now()
         WHERE uid = $1 AND (last_auth_time IS NULL OR last_auth_time < $2) RETURNING uid`,
        [row.uid, authTime],
      );
      if (rows.length === 0) return rollback(null);
      await insertAuditEntries(m, [
        {
          kind: 'signin',
          actor: { uid: row.uid, email: row.email, role: row.role },
          operation: 'signIn',
          entityType: 'staffMember',
          entityId: row.uid,
          ip: facts.ip,
          requestId: facts.requestId,
        },
      ]);
      return commit(null);
    });
  }
}
