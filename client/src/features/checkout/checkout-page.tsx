import { useCallback, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CartSummary, DiscountCodeField, useCartQuote } from '../cart';
import { formatCop } from '../../lib/shop-config';
import { CustomerFields } from './customer-fields';
import { PaymentFields, ShippingFields } from './shipping-fields';
import type { CheckoutForm } from './checkout-validation';
import { useCheckoutForm } from './use-checkout-form';
import { usePlaceOrder } from './use-place-order';
import './checkout.css';

/** `/proceso-pago-items`: cart summary, shopper and shipping data, payment method, `Pagar`. */
export function CheckoutPage() {
  const { data, loading, error, refetch } = useCartQuote();
  const { form, update: setField } = useCheckoutForm();
  const { errors, notice, submitting, submit, clearError } = usePlaceOrder(() => void refetch());
  const update = useCallback(
    <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => {
      setField(key, value);
      clearError(key);
      // A new department makes the municipality's message stale too.
      if (key === 'departmentCode') clearError('municipalityName');
    },
    [setField, clearError],
  );
  const quote = data?.cartQuote;

  if (!quote && loading) return <p className="checkout-page checkout-loading">Cargando tu carrito…</p>;
  if (!quote && error) return <p className="checkout-page form-field__error">No pudimos cargar tu carrito. Recarga la página para intentarlo de nuevo.</p>;
  if (!quote || quote.lines.length === 0) {
    return (
      <section className="checkout-page checkout-empty">
        <h1>Tu carrito está vacío</h1>
        <p>Aún no has agregado productos. Descubre collares, arneses, bandanas y más para tu mascota.</p>
        <Link className="button" to="/">
          Ir a la tienda
        </Link>
      </section>
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void submit(form);
  }

  const blocked = quote.hasProblems || quote.itemCount === 0;
  return (
    <div className="checkout-page">
      <h1>Finalizar compra</h1>
      <div className="checkout-layout">
        <section className="checkout-summary" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">Tu pedido</h2>
          <CartSummary quote={quote} editable={false} />
          <DiscountCodeField />
        </section>
        <form className="checkout-form" onSubmit={onSubmit} noValidate aria-labelledby="checkout-form-title">
          <h2 id="checkout-form-title">Datos de compra y envío</h2>
          <CustomerFields form={form} errors={errors} update={update} />
          <ShippingFields form={form} errors={errors} update={update} />
          <PaymentFields form={form} errors={errors} update={update} />
          <div aria-live="polite">
            {notice ? (
              <p className="checkout-notice" role="alert">
                {notice}
              </p>
            ) : null}
            {quote.hasProblems ? <p className="checkout-notice">Algunos productos de tu carrito cambiaron. Ajusta las cantidades en el carrito antes de pagar.</p> : null}
          </div>
          <button type="submit" className="button checkout-pay" disabled={submitting || blocked}>
            {submitting ? 'Procesando…' : 'Pagar'}
          </button>
          <p className="checkout-secure">
            Pagarás {formatCop(quote.total)} en la pasarela de pagos segura. Tus productos quedan apartados mientras completas el pago.
          </p>
        </form>
      </div>
    </div>
  );
}
