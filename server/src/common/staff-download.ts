import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { forbiddenMessage, roleAllows, type Permission } from '#shared/staff-access.js';
import { DISABLED_MESSAGE, NOT_STAFF_MESSAGE, refusalEntry } from './access.js';
import type { AuditEntryRow } from './audit.js';
import type { RequestFacts, StaffAuthResult, StaffIdentity } from './context.js';

export interface StaffDownloadDeps {
  /** Who the `Authorization` header is (the staff module's token check). */
  resolve(authorization: string | undefined, facts: RequestFacts): Promise<StaffAuthResult>;
  /** Writes a refusal's activity-log entry (the activity log's rate-limited write). */
  recordRefusal(row: AuditEntryRow): Promise<void>;
}

/**
 * The check a GraphQL field declared `staffOnly(permission, …)` gets, for a plain HTTP download: the staff member and
 * the request's facts, or null once the refusal was answered (401 without a valid token; 403 off the team, disabled
 * or without the permission, logged as a refusal). The answer is never kept by a cache.
 */
export type StaffDownloadCheck = (
  req: Request,
  res: Response,
  permission: Permission,
  operation: string,
) => Promise<{ staff: StaffIdentity; facts: RequestFacts } | null>;

export function staffDownloadCheck(deps: StaffDownloadDeps): StaffDownloadCheck {
  return async (req, res, permission, operation) => {
    res.setHeader('Cache-Control', 'no-store');
    const facts = { ip: req.ip ?? '', requestId: req.id ?? randomUUID() };
    const who = await deps.resolve(req.headers.authorization, facts);
    if (who.kind === 'staff' && roleAllows(who.staff.role, permission)) return { staff: who.staff, facts };
    const refusal = refusalEntry(operation, permission, who, facts);
    if (!refusal) {
      res.status(401).json({ error: 'UNAUTHENTICATED', message: 'Debes iniciar sesión para continuar.' });
      return null;
    }
    await deps.recordRefusal(refusal);
    res.status(403).json({
      error: 'FORBIDDEN',
      message:
        who.kind === 'staff'
          ? forbiddenMessage(permission)
          : who.kind === 'disabled'
            ? DISABLED_MESSAGE
            : NOT_STAFF_MESSAGE,
    });
    return null;
  };
}
