import { useEffect, useId, useMemo, useRef, useState, type Ref } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import {
  DEPARTMENTS,
  findMunicipality,
  findMunicipalityByName,
  foldPlaceName,
  municipalitiesOf,
} from '#shared/divipola.js';
import { FormField, type FieldRenderProps } from '../../components/form-field';
import type { FieldsProps } from './customer-fields';

/** Where to deliver: DIVIPOLA department, municipality (searchable list), address. */
export function ShippingFields({ form }: FieldsProps) {
  const { register, setValue, control } = form;
  const errors = form.formState.errors.shipping;
  const departmentCode = useWatch({ control, name: 'shipping.departmentCode' });
  return (
    <fieldset className="checkout-fieldset">
      <legend>Dirección de envío</legend>
      <FormField label="Departamento" error={errors?.departmentCode?.message}>
        {(p) => (
          <select
            {...p}
            {...register('shipping.departmentCode', {
              onChange: (e: { target: { value: string } }) => {
                const places = municipalitiesOf(e.target.value);
                // Bogotá D.C. (and any department with a single municipality) needs no second choice.
                setValue('shipping.municipalityCode', places.length === 1 ? places[0]!.code : '', {
                  shouldValidate: form.formState.isSubmitted,
                });
              },
            })}
            autoComplete="address-level1"
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
      <Controller
        control={control}
        name="shipping.municipalityCode"
        render={({ field, fieldState }) => (
          <FormField
            label="Municipio"
            error={fieldState.error?.message}
            hint={departmentCode ? 'Escribe para buscar y elige de la lista.' : 'Primero elige el departamento.'}
          >
            {(p) => (
              <MunicipalityInput
                {...p}
                inputRef={field.ref}
                departmentCode={departmentCode}
                code={field.value}
                onCodeChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          </FormField>
        )}
      />
      <FormField label="Dirección" error={errors?.address?.message} hint="Ej. Calle 10 # 5-20, apto 301.">
        {(p) => <input {...p} {...register('shipping.address')} autoComplete="street-address" maxLength={200} />}
      </FormField>
      <FormField label="Barrio / indicaciones" optional error={errors?.neighborhood?.message}>
        {(p) => <input {...p} {...register('shipping.neighborhood')} maxLength={200} />}
      </FormField>
    </fieldset>
  );
}

interface MunicipalityInputProps extends FieldRenderProps {
  inputRef: Ref<HTMLInputElement>;
  departmentCode: string;
  /** DANE code of the chosen municipality ('' while none matches what was typed). */
  code: string;
  onCodeChange: (code: string) => void;
  onBlur: () => void;
}

/** Free text with the department's municipalities as suggestions; the form keeps the DANE code of the match. */
function MunicipalityInput({ inputRef, departmentCode, code, onCodeChange, onBlur, ...field }: MunicipalityInputProps) {
  const listId = useId();
  const municipalities = useMemo(() => municipalitiesOf(departmentCode), [departmentCode]);
  const [text, setText] = useState(() => findMunicipality(departmentCode, code)?.name ?? '');
  const shownDepartment = useRef(departmentCode);
  // Another department clears (or, with a single municipality, fills) the text; a code set from outside shows its name.
  useEffect(() => {
    const place = findMunicipality(departmentCode, code);
    if (shownDepartment.current !== departmentCode) {
      shownDepartment.current = departmentCode;
      setText(place?.name ?? '');
    } else if (place) {
      setText((current) =>
        foldPlaceName(place.name).startsWith(foldPlaceName(current)) && current.trim() ? current : place.name,
      );
    }
  }, [departmentCode, code]);
  return (
    <>
      <input
        {...field}
        ref={inputRef}
        name="municipality"
        list={listId}
        autoComplete="off"
        disabled={!departmentCode}
        value={text}
        onBlur={onBlur}
        onChange={(e) => {
          setText(e.target.value);
          onCodeChange(findMunicipalityByName(departmentCode, e.target.value)?.code ?? '');
        }}
      />
      <datalist id={listId}>
        {municipalities.map((m) => (
          <option key={m.code} value={m.name} />
        ))}
      </datalist>
    </>
  );
}
