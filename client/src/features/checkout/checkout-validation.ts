import { findMunicipalityByName } from './divipola';
import type { DocumentType, PaymentMethod } from '../../gql/types';

/** What the shopper types (persisted in sessionStorage so a reload keeps it). */
export interface CheckoutForm {
  fullName: string;
  email: string;
  phone: string;
  documentType: DocumentType;
  documentNumber: string;
  departmentCode: string;
  municipalityName: string;
  address: string;
  neighborhood: string;
  acceptDataPolicy: boolean;
  paymentMethod: PaymentMethod;
}

export type FormField = keyof CheckoutForm;
export type FormErrors = Partial<Record<FormField, string>>;

export const EMPTY_FORM: CheckoutForm = {
  fullName: '',
  email: '',
  phone: '',
  documentType: 'CC',
  documentNumber: '',
  departmentCode: '',
  municipalityName: '',
  address: '',
  neighborhood: '',
  acceptDataPolicy: false,
  paymentMethod: 'CARD',
};

export const DOCUMENT_TYPES: Array<{ value: DocumentType; label: string }> = [
  { value: 'CC', label: 'Cédula de ciudadanía (CC)' },
  { value: 'CE', label: 'Cédula de extranjería (CE)' },
  { value: 'NIT', label: 'NIT' },
  { value: 'PP', label: 'Pasaporte (PP)' },
  { value: 'TI', label: 'Tarjeta de identidad (TI)' },
];

/** Mirrors the server's rules (the server stays the authority and answers with its own errors). */
const DOCUMENT_RULES: Record<DocumentType, { pattern: RegExp; message: string }> = {
  CC: { pattern: /^\d{6,10}$/, message: 'La cédula de ciudadanía debe tener entre 6 y 10 dígitos.' },
  CE: { pattern: /^[A-Z0-9]{6,12}$/, message: 'La cédula de extranjería debe tener entre 6 y 12 letras o números.' },
  NIT: { pattern: /^\d{9,10}(-\d)?$/, message: 'El NIT debe tener 9 o 10 dígitos y, si quieres, el dígito de verificación (ej. 900123456-7).' },
  PP: { pattern: /^[A-Z0-9]{5,15}$/, message: 'El pasaporte debe tener entre 5 y 15 letras o números.' },
  TI: { pattern: /^\d{10,11}$/, message: 'La tarjeta de identidad debe tener 10 u 11 dígitos.' },
};

export function normalizePhone(raw: string): string | null {
  let digits = raw.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+57')) digits = digits.slice(3);
  else if (digits.startsWith('0057')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('57')) digits = digits.slice(2);
  return /^3\d{9}$/.test(digits) ? digits : null;
}

function normalizeDocument(type: DocumentType, raw: string): string {
  const compact = raw.replace(/[\s.]/g, '').toUpperCase();
  return type === 'NIT' ? compact : compact.replace(/-/g, '');
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function validateForm(form: CheckoutForm): FormErrors {
  const errors: FormErrors = {};
  const name = collapse(form.fullName);
  if (name.length < 3) errors.fullName = 'Escribe tu nombre y apellidos.';
  else if (!/\p{L}.*\s+.*\p{L}/u.test(name)) errors.fullName = 'Escribe tu nombre y al menos un apellido.';
  const email = form.email.trim();
  if (!email) errors.email = 'Escribe tu correo electrónico.';
  else if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) errors.email = 'Escribe un correo electrónico válido, por ejemplo nombre@correo.com.';
  if (!form.phone.trim()) errors.phone = 'Escribe tu número de celular.';
  else if (!normalizePhone(form.phone)) errors.phone = 'El celular debe tener 10 dígitos y empezar por 3 (ej. 315 482 7760).';
  const doc = normalizeDocument(form.documentType, form.documentNumber);
  if (!doc) errors.documentNumber = 'Escribe tu número de documento.';
  else if (!DOCUMENT_RULES[form.documentType].pattern.test(doc)) errors.documentNumber = DOCUMENT_RULES[form.documentType].message;
  if (!form.departmentCode) errors.departmentCode = 'Elige un departamento de la lista.';
  else if (!findMunicipalityByName(form.departmentCode, form.municipalityName)) errors.municipalityName = 'Elige un municipio del departamento de la lista.';
  if (collapse(form.address).length < 5) errors.address = 'Escribe la dirección completa de entrega (ej. Calle 10 # 5-20).';
  if (!form.acceptDataPolicy) errors.acceptDataPolicy = 'Debes aceptar la política de tratamiento de datos para continuar.';
  return errors;
}

/** Server input paths → form fields. */
export const SERVER_FIELDS: Record<string, FormField> = {
  'customer.fullName': 'fullName',
  'customer.email': 'email',
  'customer.phone': 'phone',
  'customer.documentNumber': 'documentNumber',
  'customer.documentType': 'documentType',
  'shipping.departmentCode': 'departmentCode',
  'shipping.municipalityCode': 'municipalityName',
  'shipping.address': 'address',
  'shipping.neighborhood': 'neighborhood',
  acceptDataPolicy: 'acceptDataPolicy',
};

/** Field order on the page (the first invalid one gets the focus). */
export const FIELD_ORDER: FormField[] = ['fullName', 'email', 'phone', 'documentType', 'documentNumber', 'departmentCode', 'municipalityName', 'address', 'neighborhood', 'acceptDataPolicy', 'paymentMethod'];
