import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import { formatCop } from '#shared/money.js';
import { ONLINE_PAYMENT_METHODS } from '#shared/orders.js';
import type { CartQuoteFieldsFragment } from '../cart';
import type { FieldsProps } from './customer-fields';
import { METHOD_CHOICES } from '../../components/payment-choices';

type CashOnDelivery = CartQuoteFieldsFragment['cashOnDelivery'];

/**
 * Payment method and the data-policy acceptance. Contraentrega is offered as the server's quote says:
 * hidden while the shop has it off, shown but unavailable (with the reason) when the order is above
 * the maximum. A choice that stops being available goes back to card.
 */
export function PaymentFields({ form, cashOnDelivery }: FieldsProps & { cashOnDelivery: CashOnDelivery | null }) {
  const policyErrorId = useId();
  const codNoteId = useId();
  const { register, setValue, control } = form;
  const policyError = form.formState.errors.acceptDataPolicy?.message;
  const chosen = useWatch({ control, name: 'paymentMethod' });
  const offered = Boolean(cashOnDelivery && cashOnDelivery.reason !== 'DISABLED');
  const available = Boolean(cashOnDelivery?.available);
  useEffect(() => {
    if (chosen === 'CASH_ON_DELIVERY' && cashOnDelivery && !cashOnDelivery.available) setValue('paymentMethod', 'CARD');
  }, [chosen, cashOnDelivery, setValue]);

  return (
    <>
      <fieldset className="checkout-fieldset checkout-methods">
        <legend>Medio de pago</legend>
        {ONLINE_PAYMENT_METHODS.map((m) => (
          <label key={m} className="checkout-choice">
            <input type="radio" value={m} {...register('paymentMethod')} />
            {METHOD_CHOICES[m]}
          </label>
        ))}
        {offered && cashOnDelivery ? (
          <>
            <label className={`checkout-choice${available ? '' : ' checkout-choice--unavailable'}`}>
              <input
                type="radio"
                value="CASH_ON_DELIVERY"
                disabled={!available}
                aria-describedby={codNoteId}
                {...register('paymentMethod')}
              />
              {METHOD_CHOICES.CASH_ON_DELIVERY}
            </label>
            <p id={codNoteId} className="checkout-method-note">
              {available
                ? `Te llamamos para confirmar el pedido y pagas en efectivo a la transportadora.${cashOnDelivery.fee > 0 ? ` Recargo de ${formatCop(cashOnDelivery.fee)}.` : ''}`
                : cashOnDelivery.message}
            </p>
          </>
        ) : null}
      </fieldset>
      <div className={`form-field checkout-policy${policyError ? ' form-field--invalid' : ''}`}>
        <label className="checkout-choice">
          <input
            type="checkbox"
            {...register('acceptDataPolicy')}
            aria-invalid={Boolean(policyError)}
            aria-describedby={policyError ? policyErrorId : undefined}
          />
          <span>
            Acepto la{' '}
            <Link to="/TratamientoDatos" target="_blank" rel="noopener">
              política de tratamiento de datos personales
            </Link>
          </span>
        </label>
        {policyError ? (
          <p id={policyErrorId} className="form-field__error">
            {policyError}
          </p>
        ) : null}
      </div>
    </>
  );
}
