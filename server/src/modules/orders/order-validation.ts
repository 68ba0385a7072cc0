import type { DocumentTypeValue, PaymentMethodValue } from './order.entity.js';
import { findDepartment, findMunicipality, type Place } from './divipola.js';

export interface FieldError {
  field: string;
  message: string;
}

export interface CheckoutInput {
  customer: { fullName: string; email: string; phone: string; documentType: DocumentTypeValue; documentNumber: string };
  shipping: { departmentCode: string; municipalityCode: string; address: string; neighborhood?: string | null };
  paymentMethod: PaymentMethodValue;
  acceptDataPolicy: boolean;
  idempotencyKey: string;
  lines: unknown[];
}

export interface ValidCheckout {
  customer: { fullName: string; email: string; phone: string; documentType: DocumentTypeValue; documentNumber: string };
  department: Place;
  municipality: Place;
  address: string;
  neighborhood: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

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
  NIT: { pattern: /^\d{9,10}(-\d)?$/, message: 'El NIT debe tener 9 o 10 dígitos y, si quieres, el dígito de verificación (ej. 900123456-7).' },
  PP: { pattern: /^[A-Z0-9]{5,15}$/, message: 'El pasaporte debe tener entre 5 y 15 letras o números.' },
  TI: { pattern: /^\d{10,11}$/, message: 'La tarjeta de identidad debe tener 10 u 11 dígitos.' },
};

/** Removes the separators people type (dots, spaces; dashes except NIT's check digit). */
export function normalizeDocument(type: DocumentTypeValue, raw: string): string {
  const compact = raw.replace(/[\s.]/g, '').toUpperCase();
  return type === 'NIT' ? compact : compact.replace(/-/g, '');
}

export function validateDocument(type: DocumentTypeValue, raw: string): { value: string } | { error: string } {
  const rule = DOCUMENT_RULES[type];
  if (!rule) return { error: 'Elige un tipo de documento.' };
  const value = normalizeDocument(type, raw);
  if (!value) return { error: 'Escribe tu número de documento.' };
  return rule.pattern.test(value) ? { value } : { error: rule.message };
}

function collapse(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Checks every checkout field; Spanish messages keyed by input path. */
export function validateCheckout(input: CheckoutInput): { ok: true; value: ValidCheckout } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });

  if (input.lines.length === 0) add('lines', 'Tu carrito está vacío.');
  const key = input.idempotencyKey.trim();
  if (key.length < 8 || key.length > 100) add('idempotencyKey', 'La clave de la solicitud no es válida. Recarga la página.');

  const fullName = collapse(input.customer.fullName);
  if (fullName.length < 3) add('customer.fullName', 'Escribe tu nombre y apellidos.');
  else if (fullName.length > 120) add('customer.fullName', 'El nombre es demasiado largo (máximo 120 caracteres).');
  else if (!/\p{L}.*\s+.*\p{L}/u.test(fullName)) add('customer.fullName', 'Escribe tu nombre y al menos un apellido.');

  const email = input.customer.email.trim().toLowerCase();
  if (!email) add('customer.email', 'Escribe tu correo electrónico.');
  else if (email.length > 254 || !EMAIL.test(email)) add('customer.email', 'Escribe un correo electrónico válido, por ejemplo nombre@correo.com.');

  const phone = normalizePhone(input.customer.phone);
  if (!input.customer.phone.trim()) add('customer.phone', 'Escribe tu número de celular.');
  else if (!phone) add('customer.phone', 'El celular debe tener 10 dígitos y empezar por 3 (ej. 315 482 7760).');

  const document = validateDocument(input.customer.documentType, input.customer.documentNumber);
  if ('error' in document) add('customer.documentNumber', document.error);

  const department = findDepartment(input.shipping.departmentCode);
  const municipality = department ? findMunicipality(department.code, input.shipping.municipalityCode) : null;
  if (!department) add('shipping.departmentCode', 'Elige un departamento de la lista.');
  else if (!municipality) add('shipping.municipalityCode', `Elige un municipio de ${department.name} de la lista.`);

  const address = collapse(input.shipping.address);
  if (address.length < 5) add('shipping.address', 'Escribe la dirección completa de entrega (ej. Calle 10 # 5-20).');
  else if (address.length > 200) add('shipping.address', 'La dirección es demasiado larga (máximo 200 caracteres).');
  const neighborhood = collapse(input.shipping.neighborhood);
  if (neighborhood.length > 200) add('shipping.neighborhood', 'El barrio o las indicaciones son demasiado largos (máximo 200 caracteres).');

  if (input.acceptDataPolicy !== true) add('acceptDataPolicy', 'Debes aceptar la política de tratamiento de datos para continuar.');

  if (errors.length > 0 || !phone || 'error' in document || !department || !municipality) return { ok: false, errors };
  return {
    ok: true,
    value: {
      customer: { fullName, email, phone, documentType: input.customer.documentType, documentNumber: document.value },
      department,
      municipality,
      address,
      neighborhood: neighborhood || null,
    },
  };
}
