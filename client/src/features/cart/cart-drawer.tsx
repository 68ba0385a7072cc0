import { useId } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useFocusTrap } from '../../lib/use-focus-trap';
import { cartNoticeAtom, cartOpenAtom, closeDrawersAtom } from './cart-atoms';
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
  const quote = (data ?? previousData)?.cartQuote;
  const empty = quote ? quote.lines.length === 0 : false;

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
        <div className="drawer__body" aria-busy={!quote}>
          <PendingOrderNotice resumable={pending.resumable} released={pending.released} onNavigate={closeAll} />
          {notice ? (
            <p className="cart-drawer__notice" role="status">
              {notice}
            </p>
          ) : null}
          {error && !quote ? (
            <p role="alert" className="cart-drawer__error">
              No pudimos calcular tu carro. Revisa tu conexión e intenta de nuevo.
            </p>
          ) : null}
          {!quote && !error ? <p className="cart-drawer__loading">Calculando tu carro…</p> : null}
          {empty ? (
            <p className="cart-drawer__empty">
              Tu carro está vacío. Descubre collares, pecheras y más para tu mascota.
            </p>
          ) : null}
          {quote && !empty ? (
            <>
              <CartSummary quote={quote} onNavigate={onClose} />
              <DiscountCodeField quote={data?.cartQuote} loading={loading} />
              {quote.hasProblems ? (
                <p className="cart-drawer__warning" role="status">
                  Algunos productos no se pueden comprar como están. Corrígelos para continuar.
                </p>
              ) : null}
            </>
          ) : null}
        </div>
        <footer className="drawer__footer">
          <button type="button" className="button" onClick={goToCheckout} disabled={!quote || empty}>
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
