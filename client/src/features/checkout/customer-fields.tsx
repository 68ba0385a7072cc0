import { FormField } from './form-field';
import { DOCUMENT_TYPES, type CheckoutForm, type FormErrors } from './checkout-validation';
import type { DocumentType } from '../../gql/types';

export interface FieldsProps {
  form: CheckoutForm;
  errors: FormErrors;
  update: <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => void;
}

/** Who is buying: name, email, mobile and identity document. */
export function CustomerFields({ form, errors, update }: FieldsProps) {
  return (
    <fieldset className="checkout-fieldset">
      <legend>Tus datos</legend>
      <FormField label="Nombre y apellidos" error={errors.fullName}>
        {(p) => <input {...p} name="fullName" autoComplete="name" maxLength={120} value={form.fullName} onChange={(e) => update('fullName', e.target.value)} />}
      </FormField>
      <FormField label="Correo electrónico" error={errors.email} hint="Te enviaremos la confirmación del pedido.">
        {(p) => <input {...p} name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} value={form.email} onChange={(e) => update('email', e.target.value)} />}
      </FormField>
      <FormField label="Celular" error={errors.phone} hint="10 dígitos, empieza por 3.">
        {(p) => <input {...p} name="phone" type="tel" autoComplete="tel-national" inputMode="tel" maxLength={20} value={form.phone} onChange={(e) => update('phone', e.target.value)} />}
      </FormField>
      <div className="checkout-row">
        <FormField label="Tipo de documento" error={errors.documentType}>
          {(p) => (
            <select {...p} name="documentType" value={form.documentType} onChange={(e) => update('documentType', e.target.value as DocumentType)}>
              {DOCUMENT_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Número de documento" error={errors.documentNumber}>
          {(p) => <input {...p} name="documentNumber" autoComplete="off" maxLength={20} value={form.documentNumber} onChange={(e) => update('documentNumber', e.target.value)} />}
        </FormField>
      </div>
    </fieldset>
  );
}
