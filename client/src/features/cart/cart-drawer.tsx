import { useId } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useFocusTrap } from '../../lib/use-focus-trap';
import { cartLinesAtom, cartNoticeAtom, cartOpenAtom, closeDrawersAtom, discountCodeAtom } from './cart-atoms';
import { linesFromCart } from './cart-line-view';
import { CartSummary } from './cart-summary';
import { DiscountCodeField } from './discount-code-field';
import { PendingOrderNotice } from './pending-order-notice';
import { useCartQuote } from './use-cart-quote';
import { usePendingOrder } from './use-pending-order';
import './cart.css';

export const CHECKOUT_PATH = '/proceso-pago-items';

/** Right-side cart panel: a modal dialog whose figures all come from cartQuote. */
export function CartDrawer() {
  const [open, setOpen] = useAtom(cartOpenAtom);
  if (!open) return null;
  return createPortal(<CartDrawerPanel onClose={() => setOpen(false)} />, document.body);
}

function CartDrawerPanel({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const navigate = useNavigate();
  const closeAll = useSetAtom(closeDrawersAtom);
  const { ref, onKeyDown } = useFocusTrap(true, onClose);
  const { data, previousData, error, loading } = useCartQuote();
  const notice = useAtomValue(cartNoticeAtom);
  const pending = usePendingOrder();
  const cart = useAtomValue(cartLinesAtom);
  const code = useAtomValue(discountCodeAtom);
  // The lines are the cart's, drawn at once; each figure is the server's for the cart as it is now: the totals wait
  // for this cart's quote, and a line keeps its looks and unit price from the last quote while a new one comes.
  const quote = data?.cartQuote ?? null;
  const lines = linesFromCart(cart, (data ?? previousData)?.cartQuote);
  const empty = cart.length === 0;

  function goToCheckout() {
    closeAll();
    // The checkout page puts the focus on its heading when it arrives.
    navigate(CHECKOUT_PATH);
  }

  return (
    <div className="drawer-root">
      <div className="drawer-overlay" data-testid="cart-overlay" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        className="drawer drawer--right cart-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="drawer__header">
          <div>
            <h2 id={titleId} className="drawer__title">
              Carro de Compras
            </h2>
            <p className="drawer__subtitle">Artículos añadidos</p>
          </div>
          <button type="button" className="icon-button" onClick={onClose} aria-label="Cerrar Carro">
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="drawer__body" aria-busy={!quote && !empty}>
          <PendingOrderNotice resumable={pending.resumable} released={pending.released} onNavigate={closeAll} />
          {notice ? (
            <p className="cart-drawer__notice" role="status">
              {notice}
            </p>
          ) : null}
          {error && !quote && !empty ? (
            <p role="alert" className="cart-drawer__error">
              No pudimos calcular tu carro. Revisa tu conexión e intenta de nuevo.
            </p>
          ) : null}
          {!quote && !error && !empty ? (
            <p className="visually-hidden" role="status">
              Calculando los precios de tu carro…
            </p>
          ) : null}
          {empty ? (
            <p className="cart-drawer__empty">
              Tu carro está vacío. Descubre collares, pecheras y más para tu mascota.
            </p>
          ) : (
            <>
              <CartSummary quote={quote} lines={lines} discountPending={Boolean(code)} onNavigate={onClose} />
              <DiscountCodeField quote={quote ?? undefined} loading={loading} />
              {quote?.hasProblems ? (
                <p className="cart-drawer__warning" role="status">
                  Algunos productos no se pueden comprar como están. Corrígelos para continuar.
                </p>
              ) : null}
            </>
          )}
        </div>
        <footer className="drawer__footer">
          <button type="button" className="button" onClick={goToCheckout} disabled={empty}>
            Ir a Pagar
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Continuar Comprando
          </button>
        </footer>
      </div>
    </div>
  );
}
