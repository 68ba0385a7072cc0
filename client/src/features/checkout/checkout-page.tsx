import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import { formatCop } from '#shared/money.js';
import { CartSummary, DiscountCodeField, PendingOrderNotice, useCartQuote, usePendingOrder } from '../cart';
import { CustomerFields } from './customer-fields';
import { ShippingFields } from './shipping-fields';
import { PaymentFields } from './payment-fields';
import { useCheckoutForm, useResumedDestination } from './checkout-form';
import { usePlaceOrder } from './use-place-order';
import './checkout.css';

/** `/proceso-pago-items`: cart summary, shopper and shipping data, payment method, `Pagar`. */
export function CheckoutPage() {
  const form = useCheckoutForm();
  // Once the shopper says where it goes, shipping and delivery time are that place's (as placeOrder charges).
  const [departmentCode, municipalityCode, paymentMethod] = useWatch({
    control: form.control,
    name: ['shipping.departmentCode', 'shipping.municipalityCode', 'paymentMethod'],
  });
  // The chosen method is priced too: contraentrega adds its fee, and the server says whether this cart may use it.
  const { data, previousData, loading, error, refetch } = useCartQuote(
    departmentCode ? { departmentCode, municipalityCode: municipalityCode || null } : null,
    paymentMethod,
  );
  const { notice, submitting, submit } = usePlaceOrder(form, () => void refetch());
  const pending = usePendingOrder();
  useResumedDestination(form, pending.resumable?.destination);
  const quote = (data ?? previousData)?.cartQuote;
  const heading = useRef<HTMLHeadingElement>(null);
  const hasHeading = Boolean(quote);
  // Arriving from the cart ("Ir a Pagar"), or any navigation here: the page's heading gets the focus.
  useEffect(() => {
    if (hasHeading) heading.current?.focus({ preventScroll: true });
  }, [hasHeading]);

  if (!quote && loading) return <p className="checkout-page checkout-loading">Cargando tu carrito…</p>;
  if (!quote && error)
    return (
      <p className="checkout-page form-field__error">
        No pudimos cargar tu carrito. Recarga la página para intentarlo de nuevo.
      </p>
    );
  if (!quote || quote.lines.length === 0) {
    return (
      <section className="checkout-page checkout-empty">
        <h1 ref={heading} tabIndex={-1}>
          Tu carrito está vacío
        </h1>
        <p>Aún no has agregado productos. Descubre collares, arneses, bandanas y más para tu mascota.</p>
        <Link className="button" to="/">
          Ir a la tienda
        </Link>
      </section>
    );
  }

  const blocked = quote.hasProblems || quote.itemCount === 0;
  const cashOnDelivery = paymentMethod === 'CASH_ON_DELIVERY';
  return (
    <div className="checkout-page">
      <h1 ref={heading} tabIndex={-1}>
        Finalizar compra
      </h1>
      <PendingOrderNotice resumable={pending.resumable} released={pending.released} />
      <div className="checkout-layout">
        <section className="checkout-summary" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">Tu pedido</h2>
          <CartSummary quote={quote} editable={false} />
          {quote.shippingIsEstimate ? (
            <p className="checkout-delivery">El envío se calcula con tu departamento y municipio.</p>
          ) : (
            <p className="checkout-delivery">
              Entrega en {quote.delivery.label} después de{' '}
              {cashOnDelivery ? 'confirmar tu pedido por teléfono' : 'aprobado el pago'}.
            </p>
          )}
          <DiscountCodeField quote={data?.cartQuote} loading={loading} />
        </section>
        <form
          className="checkout-form"
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-labelledby="checkout-form-title"
        >
          <h2 id="checkout-form-title">Datos de compra y envío</h2>
          <CustomerFields form={form} />
          <ShippingFields form={form} />
          <PaymentFields form={form} cashOnDelivery={quote.cashOnDelivery} />
          <div aria-live="polite">
            {notice ? (
              <p className="checkout-notice" role="alert">
                {notice}
              </p>
            ) : null}
            {quote.hasProblems ? (
              <p className="checkout-notice">
                Algunos productos de tu carrito cambiaron. Ajusta las cantidades en el carrito antes de pagar.
              </p>
            ) : null}
            {!data && error ? (
              <p className="checkout-notice">
                No pudimos calcular el envío a tu destino. Revisa tu conexión e intenta de nuevo.
              </p>
            ) : null}
          </div>
          <button type="submit" className="button checkout-pay" disabled={submitting || blocked || !data}>
            {submitting ? 'Procesando…' : cashOnDelivery ? 'Hacer pedido' : 'Pagar'}
          </button>
          {cashOnDelivery ? (
            <p className="checkout-secure">
              No pagas nada ahora: te llamaremos para confirmar tu pedido y pagarás {formatCop(quote.total)} en efectivo
              a la transportadora cuando lo recibas.
            </p>
          ) : (
            <p className="checkout-secure">
              Pagarás {formatCop(quote.total)} en la pasarela de pagos segura. Tus productos quedan apartados mientras
              completas el pago y tu carrito se guarda hasta que el pago se apruebe.
            </p>
          )}
        </form>
      </div>
    </div>
  );
}
