import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useMutation, useQuery } from '@apollo/client/react';
import { DEPARTMENTS, municipalitiesOf } from '#shared/divipola.js';
import {
  ORGANIZATION_TYPE_LABELS,
  ORGANIZATION_TYPES,
  TAX_REGIME_LABELS,
  TAX_REGIMES,
  TAX_RESPONSIBILITY_LABELS,
} from '#shared/einvoicing.js';
import { legalSettingsSchema, type LegalSettingsValues } from '#shared/legal-settings.js';
import { sharedRules } from '../../lib/shared-rules';
import { NETWORK_ERROR, staffErrorMessage } from '../../lib/staff-errors';
import { formatDateTime } from '../../lib/staff-format';
import { StaffField, firstErrorMessage } from '../../components/staff/staff-field';
import { ActionError, QueryError } from '../../components/staff/query-error';
import {
  StaffLegalSettingsDocument,
  StaffSaveLegalSettingsDocument,
  type LegalSettingsFieldsFragment,
  type OrganizationType,
  type TaxRegime,
} from './staff-invoicing.generated';

type FormValues = Omit<
  LegalSettingsFieldsFragment,
  'saved' | 'updatedAt' | 'updatedBy' | '__typename' | 'postalCode'
> & {
  postalCode: string;
};

const TEXT_FIELDS: Array<{
  name: 'legalName' | 'tradeName' | 'nit' | 'address' | 'postalCode' | 'phone' | 'email';
  label: string;
  hint?: string;
}> = [
  { name: 'legalName', label: 'Razón social' },
  { name: 'tradeName', label: 'Nombre comercial' },
  {
    name: 'nit',
    label: 'NIT',
    hint: 'Con o sin el dígito de verificación (ej. 901.234.567-7): se calcula y se comprueba.',
  },
  { name: 'address', label: 'Dirección', hint: 'La del RUT (sin el municipio, que eliges abajo).' },
  { name: 'postalCode', label: 'Código postal (opcional)' },
  { name: 'phone', label: 'Teléfono' },
  { name: 'email', label: 'Correo', hint: 'Donde los clientes y la DIAN escriben a la tienda.' },
];

function LegalForm({ settings }: { settings: LegalSettingsFieldsFragment }) {
  const { register, handleSubmit, formState, setError, watch } = useForm<FormValues, unknown, LegalSettingsValues>({
    defaultValues: {
      legalName: settings.legalName,
      tradeName: settings.tradeName,
      nit: settings.nit,
      organizationType: settings.organizationType,
      taxRegime: settings.taxRegime,
      taxResponsibilities: settings.taxResponsibilities,
      address: settings.address,
      departmentCode: settings.departmentCode,
      municipalityCode: settings.municipalityCode,
      postalCode: settings.postalCode ?? '',
      phone: settings.phone,
      email: settings.email,
    },
    resolver: sharedRules(legalSettingsSchema, (v: FormValues) => v),
  });
  const [save] = useMutation(StaffSaveLegalSettingsDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { errors, isSubmitting } = formState;
  const department = watch('departmentCode');
  const submit = handleSubmit(async () => {
    setFailure(null);
    setSaved(false);
    const v = watch();
    const input = {
      ...v,
      organizationType: v.organizationType as OrganizationType,
      taxRegime: v.taxRegime as TaxRegime,
      postalCode: v.postalCode.trim() || null,
    };
    try {
      const result = (await save({ variables: { input } })).data?.staffSaveLegalSettings;
      if (result?.__typename === 'LegalSettings') return setSaved(true);
      if (result?.__typename === 'ValidationErrors')
        for (const e of result.errors) setError(e.field as Path<FormValues>, { type: 'server', message: e.message });
      setFailure(result && 'message' in result ? result.message : NETWORK_ERROR);
    } catch (err) {
      setFailure(staffErrorMessage(err));
    }
  });
  return (
    <form className="staff-card staff-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="legal-title">
      <h2 id="legal-title">Identidad legal y tributaria</h2>
      <p className="muted">
        {settings.saved
          ? `Guardada${settings.updatedAt ? ` el ${formatDateTime(settings.updatedAt)}` : ''}${settings.updatedBy ? ` por ${settings.updatedBy}` : ''}.`
          : 'Aún no guardada: la tienda usa los datos de su configuración (LEGAL_*). Revísalos y guárdalos.'}{' '}
        El pie de página, los correos y las facturas electrónicas usan estos datos.
      </p>
      <div className="staff-form__row">
        {TEXT_FIELDS.map((f) => (
          <StaffField key={f.name} label={f.label} hint={f.hint} error={errors[f.name]?.message}>
            {(a) => <input {...a} {...register(f.name)} autoComplete="off" />}
          </StaffField>
        ))}
        <StaffField label="Tipo de persona" error={errors.organizationType?.message}>
          {(a) => (
            <select {...a} {...register('organizationType')}>
              {ORGANIZATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ORGANIZATION_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField label="Régimen de IVA" error={errors.taxRegime?.message}>
          {(a) => (
            <select {...a} {...register('taxRegime')}>
              {TAX_REGIMES.map((t) => (
                <option key={t} value={t}>
                  {TAX_REGIME_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField label="Departamento" error={errors.departmentCode?.message}>
          {(a) => (
            <select {...a} {...register('departmentCode')}>
              {DEPARTMENTS.map((d) => (
                <option key={d.code} value={d.code}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField label="Municipio" error={errors.municipalityCode?.message}>
          {(a) => (
            <select {...a} {...register('municipalityCode')}>
              <option value="">Elige el municipio</option>
              {municipalitiesOf(department).map((m) => (
                <option key={m.code} value={m.code}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </StaffField>
      </div>
      <fieldset className="staff-checks-group">
        <legend>Responsabilidades fiscales del RUT</legend>
        {Object.entries(TAX_RESPONSIBILITY_LABELS).map(([code, label]) => (
          <label key={code} className="staff-checks">
            <input type="checkbox" value={code} {...register('taxResponsibilities')} /> {code} · {label}
          </label>
        ))}
        {firstErrorMessage(errors.taxResponsibilities) ? (
          <p className="staff-field__error">{firstErrorMessage(errors.taxResponsibilities)}</p>
        ) : null}
      </fieldset>
      <button type="submit" className="button" disabled={isSubmitting}>
        Guardar los datos legales
      </button>
      {saved ? <p role="status">Datos legales guardados.</p> : null}
      <ActionError message={failure} />
    </form>
  );
}

/** `/dashboard/datos-legales`: the shop's legal and tax identity (owner). */
export function LegalSettingsPage() {
  const { data, error, loading, refetch } = useQuery(StaffLegalSettingsDocument, { fetchPolicy: 'cache-and-network' });
  return (
    <section className="staff-page">
      <h1>Datos legales</h1>
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando…</p> : null}
      {data ? <LegalForm key={String(data.staffLegalSettings.updatedAt)} settings={data.staffLegalSettings} /> : null}
    </section>
  );
}
