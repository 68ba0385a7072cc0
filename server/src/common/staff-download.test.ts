import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { forbiddenMessage } from '#shared/staff-access.js';
import { DISABLED_MESSAGE, NOT_STAFF_MESSAGE } from './access.js';
import type { AuditEntryRow } from './audit.js';
import type { StaffAuthResult } from './context.js';
import { staffDownloadCheck } from './staff-download.js';

/** One download request answered by the check: what it returned, what it answered and what it logged. */
async function download(who: StaffAuthResult) {
  const refusals: AuditEntryRow[] = [];
  const seen: Array<{ authorization: string | undefined; ip: string; requestId: string }> = [];
  const check = staffDownloadCheck({
    resolve: async (authorization, facts) => {
      seen.push({ authorization, ...facts });
      return who;
    },
    recordRefusal: async (row) => void refusals.push(row),
  });
  const answer: { status?: number; body?: { error: string; message: string }; headers: Record<string, string> } = {
    headers: {},
  };
  const res = {
    setHeader(name: string, value: string) {
      answer.headers[name.toLowerCase()] = value;
      return this;
    },
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: { error: string; message: string }) {
      answer.body = body;
      return this;
    },
  } as unknown as Response;
  const req = { ip: '2001:db8::1', id: 'r1', headers: { authorization: 'Bearer t' } } as unknown as Request;
  const allowed = await check(req, res, 'invoices.view', 'einvoiceFile');
  return { allowed, answer, refusals, seen };
}

const staff = (role: 'operador' | 'consulta'): StaffAuthResult => ({
  kind: 'staff',
  staff: { uid: 'u1', email: 'a@enzo.test', name: null, role },
});

describe('staff download check', () => {
  it('lets a role holding the permission through, with the request facts, and answers nothing itself', async () => {
    const { allowed, answer, refusals, seen } = await download(staff('consulta'));
    expect(allowed).toEqual({
      staff: { uid: 'u1', email: 'a@enzo.test', name: null, role: 'consulta' },
      facts: { ip: '2001:db8::1', requestId: 'r1' },
    });
    expect(seen).toEqual([{ authorization: 'Bearer t', ip: '2001:db8::1', requestId: 'r1' }]);
    expect(answer.status).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(refusals).toEqual([]);
  });

  it('answers 401 without a valid token and logs nothing (there is nobody to name)', async () => {
    for (const kind of ['anonymous', 'invalid'] as const) {
      const { allowed, answer, refusals } = await download({ kind });
      expect(allowed).toBeNull();
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'UNAUTHENTICATED', message: 'Debes iniciar sesión para continuar.' });
      expect(refusals).toEqual([]);
    }
  });

  it('answers 403 with the reason in Spanish and logs the refusal: a role without the permission', async () => {
    const { allowed, answer, refusals } = await download(staff('operador'));
    expect(allowed).toBeNull();
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: 'FORBIDDEN', message: forbiddenMessage('invoices.view') });
    expect(refusals).toEqual([
      {
        kind: 'refused',
        actor: { uid: 'u1', email: 'a@enzo.test', role: 'operador' },
        operation: 'einvoiceFile',
        detail: { permission: 'invoices.view' },
        ip: '2001:db8::1',
        requestId: 'r1',
      },
    ]);
  });

  it('answers 403 and logs the refusal for a disabled account and one off the team', async () => {
    for (const [kind, message] of [
      ['disabled', DISABLED_MESSAGE],
      ['not-staff', NOT_STAFF_MESSAGE],
    ] as const) {
      const { allowed, answer, refusals } = await download({ kind, uid: 'u2', email: 'b@enzo.test' });
      expect(allowed).toBeNull();
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: 'FORBIDDEN', message });
      expect(refusals).toEqual([
        {
          kind: 'refused',
          actor: { uid: 'u2', email: 'b@enzo.test', role: null },
          operation: 'einvoiceFile',
          detail: { reason: kind },
          ip: '2001:db8::1',
          requestId: 'r1',
        },
      ]);
    }
  });
});
