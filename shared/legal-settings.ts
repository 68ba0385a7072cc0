import { z } from 'zod';
import { findMunicipality } from './divipola.js';
import { ORGANIZATION_TYPES, TAX_REGIMES, TAX_RESPONSIBILITIES } from './einvoicing.js';
import { parseNit } from './nit.js';
/**
 * The legal and tax identity as the owner edits it (the footer, the emails and every electronic invoice read it):
 * the same rules on the dashboard's form and on the server. Texts are cut to their limit before any pattern runs.
 */
export const LEGAL_SETTINGS_MESSAGES = {
  legalName: 'Escribe la razón social (3 a 200 caracteres).',
  tradeName: 'Escribe el nombre comercial (máximo 120 caracteres).',
  organizationType: 'Elige si es persona jurídica o natural.',
  taxRegime: 'Elige si es responsable de IVA.',
  responsibilities: 'Elige de 1 a 5 responsabilidades fiscales del RUT; «No aplica» va sola.',
  address: 'Escribe la dirección (5 a 200 caracteres).',
  municipality: 'Elige el departamento y el municipio.',
  postalCode: 'El código postal tiene 6 dígitos.',
  phone: 'Escribe un teléfono (7 a 40 caracteres).',
  email: 'Escribe un correo válido.',
} as const;

const M = LEGAL_SETTINGS_MESSAGES;
const text = (max: number) =>
  z.string().transform((v) =>
    v
      .slice(0, max + 1)
      .replace(/\s+/g, ' ')
      .trim(),
  );

export const legalSettingsSchema = z
  .object({
    legalName: text(200).pipe(z.string().min(3, M.legalName).max(200, M.legalName)),
    tradeName: text(120).pipe(z.string().min(1, M.tradeName).max(120, M.tradeName)),
    nit: z.string().transform((v, ctx) => {
      const nit = parseNit(v);
      if ('error' in nit) {
        ctx.addIssue({ code: 'custom', message: nit.error });
        return z.NEVER;
      }
      return nit;
    }),
    organizationType: z.enum(ORGANIZATION_TYPES, { message: M.organizationType }),
    taxRegime: z.enum(TAX_REGIMES, { message: M.taxRegime }),
    taxResponsibilities: z
      .array(z.string().max(10))
      .max(5, M.responsibilities)
      .refine(
        (list) =>
          list.length >= 1 &&
          new Set(list).size === list.length &&
          list.every((r) => TAX_RESPONSIBILITIES.includes(r)) &&
          (!list.includes('R-99-PN') || list.length === 1),
        M.responsibilities,
      ),
    address: text(200).pipe(z.string().min(5, M.address).max(200, M.address)),
    departmentCode: z.string().max(2),
    municipalityCode: z.string().max(5),
    postalCode: z
      .string()
      .max(10)
      .nullable()
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .refine((v) => v === null || /^\d{6}$/.test(v), M.postalCode),
    phone: text(40).pipe(z.string().min(7, M.phone).max(40, M.phone)),
    email: z
      .string()
      .max(254, M.email)
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: M.email })),
  })
  .superRefine((v, ctx) => {
    if (!findMunicipality(v.departmentCode, v.municipalityCode))
      ctx.addIssue({ code: 'custom', path: ['municipalityCode'], message: M.municipality });
  });

export type LegalSettingsInput = z.input<typeof legalSettingsSchema>;
export type LegalSettingsValues = z.output<typeof legalSettingsSchema>;
