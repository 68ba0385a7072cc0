import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useMutation } from '@apollo/client/react';
import { NETWORK_ERROR, staffErrorMessage } from '../../lib/staff-errors';
import { formatDateTime } from '../../lib/staff-format';
import { StaffField } from '../../components/staff/staff-field';
import { ActionError } from '../../components/staff/query-error';
import { StaffSaveInvoiceNumberingDocument, type InvoicingFieldsFragment } from './staff-invoicing.generated';

interface FormValues {
  resolutionNumber: string;
  prefix: string;
  from: string;
  to: string;
  validFrom: string;
  validTo: string;
  technicalKey: string;
  creditNotePrefix: string;
}

const FIELDS: Array<{ name: keyof FormValues; label: string; hint?: string; type?: string; inputMode?: 'numeric' }> = [
  {
    name: 'resolutionNumber',
    label: 'Número de la resolución',
    hint: 'Como aparece en el formulario 1876 de la DIAN.',
    inputMode: 'numeric',
  },
  { name: 'prefix', label: 'Prefijo', hint: 'Hasta 4 letras o números; puede ir vacío.' },
  { name: 'from', label: 'Rango desde', inputMode: 'numeric' },
  { name: 'to', label: 'Rango hasta', inputMode: 'numeric' },
  { name: 'validFrom', label: 'Vigente desde', type: 'date' },
  { name: 'validTo', label: 'Vigente hasta', type: 'date' },
  {
    name: 'technicalKey',
    label: 'Clave técnica',
    hint: 'La entrega la DIAN con la resolución (servicio de rangos de numeración).',
  },
  { name: 'creditNotePrefix', label: 'Prefijo de las notas crédito' },
];

const toInput = (v: FormValues) => ({
  ...v,
  from: Number(v.from.replace(/\D/g, '') || Number.NaN),
  to: Number(v.to.replace(/\D/g, '') || Number.NaN),
});

/** The DIAN numbering resolution of invoices (owner); the server checks every rule and answers field by field. */
export function NumberingForm({ settings }: { settings: InvoicingFieldsFragment }) {
  const n = settings.invoiceNumbering;
  const { register, handleSubmit, formState, setError } = useForm<FormValues>({
    defaultValues: {
      resolutionNumber: settings.usingTestResolution ? '' : (n?.resolutionNumber ?? ''),
      prefix: settings.usingTestResolution ? '' : (n?.prefix ?? ''),
      from: settings.usingTestResolution ? '' : String(n?.from ?? ''),
      to: settings.usingTestResolution ? '' : String(n?.to ?? ''),
      validFrom: settings.usingTestResolution ? '' : (n?.validFrom ?? ''),
      validTo: settings.usingTestResolution ? '' : (n?.validTo ?? ''),
      technicalKey: settings.usingTestResolution ? '' : (n?.technicalKey ?? ''),
      creditNotePrefix: settings.creditNotePrefix,
    },
  });
  const [save] = useMutation(StaffSaveInvoiceNumberingDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    try {
      const result = (await save({ variables: { input: toInput(values) } })).data?.staffSaveInvoiceNumbering;
      if (result?.__typename === 'InvoicingSettings') return setSaved(true);
      if (result?.__typename === 'ValidationErrors')
        for (const e of result.errors) setError(e.field as Path<FormValues>, { type: 'server', message: e.message });
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
      aria-labelledby="numbering-title"
    >
      <h2 id="numbering-title">Resolución de numeración</h2>
      {n ? (
        <p>
          En uso: resolución <strong>{n.resolutionNumber}</strong>, prefijo{' '}
          <strong>{n.prefix || '(sin prefijo)'}</strong>, del {n.from} al {n.to}, vigente del {n.validFrom} al{' '}
          {n.validTo}. Siguiente número: <strong>{n.nextNumber}</strong> (quedan {n.remaining}).
          {settings.usingTestResolution
            ? ' Es la numeración del set de pruebas de la DIAN: registra la tuya antes de salir en vivo.'
            : ''}
          {n.updatedAt
            ? ` Actualizada el ${formatDateTime(n.updatedAt)}${n.updatedBy ? ` por ${n.updatedBy}` : ''}.`
            : ''}
        </p>
      ) : (
        <p className="staff-alert">No hay resolución registrada: las facturas no se pueden emitir.</p>
      )}
      <div className="staff-form__row">
        {FIELDS.map((f) => (
          <StaffField key={f.name} label={f.label} hint={f.hint} error={formState.errors[f.name]?.message}>
            {(a) => (
              <input {...a} {...register(f.name)} type={f.type ?? 'text'} inputMode={f.inputMode} autoComplete="off" />
            )}
          </StaffField>
        ))}
      </div>
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        Guardar la resolución
      </button>
      {saved ? (
        <p role="status">Resolución guardada. Las facturas que esperaban numeración ya se están emitiendo.</p>
      ) : null}
      <ActionError message={failure} />
    </form>
  );
}
