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
  const shown = count > 99 ? '99+' : String(count);
  // The name carries the visible count (WCAG 2.5.3, label in name): "Carro de compras, 2 artículos".
  const name = count > 0 ? `Carro de compras, ${shown} ${count === 1 ? 'artículo' : 'artículos'}` : 'Carro de compras';
  return (
    <button
      type="button"
      className={`cart-button ${className}`}
      aria-label={name}
      aria-haspopup="dialog"
      onClick={() => setOpen(true)}
    >
      <svg
        aria-hidden="true"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 7h12l-1 13H7L6 7Z" />
        <path d="M9 7V5a3 3 0 0 1 6 0v2" />
      </svg>
      {count > 0 ? (
        <span className="cart-button__badge" data-testid="cart-badge" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </button>
  );
}
