import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useMutation } from '@apollo/client/react';
import { campaignInputSchema, type CampaignFormInput, type ValidCampaign } from '#shared/content.js';
import { sharedRules } from '../../lib/shared-rules';
import { NETWORK_ERROR, staffErrorMessage } from '../../lib/staff-errors';
import { StaffField } from '../../components/staff/staff-field';
import { ActionError } from '../../components/staff/query-error';
import {
  StaffCampaignPreviewDocument,
  StaffUpdateCampaignDocument,
  type StaffCampaignFieldsFragment,
} from './staff-content.generated';
import { countOf } from '#shared/plural.js';

/** A seasonal campaign page: on or off, its title and description, and a preview link that works while off. */
export function CampaignCard({ campaign }: { campaign: StaffCampaignFieldsFragment }) {
  const { register, handleSubmit, formState, setError } = useForm<CampaignFormInput, unknown, ValidCampaign>({
    values: { title: campaign.title, description: campaign.description, active: campaign.active },
    resolver: sharedRules(campaignInputSchema, (v: CampaignFormInput) => v),
  });
  const [update] = useMutation(StaffUpdateCampaignDocument);
  const [preview, { loading: previewing }] = useMutation(StaffCampaignPreviewDocument);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (input) => {
    setMessage(null);
    try {
      const result = (await update({ variables: { slug: campaign.slug, input } })).data?.staffUpdateCampaign;
      if (result?.__typename === 'StaffCampaign')
        return setMessage({
          ok: true,
          text: result.active
            ? `La página ${result.path} está encendida.`
            : `La página ${result.path} está apagada: los clientes ya no la ven.`,
        });
      if (result?.__typename === 'ValidationErrors')
        for (const e of result.errors)
          setError(e.field as Path<CampaignFormInput>, { type: 'server', message: e.message });
      setMessage({ ok: false, text: result && 'message' in result ? result.message : NETWORK_ERROR });
    } catch (err) {
      setMessage({ ok: false, text: staffErrorMessage(err) });
    }
  });

  async function openPreview() {
    setMessage(null);
    try {
      const result = (await preview({ variables: { slug: campaign.slug } })).data?.staffCampaignPreview;
      if (result?.__typename !== 'CampaignPreviewLink')
        return setMessage({ ok: false, text: result?.message ?? NETWORK_ERROR });
      setLink(result.url);
    } catch (err) {
      setMessage({ ok: false, text: staffErrorMessage(err) });
    }
  }

  return (
    <form
      className="staff-card staff-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Campaña ${campaign.title}`}
    >
      <h3>
        Campaña {campaign.path}{' '}
        <span className={`staff-badge${campaign.active ? ' staff-badge--on' : ''}`}>
          {campaign.active ? 'Encendida' : 'Apagada'}
        </span>
      </h3>
      <p className="muted">
        {countOf(campaign.productCount, 'producto publicado', 'productos publicados')} en la colección.
      </p>
      <StaffField label="Título de la página" error={errors.title?.message}>
        {(a) => <input {...a} {...register('title')} maxLength={80} />}
      </StaffField>
      <StaffField label="Descripción" error={errors.description?.message}>
        {(a) => <textarea {...a} {...register('description')} rows={2} maxLength={300} />}
      </StaffField>
      <label className="checkbox">
        <input type="checkbox" {...register('active')} /> Encendida (visible en la tienda y en el menú)
      </label>
      {message?.ok ? (
        <p className="staff-success" role="status">
          {message.text}
        </p>
      ) : (
        <ActionError message={message?.text} />
      )}
      <div className="staff-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          Guardar campaña
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void openPreview()}
          disabled={previewing}
        >
          Crear enlace de vista previa
        </button>
      </div>
      {link ? (
        <p role="status">
          Vista previa (24 horas, también mientras está apagada):{' '}
          <a href={link} target="_blank" rel="noopener">
            Abrir la vista previa de {campaign.path}
          </a>
        </p>
      ) : null}
    </form>
  );
}
