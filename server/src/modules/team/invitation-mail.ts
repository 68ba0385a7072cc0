import { BRAND } from '#shared/shop.js';
import { ROLE_DESCRIPTIONS, type StaffRole } from '#shared/staff-access.js';
import { emailLayout, escapeHtml } from '../mail/index.js';

export interface InvitationFacts {
  name: string;
  email: string;
  role: StaffRole;
  roleLabel: string;
  invitedBy: string;
  /** The page that sets the password (carries Firebase's one-time code). */
  link: string;
  loginUrl: string;
}

/** The invitation to the team: who invited whom, with which role, and the link to choose a password. */
export function invitationMail(f: InvitationFacts): { subject: string; html: string; text: string } {
  const subject = `Te invitaron al panel de ${BRAND}`;
  const greeting = f.name ? `Hola, ${f.name}:` : 'Hola:';
  const intro = `${f.invitedBy} te invitó a trabajar en el panel de la tienda ${BRAND} con el rol ${f.roleLabel}: ${ROLE_DESCRIPTIONS[f.role]}`;
  const how = `Para entrar, crea tu contraseña con el botón de abajo. El enlace sirve una sola vez y vence en una hora; si vence, pide que te reenvíen la invitación. Luego ingresa con tu correo ${f.email}.`;
  const html = emailLayout(
    subject,
    `<h1 style="font-size:22px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(f.link)}" style="display:inline-block;background:#222;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Crear mi contraseña</a></p>
<p style="font-size:13px">Si el botón no funciona, copia este enlace en tu navegador: ${escapeHtml(f.link)}</p>
<p style="font-size:13px">Después, el panel está en ${escapeHtml(f.loginUrl)}. Si no esperabas esta invitación, ignora este correo.</p>`,
  );
  const text = [
    greeting,
    '',
    intro,
    '',
    how,
    '',
    `Crear mi contraseña: ${f.link}`,
    '',
    `Después, el panel está en ${f.loginUrl}. Si no esperabas esta invitación, ignora este correo.`,
  ].join('\n');
  return { subject, html, text };
}
