import { useFormContext, useWatch } from 'react-hook-form';
import { MEASUREMENT_LABELS, SIZE_MEASUREMENTS, type SizeMeasurement } from '#shared/size-guide.js';
import { firstErrorMessage } from '../../components/staff/staff-field';
import { cellKey, suggestedGuide, type ProductFormValues } from './product-form-values';

/**
 * The product's size guide: which measurements (cm), one value or range per size (`32-40`, `2,5`),
 * and a note. "Usar medidas sugeridas" fills in the category's defaults for the current sizes.
 */
export function SizeGuideFields() {
  const { register, setValue, getValues, control, formState } = useFormContext<ProductFormValues>();
  const [guideOn, sizes, measurements, cells] = useWatch({
    control,
    name: ['guideOn', 'sizes', 'sizeGuide.measurements', 'sizeGuide.cells'],
  });
  const error = firstErrorMessage(formState.errors.sizeGuide);
  const labels = sizes.map((s) => s.label.trim()).filter(Boolean);

  function toggle(m: SizeMeasurement, on: boolean) {
    const next = SIZE_MEASUREMENTS.filter((x) => (x === m ? on : measurements.includes(x)));
    setValue('sizeGuide.measurements', next, { shouldDirty: true });
  }

  function suggest() {
    const v = getValues();
    const guide = suggestedGuide(
      v.categorySlug,
      v.sizes.map((s) => s.label),
    );
    if (guide) setValue('sizeGuide', { ...guide, note: v.sizeGuide.note }, { shouldDirty: true });
  }

  return (
    <fieldset>
      <legend>Guía de tallas</legend>
      <label className="checkbox">
        <input type="checkbox" {...register('guideOn')} /> Mostrar guía de tallas en la página del producto
      </label>
      {guideOn ? (
        <>
          <div className="staff-checks" role="group" aria-label="Medidas de la guía">
            {SIZE_MEASUREMENTS.map((m) => (
              <label key={m}>
                <input
                  type="checkbox"
                  checked={measurements.includes(m)}
                  onChange={(e) => toggle(m, e.target.checked)}
                />{' '}
                {MEASUREMENT_LABELS[m]}
              </label>
            ))}
          </div>
          <div>
            <button type="button" className="button button--secondary" onClick={suggest}>
              Usar medidas sugeridas para la categoría
            </button>
          </div>
          {measurements.length && labels.length ? (
            <div className="guide-table-wrap">
              <table className="guide-table">
                <caption className="visually-hidden">
                  Medidas por talla en centímetros: un valor (2,5) o un rango (32-40)
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Talla</th>
                    {measurements.map((m) => (
                      <th scope="col" key={m}>
                        {MEASUREMENT_LABELS[m]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {labels.map((size) => (
                    <tr key={size}>
                      <th scope="row">{size}</th>
                      {measurements.map((m) => (
                        <td key={m}>
                          <input
                            aria-label={`${MEASUREMENT_LABELS[m]} de la talla ${size}`}
                            value={cells[cellKey(size, m)] ?? ''}
                            onChange={(e) =>
                              setValue(
                                'sizeGuide.cells',
                                { ...getValues('sizeGuide.cells'), [cellKey(size, m)]: e.target.value },
                                { shouldDirty: true },
                              )
                            }
                            inputMode="decimal"
                            autoComplete="off"
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted">Elige al menos una medida y una talla.</p>
          )}
          <label className="staff-field">
            Nota (opcional)
            <input
              {...register('sizeGuide.note')}
              maxLength={300}
              placeholder="Ej. Si está entre dos tallas, elige la mayor."
            />
          </label>
          {error ? (
            <p className="staff-field__error" role="alert">
              {error}
            </p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
