import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useMutation } from '@apollo/client/react';
import { promoBlockInputSchema, type ValidPromoBlock } from '#shared/content.js';
import { sharedRules } from '../../lib/shared-rules';
import { NETWORK_ERROR, staffErrorMessage } from '../../lib/staff-errors';
import { fromBogotaLocal, toBogotaLocal } from '../../lib/staff-format';
import { StaffField } from '../../components/staff/staff-field';
import { ActionError } from '../../components/staff/query-error';
import { ImageUploadField, type UploadedPicture } from './image-upload-field';
import {
  StaffCreatePromoBlockDocument,
  StaffUpdatePromoBlockDocument,
  type StaffPromoFieldsFragment,
} from './staff-content.generated';

interface PromoFormValues {
  title: string;
  body: string;
  imageKey: string;
  imageAlt: string;
  linkUrl: string;
  linkLabel: string;
  fromPriceCategory: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
}

const toInput = (v: PromoFormValues) => ({
  ...v,
  startsAt: fromBogotaLocal(v.startsAt),
  endsAt: fromBogotaLocal(v.endsAt),
});

/**
 * Create or edit a promo block: its words are typed here (never painted into the picture) and the
 * optional "Desde" price is read from the chosen category's lowest published price.
 */
export function PromoForm({
  promo,
  categories,
  onDone,
}: {
  promo: StaffPromoFieldsFragment | null;
  categories: Array<{ slug: string; name: string }>;
  onDone: (message: string) => void;
}) {
  const { register, handleSubmit, formState, setValue, setError, watch } = useForm<
    PromoFormValues,
    unknown,
    ValidPromoBlock
  >({
    defaultValues: {
      title: promo?.title ?? '',
      body: promo?.body ?? '',
      imageKey: promo?.imageKey ?? '',
      imageAlt: promo?.image?.alt ?? '',
      linkUrl: promo?.linkUrl ?? '/',
      linkLabel: promo?.linkLabel ?? '',
      fromPriceCategory: promo?.fromPriceCategory ?? '',
      startsAt: toBogotaLocal(promo?.startsAt),
      endsAt: toBogotaLocal(promo?.endsAt),
      active: promo?.active ?? true,
    },
    resolver: sharedRules(promoBlockInputSchema, toInput),
  });
  const [picture, setPicture] = useState<UploadedPicture | null>(
    promo?.image && promo.imageKey ? { key: promo.imageKey, url: promo.image.url } : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [create] = useMutation(StaffCreatePromoBlockDocument, { refetchQueries: ['StaffContent'] });
  const [update] = useMutation(StaffUpdatePromoBlockDocument);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (valid) => {
    setFailure(null);
    const input = {
      ...valid,
      startsAt: valid.startsAt?.toISOString() ?? null,
      endsAt: valid.endsAt?.toISOString() ?? null,
    };
    try {
      const result = promo
        ? (await update({ variables: { id: promo.id, input } })).data?.staffUpdatePromoBlock
        : (await create({ variables: { input } })).data?.staffCreatePromoBlock;
      if (result?.__typename === 'StaffPromoBlock') return onDone(promo ? 'Bloque guardado.' : 'Bloque creado.');
      if (result?.__typename === 'ValidationErrors')
        for (const e of result.errors)
          setError(e.field as Path<PromoFormValues>, { type: 'server', message: e.message });
      setFailure(result && 'message' in result ? result.message : NETWORK_ERROR);
    } catch (err) {
      setFailure(staffErrorMessage(err));
    }
  });

  return (
    <form
      className="staff-card staff-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={promo ? `Editar el bloque ${promo.title}` : 'Nuevo bloque promocional'}
    >
      <h3>{promo ? `Editar: ${promo.title}` : 'Nuevo bloque promocional'}</h3>
      <StaffField label="Título" error={errors.title?.message}>
        {(a) => <input {...a} {...register('title')} maxLength={120} />}
      </StaffField>
      <StaffField label="Texto" error={errors.body?.message}>
        {(a) => <textarea {...a} {...register('body')} rows={3} maxLength={600} />}
      </StaffField>
      <StaffField
        label="Mostrar «Desde» el menor precio de"
        error={errors.fromPriceCategory?.message}
        hint="El precio se lee del catálogo: sigue los cambios de precio."
      >
        {(a) => (
          <select {...a} {...register('fromPriceCategory')}>
            <option value="">Sin precio</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </StaffField>
      <ImageUploadField
        label="Imagen (opcional)"
        hint="Sin textos ni precios pintados: el bloque los muestra como texto."
        picture={picture}
        alt={watch('imageAlt')}
        name={`promo-${watch('title')}`}
        error={errors.imageKey?.message}
        onUploaded={(p) => {
          setPicture(p);
          setValue('imageKey', p.key);
        }}
      />
      {picture ? (
        <button
          type="button"
          className="button-link"
          onClick={() => {
            setPicture(null);
            setValue('imageKey', '');
          }}
        >
          Quitar la imagen
        </button>
      ) : null}
      <StaffField
        label="Descripción de la imagen"
        error={errors.imageAlt?.message}
        hint="Déjala vacía si la imagen es solo decorativa."
      >
        {(a) => <input {...a} {...register('imageAlt')} maxLength={200} />}
      </StaffField>
      <div className="staff-form__row">
        <StaffField label="Enlace" error={errors.linkUrl?.message} hint="Ej. /pecheras o https://…">
          {(a) => <input {...a} {...register('linkUrl')} maxLength={300} autoComplete="off" spellCheck={false} />}
        </StaffField>
        <StaffField label="Texto del botón" error={errors.linkLabel?.message}>
          {(a) => <input {...a} {...register('linkLabel')} maxLength={40} />}
        </StaffField>
      </div>
      <div className="staff-form__row">
        <StaffField label="Se muestra desde (opcional)" error={errors.startsAt?.message}>
          {(a) => <input {...a} {...register('startsAt')} type="datetime-local" />}
        </StaffField>
        <StaffField label="Se apaga el (opcional)" error={errors.endsAt?.message}>
          {(a) => <input {...a} {...register('endsAt')} type="datetime-local" />}
        </StaffField>
      </div>
      <label className="checkbox">
        <input type="checkbox" {...register('active')} /> Encendido
      </label>
      <ActionError message={failure} />
      <div className="staff-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Guardando…' : 'Guardar bloque'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDone('')}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
