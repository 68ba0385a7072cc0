import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useMutation } from '@apollo/client/react';
import { discountCodeInputSchema, type ValidDiscountCode } from '#shared/discount-codes.js';
import { sharedRules } from '../../lib/shared-rules';
import { NETWORK_ERROR, staffErrorMessage } from '../../lib/staff-errors';
import { parsePesos, parseWhole, toBogotaDay } from '../../lib/staff-format';
import { StaffField } from '../../components/staff/staff-field';
import { ActionError } from '../../components/staff/query-error';
import type { DiscountCodeInput } from '../../gql/types';
import {
  StaffCreateDiscountCodeDocument,
  StaffUpdateDiscountCodeDocument,
  type StaffDiscountCodeFieldsFragment,
} from './staff-discounts.generated';

/** A code as the form holds it (text as typed; days in Bogotá). */
interface CodeFormValues {
  code: string;
  percent: string;
  active: boolean;
  validFrom: string;
  validUntil: string;
  usageLimit: string;
  minSubtotal: string;
  categorySlugs: string[];
  firstPurchaseOnly: boolean;
  perCustomerLimit: string;
}

export function toInput(c: StaffDiscountCodeFieldsFragment): DiscountCodeInput {
  return {
    code: c.code,
    percent: c.percent,
    active: c.active,
    validFrom: c.validFrom ?? null,
    validUntil: c.validUntil ?? null,
    usageLimit: c.usageLimit ?? null,
    minSubtotal: c.minSubtotal ?? null,
    categorySlugs: c.categories.map((x) => x.slug),
    firstPurchaseOnly: c.firstPurchaseOnly,
    perCustomerLimit: c.perCustomerLimit ?? null,
  };
}

const BOGOTA_OFFSET = '-05:00';

/** Form text → the shared rules' input: a day starts at 00:00 and ends at 23:59:59 in Bogotá (end inclusive). */
function fromForm(v: CodeFormValues) {
  return {
    code: v.code,
    percent: parseWhole(v.percent) ?? Number.NaN,
    active: v.active,
    validFrom: v.validFrom ? `${v.validFrom}T00:00:00${BOGOTA_OFFSET}` : null,
    validUntil: v.validUntil ? `${v.validUntil}T23:59:59${BOGOTA_OFFSET}` : null,
    usageLimit: parseWhole(v.usageLimit),
    minSubtotal: v.minSubtotal.trim() ? (parsePesos(v.minSubtotal) ?? Number.NaN) : null,
    categorySlugs: v.categorySlugs,
    firstPurchaseOnly: v.firstPurchaseOnly,
    perCustomerLimit: parseWhole(v.perCustomerLimit),
  };
}

/** Create or edit a code: percent, dates, usage limit and the conditions (minimum, categories, first purchase, per customer). */
export function DiscountCodeForm({
  code,
  categories,
  onDone,
  onCreated,
}: {
  code: StaffDiscountCodeFieldsFragment | null;
  categories: Array<{ slug: string; name: string }>;
  onDone: () => void;
  onCreated: () => void;
}) {
  const { register, handleSubmit, formState, setError } = useForm<CodeFormValues, unknown, ValidDiscountCode>({
    defaultValues: {
      code: code?.code ?? '',
      percent: String(code?.percent ?? 10),
      active: code?.active ?? true,
      validFrom: toBogotaDay(code?.validFrom),
      validUntil: toBogotaDay(code?.validUntil),
      usageLimit: code?.usageLimit ? String(code.usageLimit) : '',
      minSubtotal: code?.minSubtotal ? String(code.minSubtotal) : '',
      categorySlugs: code?.categories.map((c) => c.slug) ?? [],
      firstPurchaseOnly: code?.firstPurchaseOnly ?? false,
      perCustomerLimit: code?.perCustomerLimit ? String(code.perCustomerLimit) : '',
    },
    resolver: sharedRules(discountCodeInputSchema, fromForm),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [create] = useMutation(StaffCreateDiscountCodeDocument);
  const [update] = useMutation(StaffUpdateDiscountCodeDocument);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (v) => {
    setFailure(null);
    const input: DiscountCodeInput = {
      ...v,
      validFrom: v.validFrom?.toISOString() ?? null,
      validUntil: v.validUntil?.toISOString() ?? null,
    };
    try {
      const result = code
        ? (await update({ variables: { id: code.id, input } })).data?.staffUpdateDiscountCode
        : (await create({ variables: { input } })).data?.staffCreateDiscountCode;
      if (result?.__typename === 'StaffDiscountCode') {
        if (!code) onCreated();
        return onDone();
      }
      if (result?.__typename === 'ValidationErrors')
        for (const e of result.errors)
          setError(e.field as Path<CodeFormValues>, { type: 'server', message: e.message });
      setFailure(result && 'message' in result ? result.message : NETWORK_ERROR);
    } catch (err) {
      setFailure(staffErrorMessage(err));
    }
  });

  return (
    <form
      className="staff-card staff-form discount-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={code ? `Editar ${code.code}` : 'Nuevo código de descuento'}
    >
      <h2>{code ? `Editar ${code.code}` : 'Nuevo código de descuento'}</h2>
      <div className="staff-form__row">
        <StaffField label="Código" error={errors.code?.message}>
          {(a) => (
            <input
              {...a}
              {...register('code')}
              maxLength={40}
              aria-required="true"
              autoCapitalize="characters"
              autoComplete="off"
            />
          )}
        </StaffField>
        <StaffField label="Porcentaje" error={errors.percent?.message}>
          {(a) => <input {...a} {...register('percent')} inputMode="numeric" aria-required="true" />}
        </StaffField>
      </div>
      <div className="staff-form__row">
        <StaffField label="Válido desde" error={errors.validFrom?.message}>
          {(a) => <input {...a} {...register('validFrom')} type="date" />}
        </StaffField>
        <StaffField label="Válido hasta" error={errors.validUntil?.message}>
          {(a) => <input {...a} {...register('validUntil')} type="date" />}
        </StaffField>
        <StaffField label="Límite de usos" error={errors.usageLimit?.message} hint="Vacío: sin límite.">
          {(a) => <input {...a} {...register('usageLimit')} inputMode="numeric" placeholder="Sin límite" />}
        </StaffField>
      </div>
      <fieldset>
        <legend>Condiciones</legend>
        <div className="staff-form__row">
          <StaffField
            label="Compra mínima (COP)"
            error={errors.minSubtotal?.message}
            hint="Sobre los productos, antes del descuento. Vacío: sin mínimo."
          >
            {(a) => <input {...a} {...register('minSubtotal')} inputMode="numeric" placeholder="Sin mínimo" />}
          </StaffField>
          <StaffField
            label="Usos por cliente"
            error={errors.perCustomerLimit?.message}
            hint="Por correo o documento. Vacío: sin límite."
          >
            {(a) => <input {...a} {...register('perCustomerLimit')} inputMode="numeric" placeholder="Sin límite" />}
          </StaffField>
        </div>
        <div role="group" aria-label="Solo para estas categorías (ninguna: toda la tienda)">
          <p className="muted">Solo para estas categorías (ninguna marcada: toda la tienda)</p>
          <div className="staff-checks">
            {categories.map((c) => (
              <label key={c.slug}>
                <input type="checkbox" value={c.slug} {...register('categorySlugs')} /> {c.name}
              </label>
            ))}
          </div>
          {errors.categorySlugs?.message ? <p className="staff-field__error">{errors.categorySlugs.message}</p> : null}
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register('firstPurchaseOnly')} /> Solo primera compra
        </label>
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" {...register('active')} /> Activo
      </label>
      <ActionError message={failure} />
      <div className="staff-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          Guardar
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
