import { z } from 'zod';
import { CHECKOUT_PAYMENT_METHODS, DOCUMENT_TYPES, type DocumentTypeValue } from './orders.js';
import { findDepartment, findMunicipality, type Place } from './divipola.js';
import { clientText } from './client-text.js';
import { nitCheckDigit } from './nit.js';
import { EMAIL_PATTERN } from './email.js';

/**
 * The checkout form's rules and their Spanish messages. The server validates `placeOrder` with
 * `checkoutSchema`; the checkout form validates with the same schema (react-hook-form's zod
 * resolver), so both sides say the same thing about the same input.
 */

const EMAIL = EMAIL_PATTERN;

export const CHECKOUT_MESSAGES = {
  fullNameMissing: 'Escribe tu nombre y apellidos.',
  fullNameTooLong: 'El nombre es demasiado largo (máximo 120 caracteres).',
  fullNameSurname: 'Escribe tu nombre y al menos un apellido.',
  emailMissing: 'Escribe tu correo electrónico.',
  emailInvalid: 'Escribe un correo electrónico válido, por ejemplo nombre@correo.com.',
  phoneMissing: 'Escribe tu número de celular.',
  phoneInvalid: 'El celular debe tener 10 dígitos y empezar por 3 (ej. 315 482 7760).',
  documentTypeMissing: 'Elige un tipo de documento.',
  documentNumberMissing: 'Escribe tu número de documento.',
  departmentMissing: 'Elige un departamento de la lista.',
  municipalityInvalid: 'Elige un municipio de la lista.',
  municipalityMissing: (department: string) => `Elige un municipio de ${department} de la lista.`,
  addressMissing: 'Escribe la dirección completa de entrega (ej. Calle 10 # 5-20).',
  addressTooLong: 'La dirección es demasiado larga (máximo 200 caracteres).',
  neighborhoodTooLong: 'El barrio o las indicaciones son demasiado largos (máximo 200 caracteres).',
  dataPolicy: 'Debes aceptar la política de tratamiento de datos para continuar.',
  paymentMethod: 'Elige cómo quieres pagar.',
} as const;

const M = CHECKOUT_MESSAGES;

/** Normalises a Colombian mobile (`+57 315 482 7760` → `3154827760`); null when invalid. */
export function normalizePhone(raw: string): string | null {
  let digits = raw.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+57')) digits = digits.slice(3);
  else if (digits.startsWith('0057')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('57')) digits = digits.slice(2);
  return /^3\d{9}$/.test(digits) ? digits : null;
}

const DOCUMENT_RULES: Record<DocumentTypeValue, { pattern: RegExp; message: string }> = {
  CC: { pattern: /^\d{6,10}$/, message: 'La cédula de ciudadanía debe tener entre 6 y 10 dígitos.' },
  CE: { pattern: /^[A-Z0-9]{6,12}$/, message: 'La cédula de extranjería debe tener entre 6 y 12 letras o números.' },
  NIT: {
    pattern: /^\d{9,10}(-\d)?$/,
    message: 'El NIT debe tener 9 o 10 dígitos y, si quieres, el dígito de verificación (ej. 900123456-8).',
  },
  PP: { pattern: /^[A-Z0-9]{5,15}$/, message: 'El pasaporte debe tener entre 5 y 15 letras o números.' },
  TI: { pattern: /^\d{10,11}$/, message: 'La tarjeta de identidad debe tener 10 u 11 dígitos.' },
};

/** Removes the separators people type (dots, spaces; dashes except NIT's check digit). */
export function normalizeDocument(type: DocumentTypeValue, raw: string): string {
  const compact = raw.replace(/[\s.]/g, '').toUpperCase();
  return type === 'NIT' ? compact : compact.replace(/-/g, '');
}

/** The normalised document number, or the Spanish message that says what is wrong with it. */
export function validateDocument(type: DocumentTypeValue, raw: string): { value: string } | { error: string } {
  const rule = DOCUMENT_RULES[type];
  if (!rule) return { error: M.documentTypeMissing };
  const value = normalizeDocument(type, raw);
  if (!value) return { error: M.documentNumberMissing };
  if (!rule.pattern.test(value)) return { error: rule.message };
  // A NIT written with its check digit must carry the right one: the electronic invoice states it.
  const nit = type === 'NIT' ? /^(\d+)-(\d)$/.exec(value) : null;
  if (nit && nitCheckDigit(nit[1]!) !== nit[2])
    return {
      error: `El dígito de verificación no corresponde a ese NIT (para ${nit[1]} es ${nitCheckDigit(nit[1]!)}).`,
    };
  return { value };
}

/** Runs of whitespace become one space; ends trimmed. */
export const collapseSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A letter, then a space, then another letter: a name and at least one surname. Linear: no pattern that backtracks. */
export function hasNameAndSurname(name: string): boolean {
  const letters = [...name.matchAll(/\p{L}/gu)];
  if (letters.length < 2) return false;
  return /\s/.test(name.slice(letters[0]!.index, letters.at(-1)!.index));
}

const fullName = clientText(120, M.fullNameTooLong)
  .transform(collapseSpaces)
  .pipe(
    z
      .string()
      .min(3, M.fullNameMissing)
      .max(120, { message: M.fullNameTooLong, abort: true })
      .refine(hasNameAndSurname, M.fullNameSurname),
  );

const email = clientText(254, M.emailInvalid)
  .trim()
  .toLowerCase()
  .min(1, M.emailMissing)
  .max(254, { message: M.emailInvalid, abort: true })
  .regex(EMAIL, M.emailInvalid);

const phone = clientText(30, M.phoneInvalid)
  .trim()
  .min(1, M.phoneMissing)
  .refine((v) => normalizePhone(v) !== null, M.phoneInvalid)
  .transform((v) => normalizePhone(v)!);

const customer = z
  .object({
    fullName,
    email,
    phone,
    documentType: z.enum(DOCUMENT_TYPES, { message: M.documentTypeMissing }),
    documentNumber: clientText(20, M.documentNumberMissing),
  })
  .superRefine((c, ctx) => {
    const document = validateDocument(c.documentType, c.documentNumber);
    if ('error' in document) ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: document.error });
  })
  .transform((c) => ({ ...c, documentNumber: normalizeDocument(c.documentType, c.documentNumber) }));

const shipping = z
  .object({
    departmentCode: clientText(5, M.departmentMissing),
    municipalityCode: clientText(5, M.municipalityInvalid),
    address: clientText(200, M.addressTooLong)
      .transform(collapseSpaces)
      .pipe(z.string().min(5, M.addressMissing).max(200, M.addressTooLong)),
    neighborhood: clientText(200, M.neighborhoodTooLong)
      .nullish()
      .transform((v) => collapseSpaces(v ?? ''))
      .pipe(z.string().max(200, M.neighborhoodTooLong)),
  })
  .superRefine((s, ctx) => {
    const department = findDepartment(s.departmentCode);
    if (!department) ctx.addIssue({ code: 'custom', path: ['departmentCode'], message: M.departmentMissing });
    else if (!findMunicipality(department.code, s.municipalityCode)) {
      ctx.addIssue({ code: 'custom', path: ['municipalityCode'], message: M.municipalityMissing(department.name) });
    }
  })
  .transform((s) => ({
    department: findDepartment(s.departmentCode) as Place,
    municipality: findMunicipality(s.departmentCode, s.municipalityCode) as Place,
    address: s.address,
    neighborhood: s.neighborhood || null,
  }));

/** Who buys, where it goes, how they pay, and the data-policy consent. */
export const checkoutSchema = z.object({
  customer,
  shipping,
  paymentMethod: z.enum(CHECKOUT_PAYMENT_METHODS, { message: M.paymentMethod }),
  acceptDataPolicy: z.boolean().refine((v) => v, M.dataPolicy),
});

/** What the form holds (and `placeOrder` receives) before validation. */
export type CheckoutInput = z.input<typeof checkoutSchema>;
/** The same, validated and normalised (places resolved to their DANE names). */
export type ValidCheckout = z.output<typeof checkoutSchema>;

export interface FieldError {
  /** Input path, e.g. `customer.email`. */
  field: string;
  message: string;
}

/** Input paths in the order the form shows them (the first invalid one gets the focus). */
export const CHECKOUT_FIELD_ORDER = [
  'lines',
  'idempotencyKey',
  'customer.fullName',
  'customer.email',
  'customer.phone',
  'customer.documentType',
  'customer.documentNumber',
  'shipping.departmentCode',
  'shipping.municipalityCode',
  'shipping.address',
  'shipping.neighborhood',
  'paymentMethod',
  'acceptDataPolicy',
] as const;

const fieldRank = (field: string) => {
  const i = (CHECKOUT_FIELD_ORDER as readonly string[]).indexOf(field);
  return i === -1 ? CHECKOUT_FIELD_ORDER.length : i;
};

/** zod issues → one Spanish message per input path (the first rule that failed), in page order. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen]
    .map(([field, message]) => ({ field, message }))
    .sort((a, b) => fieldRank(a.field) - fieldRank(b.field));
}
