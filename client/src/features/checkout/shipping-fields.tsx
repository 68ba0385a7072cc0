import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { FormField } from './form-field';
import { DEPARTMENTS, municipalitiesOf } from './divipola';
import type { FieldsProps } from './customer-fields';
import type { PaymentMethod } from '../../gql/types';

/** Where to deliver: DIVIPOLA department, municipality (searchable list), address. */
export function ShippingFields({ form, errors, update }: FieldsProps) {
  const listId = useId();
  const municipalities = useMemo(() => municipalitiesOf(form.departmentCode), [form.departmentCode]);
  return (
    <fieldset className="checkout-fieldset">
      <legend>Dirección de envío</legend>
      <FormField label="Departamento" error={errors.departmentCode}>
        {(p) => (
          <select
            {...p}
            name="departmentCode"
            autoComplete="address-level1"
            value={form.departmentCode}
            onChange={(e) => {
              const places = municipalitiesOf(e.target.value);
              update('departmentCode', e.target.value);
              // Bogotá D.C. (and any department with a single municipality) needs no second choice.
              update('municipalityName', places.length === 1 ? places[0].name : '');
            }}
          >
            <option value="">Elige un departamento</option>
            {DEPARTMENTS.map((d) => (
              <option key={d.code} value={d.code}>
                {d.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Municipio" error={errors.municipalityName} hint={form.departmentCode ? 'Escribe para buscar y elige de la lista.' : 'Primero elige el departamento.'}>
        {(p) => (
          <>
            <input
              {...p}
              name="municipality"
              list={listId}
              autoComplete="off"
              disabled={!form.departmentCode}
              value={form.municipalityName}
              onChange={(e) => update('municipalityName', e.target.value)}
            />
            <datalist id={listId}>
              {municipalities.map((m) => (
                <option key={m.code} value={m.name} />
              ))}
            </datalist>
          </>
        )}
      </FormField>
      <FormField label="Dirección" error={errors.address} hint="Ej. Calle 10 # 5-20, apto 301.">
        {(p) => <input {...p} name="address" autoComplete="street-address" maxLength={200} value={form.address} onChange={(e) => update('address', e.target.value)} />}
      </FormField>
      <FormField label="Barrio / indicaciones" optional error={errors.neighborhood}>
        {(p) => <input {...p} name="neighborhood" maxLength={200} value={form.neighborhood} onChange={(e) => update('neighborhood', e.target.value)} />}
      </FormField>
    </fieldset>
  );
}

/** Payment method and the data-policy acceptance. */
export function PaymentFields({ form, errors, update }: FieldsProps) {
  const policyErrorId = useId();
  const methods: Array<{ value: PaymentMethod; label: string }> = [
    { value: 'CARD', label: 'Tarjeta de crédito o débito' },
    { value: 'PSE', label: 'PSE' },
  ];
  return (
    <>
      <fieldset className="checkout-fieldset checkout-methods">
        <legend>Medio de pago</legend>
        {methods.map((m) => (
          <label key={m.value} className="checkout-choice">
            <input type="radio" name="paymentMethod" value={m.value} checked={form.paymentMethod === m.value} onChange={() => update('paymentMethod', m.value)} />
            {m.label}
          </label>
        ))}
      </fieldset>
      <div className={`form-field checkout-policy${errors.acceptDataPolicy ? ' form-field--invalid' : ''}`}>
        <label className="checkout-choice">
          <input
            type="checkbox"
            name="acceptDataPolicy"
            checked={form.acceptDataPolicy}
            aria-invalid={Boolean(errors.acceptDataPolicy)}
            aria-describedby={errors.acceptDataPolicy ? policyErrorId : undefined}
            onChange={(e) => update('acceptDataPolicy', e.target.checked)}
          />
          <span>
            Acepto la{' '}
            <Link to="/TratamientoDatos" target="_blank" rel="noopener">
              política de tratamiento de datos personales
            </Link>
          </span>
        </label>
        {errors.acceptDataPolicy ? (
          <p id={policyErrorId} className="form-field__error">
            {errors.acceptDataPolicy}
          </p>
        ) : null}
      </div>
    </>
  );
}
