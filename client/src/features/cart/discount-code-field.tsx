import { useId, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { discountCodeAtom } from './cart-atoms';
import type { CartQuoteFieldsFragment } from './cart.generated';
import './cart.css';

export const INVALID_CODE_MESSAGE = 'Código de Descuento no valido.';

/** Code entry: the server decides; unknown, expired or exhausted codes get the spec's message. */
export function DiscountCodeField({ quote, loading = false }: { quote: Pick<CartQuoteFieldsFragment, 'discountCodeInvalid' | 'appliedDiscount'> | undefined; loading?: boolean }) {
  const [code, setCode] = useAtom(discountCodeAtom);
  const [draft, setDraft] = useState(code);
  const inputId = useId();
  const messageId = useId();
  const invalid = Boolean(code) && quote?.discountCodeInvalid === true;
  const applied = code ? quote?.appliedDiscount : null;

  function submit(e: FormEvent) {
    e.preventDefault();
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
          aria-invalid={invalid}
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
            {INVALID_CODE_MESSAGE}
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
