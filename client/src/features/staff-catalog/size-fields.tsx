import { useFieldArray, useFormContext } from 'react-hook-form';
import { StaffField } from '../../components/staff/staff-field';
import type { ProductFormValues } from './product-form-values';
import { countOf } from '#shared/plural.js';

/**
 * Sizes with their stock, in the order the shop shows them. Units reserved by unpaid orders are shown
 * (they are not in the stock and cannot be edited); a size holding them cannot be removed.
 */
export function SizeFields() {
  const { control, register, formState } = useFormContext<ProductFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'sizes', keyName: 'key' });
  const errors = formState.errors.sizes;
  return (
    <fieldset>
      <legend>Tallas e inventario</legend>
      <p className="muted">Usa una sola talla (ej. «Única») para productos sin tallas, como una correa de 1,2 m.</p>
      {errors?.message || errors?.root?.message ? (
        <p className="staff-field__error" role="alert">
          {errors.message ?? errors.root?.message}
        </p>
      ) : null}
      <ol className="size-rows" aria-label="Tallas">
        {fields.map((field, i) => (
          <li key={field.key} className="size-row">
            <StaffField
              label={
                <>
                  Talla<span className="visually-hidden"> {i + 1}</span>
                </>
              }
              error={errors?.[i]?.label?.message}
            >
              {(a) => <input {...a} {...register(`sizes.${i}.label`)} maxLength={10} autoComplete="off" />}
            </StaffField>
            <StaffField
              label={
                <>
                  Código (SKU)<span className="visually-hidden"> de la talla {i + 1}</span>
                </>
              }
              hint={field.id ? undefined : 'Vacío: se asigna uno'}
              className="size-row__sku"
              error={errors?.[i]?.sku?.message}
            >
              {(a) => (
                <input
                  {...a}
                  {...register(`sizes.${i}.sku`)}
                  maxLength={50}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
              )}
            </StaffField>
            <StaffField
              label={
                <>
                  Unidades<span className="visually-hidden"> de la talla {i + 1}</span>
                </>
              }
              error={errors?.[i]?.stock?.message}
            >
              {(a) => <input {...a} {...register(`sizes.${i}.stock`)} inputMode="numeric" autoComplete="off" />}
            </StaffField>
            <div className="staff-form__actions size-row__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => move(i, i - 1)}
                disabled={i === 0}
                aria-label={`Subir la talla ${i + 1}`}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => remove(i)}
                disabled={field.reserved > 0}
                aria-label={`Quitar la talla ${i + 1}`}
              >
                Quitar
              </button>
            </div>
            {field.reserved > 0 ? (
              <p className="size-row__reserved muted">
                {countOf(field.reserved, 'unidad reservada', 'unidades reservadas')} por órdenes pendientes de pago.
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => append({ id: null, label: '', sku: '', stock: '0', expectedStock: null, reserved: 0 })}
          disabled={fields.length >= 12}
        >
          Agregar talla
        </button>
      </div>
    </fieldset>
  );
}
