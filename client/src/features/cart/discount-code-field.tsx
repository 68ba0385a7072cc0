import { INVALID_DISCOUNT_MESSAGE } from '#shared/discount-codes.js';
import { useId, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { discountCodeAtom, refusedCodeAtom } from './cart-atoms';
import type { CartQuoteFieldsFragment } from './cart.generated';
import './cart.css';

export const INVALID_CODE_MESSAGE = INVALID_DISCOUNT_MESSAGE;

/** Code entry: the server decides and says why a code does not apply (unknown or expired, minimum not reached, other categories, first purchase, per-customer limit). */
export function DiscountCodeField({
  quote,
  loading = false,
}: {
  quote: Pick<CartQuoteFieldsFragment, 'discountCodeInvalid' | 'discountProblem' | 'appliedDiscount'> | undefined;
  loading?: boolean;
}) {
  const [code, setCode] = useAtom(discountCodeAtom);
  const [refused, setRefused] = useAtom(refusedCodeAtom);
  const [draft, setDraft] = useState(code || refused?.code || '');
  const inputId = useId();
  const messageId = useId();
  const invalid = Boolean(code) && quote?.discountCodeInvalid === true;
  const applied = code ? quote?.appliedDiscount : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setRefused(null);
    setCode(draft.trim().toUpperCase());
  }

  return (
    <form className="discount-field" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Código de descuento</label>
      <div className="discount-field__row">
        <input
          id={inputId}
          name="discountCode"
          value={draft}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={invalid || Boolean(refused && !code)}
          aria-describedby={messageId}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={!draft.trim() || loading}>
          Aplicar
        </button>
      </div>
      <div id={messageId} aria-live="polite">
        {invalid ? (
          <p className="discount-field__error" role="alert">
            {quote?.discountProblem?.message ?? INVALID_CODE_MESSAGE}
          </p>
        ) : null}
        {refused && !code ? (
          <p className="discount-field__error" role="alert">
            El código {refused.code} no se aplicó: {refused.message} El total ya no lo incluye.
          </p>
        ) : null}
        {applied ? (
          <p className="discount-field__ok">
            Código {applied.code} aplicado: {applied.percent} % de descuento.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setCode('');
                setDraft('');
              }}
            >
              Quitar código
            </button>
          </p>
        ) : null}
      </div>
    </form>
  );
}
