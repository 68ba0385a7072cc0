import { useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { cartCountAtom, cartOpenAtom } from './cart-atoms';
import { useHydrated } from '../../lib/use-hydrated';
import './cart-button.css';

/** Header cart button with the quantity badge (hidden when the cart is empty). */
export function CartButton({ className = '' }: { className?: string }) {
  const stored = useAtomValue(cartCountAtom);
  // The server does not know the cart (it lives in this browser): the badge appears once hydrated.
  const count = useHydrated() ? stored : 0;
  const setOpen = useSetAtom(cartOpenAtom);
  const countId = useId();
  return (
    <button
      type="button"
      className={`cart-button ${className}`}
      aria-label="Carro de compras"
      aria-haspopup="dialog"
      aria-describedby={count > 0 ? countId : undefined}
      onClick={() => setOpen(true)}
    >
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 7h12l-1 13H7L6 7Z" />
        <path d="M9 7V5a3 3 0 0 1 6 0v2" />
      </svg>
      {count > 0 ? (
        <span className="cart-button__badge" id={countId} data-testid="cart-badge">
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          <span className="visually-hidden">{`${count} ${count === 1 ? 'artículo' : 'artículos'} en el carro`}</span>
        </span>
      ) : null}
    </button>
  );
}
