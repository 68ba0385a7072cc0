import { z } from 'zod';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from './staff-access.js';

/**
 * The team: who may be invited, and the rule that keeps the shop from ever having no owner. The server
 * validates `staffInviteMember` with `staffInviteSchema`; the «Equipo» form shows the same messages.
 */

export const STAFF_NAME_MAX = 80;
export const STAFF_EMAIL_MAX = 254;

export const STAFF_TEAM_MESSAGES = {
  email: 'Escribe un correo válido (por ejemplo, nombre@correo.com).',
  name: `Escribe el nombre de la persona (máximo ${STAFF_NAME_MAX} caracteres).`,
  role: 'Elige un rol.',
  lastOwner:
    'La tienda siempre necesita al menos una persona propietaria activa: antes de quitarle ese rol o desactivar esta cuenta, dale el rol de Propietario a otra persona.',
  alreadyMember: 'Esa persona ya es parte del equipo. Cambia su rol o reactívala desde la lista.',
  self: 'No puedes desactivar tu propia cuenta. Pídeselo a otra persona propietaria.',
} as const;

const M = STAFF_TEAM_MESSAGES;

/** Email as Firebase and the staff table keep it: trimmed and lower-case. */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const staffInviteSchema = z.object({
  // Cut to the limit before any pattern runs.
  email: z
    .string({ message: M.email })
    .transform((v) => normalizeStaffEmail(v.slice(0, STAFF_EMAIL_MAX + 1)))
    .pipe(z.string().max(STAFF_EMAIL_MAX, M.email).email(M.email)),
  name: z
    .string({ message: M.name })
    .transform((v) => v.slice(0, STAFF_NAME_MAX + 1).trim())
    .pipe(z.string().min(1, M.name).max(STAFF_NAME_MAX, M.name)),
  role: z.enum(STAFF_ROLES, { message: M.role }),
});

export type StaffInviteInput = z.input<typeof staffInviteSchema>;

/** The roles in the order the dashboard offers them, with their labels. */
export const ROLE_OPTIONS: Array<{ value: StaffRole; label: string }> = STAFF_ROLES.map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));
