import type { DataSource } from 'typeorm';
import { type StaffRole } from '#shared/staff-access.js';
import { normalizeStaffEmail, STAFF_NAME_MAX } from '#shared/staff-team.js';
import { insertAuditEntries } from '../../common/audit.js';
import { commit, inTransaction } from '../../common/db.js';
import type { StaffAccounts } from './firebase-accounts.js';

export interface AddedStaffMember {
  uid: string;
  email: string;
  role: StaffRole;
  /** The Firebase account was created (not found by its email). */
  accountCreated: boolean;
  /** What changed in the staff table: a new row, an updated one, or nothing. */
  row: 'created' | 'updated' | 'unchanged';
}

interface Before {
  email: string;
  role: StaffRole;
  disabled: boolean;
}

/**
 * `npm run staff:add` and the development account: the Firebase account with this password (created or updated,
 * enabled) and its staff row with `role`, enabled. The activity log says so when the row changed. Demoting the last
 * enabled owner is refused by the database (error code EZ001).
 */
export async function addStaffMember(
  ds: DataSource,
  accounts: StaffAccounts,
  input: { email: string; password: string; name?: string; role: StaffRole },
  /** The activity log's operation: the command, or the development account a local start creates. */
  operation: 'staffAddCommand' | 'devAccount' = 'staffAddCommand',
): Promise<AddedStaffMember> {
  const email = normalizeStaffEmail(input.email);
  const name = (input.name ?? '').trim().slice(0, STAFF_NAME_MAX);
  const account = await accounts.ensureAccount(email, name, input.password);
  const outcome = await inTransaction(ds, async (m) => {
    const found: Before[] = await m.query(`SELECT email, role, disabled FROM staff_member WHERE uid = $1 FOR UPDATE`, [
      account.uid,
    ]);
    const before = found[0] ?? null;
    await m.query(
      `INSERT INTO staff_member (uid, email, display_name, role, invited_by, invited_at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (uid) DO UPDATE SET email = EXCLUDED.email, role = EXCLUDED.role, disabled = false,
         display_name = CASE WHEN staff_member.display_name = '' THEN EXCLUDED.display_name ELSE staff_member.display_name END,
         updated_at = now()`,
      [account.uid, email, name, input.role, operation === 'devAccount' ? 'npm start' : 'npm run staff:add'],
    );
    const after: Before = { email, role: input.role, disabled: false };
    const changed =
      !before || before.email !== after.email || before.role !== after.role || before.disabled !== after.disabled;
    if (changed) {
      const diff: Record<string, { before: unknown; after: unknown }> = {};
      for (const key of ['email', 'role', 'disabled'] as const)
        if (!before || before[key] !== after[key])
          diff[key] = { before: before ? before[key] : null, after: after[key] };
      await insertAuditEntries(m, [
        {
          kind: 'change',
          actor: { uid: operation === 'devAccount' ? 'npm start' : 'npm run staff:add', email: null, role: null },
          operation,
          entityType: 'staffMember',
          entityId: account.uid,
          changes: diff,
        },
      ]);
    }
    const row: AddedStaffMember['row'] = before ? (changed ? 'updated' : 'unchanged') : 'created';
    return commit(row);
  });
  if (!outcome.commit) throw new Error('unreachable');
  return { uid: account.uid, email, role: input.role, accountCreated: account.created, row: outcome.value };
}
