import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutInput, ValidCheckout } from '#shared/checkout.js';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS } from '#shared/orders.js';
import { FormField } from '../../components/form-field';

export interface FieldsProps {
  form: UseFormReturn<CheckoutInput, unknown, ValidCheckout>;
}

/** Who is buying: name, email, mobile and identity document. */
export function CustomerFields({ form }: FieldsProps) {
  const { register } = form;
  const errors = form.formState.errors.customer;
  return (
    <fieldset className="checkout-fieldset">
      <legend>Tus datos</legend>
      <FormField label="Nombre y apellidos" error={errors?.fullName?.message}>
        {(p) => <input {...p} {...register('customer.fullName')} autoComplete="name" maxLength={120} />}
      </FormField>
      <FormField
        label="Correo electrónico"
        error={errors?.email?.message}
        hint="Te enviaremos la confirmación del pedido."
      >
        {(p) => (
          <input
            {...p}
            {...register('customer.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
          />
        )}
      </FormField>
      <FormField label="Celular" error={errors?.phone?.message} hint="10 dígitos, empieza por 3.">
        {(p) => (
          <input
            {...p}
            {...register('customer.phone')}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={20}
          />
        )}
      </FormField>
      <div className="checkout-row">
        <FormField label="Tipo de documento" error={errors?.documentType?.message}>
          {(p) => (
            <select {...p} {...register('customer.documentType')}>
              {DOCUMENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {DOCUMENT_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Número de documento" error={errors?.documentNumber?.message}>
          {(p) => <input {...p} {...register('customer.documentNumber')} autoComplete="off" maxLength={20} />}
        </FormField>
      </div>
    </fieldset>
  );
}
