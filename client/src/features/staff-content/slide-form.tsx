import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useMutation } from '@apollo/client/react';
import { homeSlideInputSchema, type ValidHomeSlide } from '#shared/content.js';
import { sharedRules } from '../../lib/shared-rules';
import { NETWORK_ERROR, staffErrorMessage } from '../../lib/staff-errors';
import { fromBogotaLocal, toBogotaLocal } from '../../lib/staff-format';
import { StaffField } from '../../components/staff/staff-field';
import { ActionError } from '../../components/staff/query-error';
import { ImageUploadField, type UploadedPicture } from './image-upload-field';
import {
  StaffCreateHomeSlideDocument,
  StaffUpdateHomeSlideDocument,
  type StaffSlideFieldsFragment,
} from './staff-content.generated';

interface SlideFormValues {
  title: string;
  alt: string;
  link: string;
  desktopImageKey: string;
  mobileImageKey: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
}

const toInput = (v: SlideFormValues) => ({
  ...v,
  startsAt: fromBogotaLocal(v.startsAt),
  endsAt: fromBogotaLocal(v.endsAt),
});

/** Create or edit a carousel slide: both pictures, its description, link and dates (Bogotá time; the end is when it goes off). */
export function SlideForm({
  slide,
  onDone,
}: {
  slide: StaffSlideFieldsFragment | null;
  onDone: (message: string) => void;
}) {
  const { register, handleSubmit, formState, setValue, setError, watch } = useForm<
    SlideFormValues,
    unknown,
    ValidHomeSlide
  >({
    defaultValues: {
      title: slide?.title ?? '',
      alt: slide?.alt ?? '',
      link: slide?.link ?? '/',
      desktopImageKey: slide?.desktopImageKey ?? '',
      mobileImageKey: slide?.mobileImageKey ?? '',
      startsAt: toBogotaLocal(slide?.startsAt),
      endsAt: toBogotaLocal(slide?.endsAt),
      active: slide?.active ?? true,
    },
    resolver: sharedRules(homeSlideInputSchema, toInput),
  });
  const [pictures, setPictures] = useState<{ desktop: UploadedPicture | null; mobile: UploadedPicture | null }>({
    desktop: slide ? { key: slide.desktopImageKey, url: slide.desktopImage.url } : null,
    mobile: slide ? { key: slide.mobileImageKey, url: slide.mobileImage.url } : null,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [create] = useMutation(StaffCreateHomeSlideDocument, { refetchQueries: ['StaffContent'] });
  const [update] = useMutation(StaffUpdateHomeSlideDocument);
  const { errors, isSubmitting } = formState;
  const alt = watch('alt');
  const title = watch('title');

  const submit = handleSubmit(async (valid) => {
    setFailure(null);
    const input = {
      ...valid,
      startsAt: valid.startsAt?.toISOString() ?? null,
      endsAt: valid.endsAt?.toISOString() ?? null,
    };
    try {
      const result = slide
        ? (await update({ variables: { id: slide.id, input } })).data?.staffUpdateHomeSlide
        : (await create({ variables: { input } })).data?.staffCreateHomeSlide;
      if (result?.__typename === 'StaffHomeSlide')
        return onDone(slide ? 'Diapositiva guardada.' : 'Diapositiva creada.');
      if (result?.__typename === 'ValidationErrors')
        for (const e of result.errors)
          setError(e.field as Path<SlideFormValues>, { type: 'server', message: e.message });
      setFailure(result && 'message' in result ? result.message : NETWORK_ERROR);
    } catch (err) {
      setFailure(staffErrorMessage(err));
    }
  });

  const picked = (field: 'desktop' | 'mobile') => (p: UploadedPicture) => {
    setPictures((current) => ({ ...current, [field]: p }));
    setValue(field === 'desktop' ? 'desktopImageKey' : 'mobileImageKey', p.key, {
      shouldValidate: formState.isSubmitted,
    });
  };

  return (
    <form
      className="staff-card staff-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={slide ? `Editar la diapositiva ${slide.title}` : 'Nueva diapositiva'}
    >
      <h3>{slide ? `Editar: ${slide.title}` : 'Nueva diapositiva'}</h3>
      <StaffField label="Título (nombre de la diapositiva)" error={errors.title?.message}>
        {(a) => <input {...a} {...register('title')} maxLength={120} />}
      </StaffField>
      <StaffField
        label="Descripción de las imágenes"
        error={errors.alt?.message}
        hint="Lo que muestran y lo que dicen, para quien no puede verlas."
      >
        {(a) => <textarea {...a} {...register('alt')} rows={2} maxLength={200} />}
      </StaffField>
      <StaffField
        label="Enlace"
        error={errors.link?.message}
        hint="Una ruta de la tienda (ej. /chaquetas) o una dirección https://"
      >
        {(a) => <input {...a} {...register('link')} maxLength={300} autoComplete="off" spellCheck={false} />}
      </StaffField>
      <ImageUploadField
        label="Imagen para computador"
        hint="1600 × 600 px recomendado."
        picture={pictures.desktop}
        alt={alt}
        name={`${title}-computador`}
        error={errors.desktopImageKey?.message}
        onUploaded={picked('desktop')}
      />
      <ImageUploadField
        label="Imagen para celular"
        hint="800 × 1000 px recomendado."
        picture={pictures.mobile}
        alt={alt}
        name={`${title}-celular`}
        error={errors.mobileImageKey?.message}
        onUploaded={picked('mobile')}
      />
      <div className="staff-form__row">
        <StaffField label="Se muestra desde (opcional)" error={errors.startsAt?.message}>
          {(a) => <input {...a} {...register('startsAt')} type="datetime-local" />}
        </StaffField>
        <StaffField label="Se apaga el (opcional)" error={errors.endsAt?.message}>
          {(a) => <input {...a} {...register('endsAt')} type="datetime-local" />}
        </StaffField>
      </div>
      <label className="checkbox">
        <input type="checkbox" {...register('active')} /> Encendida
      </label>
      <ActionError message={failure} />
      <div className="staff-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Guardando…' : 'Guardar diapositiva'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDone('')}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
