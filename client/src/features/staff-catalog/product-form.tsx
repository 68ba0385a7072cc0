import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { productInputSchema, type ValidProduct } from '#shared/product-form.js';
import { sharedRules } from '../../lib/shared-rules';
import { staffErrorMessage } from '../../lib/staff-errors';
import { StaffField } from '../../components/staff/staff-field';
import { ActionError } from '../../components/staff/query-error';
import { SizeFields } from './size-fields';
import { SizeGuideFields } from './size-guide-fields';
import { PETS } from './pet-options';
import { suggestedGuide, toProductInput, type ProductFormValues } from './product-form-values';

export interface ProductFormProps {
  initial: ProductFormValues;
  categories: Array<{ slug: string; name: string }>;
  collections: Array<{ collection: string; title: string }>;
  /** Current and former storefront URLs (editing). */
  path?: string;
  formerPaths?: string[];
  archived?: boolean;
  submitLabel: string;
  /** Sends the validated product; answers the server's refusal (field errors included) or null when saved. */
  onSubmit: (
    input: ValidProduct,
  ) => Promise<{ message: string; errors?: Array<{ field: string; message: string }> } | null>;
}

/**
 * A whole product (create or edit): react-hook-form validated by the shared product rules, the same
 * ones the server applies. Server refusals land on their fields.
 */
export function ProductForm({
  initial,
  categories,
  collections,
  path,
  formerPaths = [],
  archived,
  submitLabel,
  onSubmit,
}: ProductFormProps) {
  // `values`: a saved answer (new size ids, stock) becomes the form's state.
  const form = useForm<ProductFormValues, unknown, ValidProduct>({
    values: initial,
    resolver: sharedRules(productInputSchema, toProductInput),
  });
  const { register, handleSubmit, formState, setError, getValues, setValue } = form;
  const { errors, isSubmitting } = formState;
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = handleSubmit(async (input) => {
    setStatus(null);
    try {
      const refused = await onSubmit(input);
      if (!refused) return setStatus({ ok: true, text: 'Producto guardado.' });
      for (const e of refused.errors ?? [])
        setError(e.field as Path<ProductFormValues>, { type: 'server', message: e.message });
      setStatus({ ok: false, text: refused.message });
    } catch (err) {
      setStatus({ ok: false, text: staffErrorMessage(err) });
    }
  });

  // Choosing a category for a product without a guide fills in that category's suggested measurements.
  const onCategory = () => {
    const v = getValues();
    if (v.sizeGuide.measurements.length) return;
    const guide = suggestedGuide(
      v.categorySlug,
      v.sizes.map((s) => s.label),
    );
    if (guide) {
      setValue('sizeGuide', guide);
      setValue('guideOn', true);
    }
  };

  return (
    <FormProvider {...form}>
      <form className="staff-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Datos del producto">
        <StaffField label="Nombre" error={errors.name?.message}>
          {(a) => <input {...a} {...register('name')} maxLength={160} autoComplete="off" />}
        </StaffField>
        <StaffField
          label="Dirección (slug)"
          error={errors.slug?.message}
          hint={
            path
              ? `Dirección actual: ${path}. Si la cambias, la anterior seguirá llevando a este producto.`
              : 'Déjala vacía para crearla a partir del nombre.'
          }
        >
          {(a) => <input {...a} {...register('slug')} maxLength={120} autoComplete="off" spellCheck={false} />}
        </StaffField>
        {formerPaths.length ? (
          <p className="muted">Direcciones anteriores (redirigen aquí): {formerPaths.join(', ')}</p>
        ) : null}
        <div className="staff-form__row">
          <StaffField label="Categoría" error={errors.categorySlug?.message}>
            {(a) => (
              <select {...a} {...register('categorySlug', { onChange: onCategory })}>
                <option value="">Elige…</option>
                {categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </StaffField>
          <StaffField label="Precio (COP, IVA incluido)" error={errors.price?.message} hint="Ej. 85000 u 85.000">
            {(a) => <input {...a} {...register('price')} inputMode="numeric" autoComplete="off" />}
          </StaffField>
        </div>
        <StaffField label="Descripción" error={errors.description?.message}>
          {(a) => <textarea {...a} {...register('description')} rows={4} maxLength={5000} />}
        </StaffField>
        <fieldset>
          <legend>Para (filtro «Mascota» de la tienda)</legend>
          <div className="staff-checks">
            {PETS.map(({ pet, label }) => (
              <label key={pet}>
                <input type="checkbox" value={pet} {...register('pets')} /> {label}
              </label>
            ))}
          </div>
        </fieldset>
        {collections.length ? (
          <fieldset>
            <legend>Colecciones</legend>
            <div className="staff-checks">
              {collections.map((c) => (
                <label key={c.collection}>
                  <input type="checkbox" value={c.collection} {...register('collections')} /> {c.title}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <SizeFields />
        <SizeGuideFields />
        <label className="checkbox">
          <input type="checkbox" {...register('active')} /> Publicado (visible en la tienda)
        </label>
        {archived ? <p className="muted">Este producto está archivado: restáuralo para volver a publicarlo.</p> : null}
        {status?.ok ? (
          <p className="staff-success" role="status">
            {status.text}
          </p>
        ) : (
          <ActionError message={status?.text} />
        )}
        <div className="staff-form__actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? 'Guardando…' : submitLabel}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
