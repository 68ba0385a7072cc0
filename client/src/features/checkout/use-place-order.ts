import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { UseFormReturn } from 'react-hook-form';
import { CHECKOUT_FIELD_ORDER, type CheckoutInput, type ValidCheckout } from '#shared/checkout.js';
import { cartLinesAtom, clearCartAtom, discountCodeAtom } from '../cart';
import { PlaceOrderDocument } from './checkout.generated';
import { forgetIdempotencyKey, idempotencyKey } from './checkout-form';

type FormPath = Parameters<UseFormReturn<CheckoutInput>['setError']>[0];

const FORM_FIELDS = new Set<string>(CHECKOUT_FIELD_ORDER.filter((f) => f.startsWith('customer.') || f.startsWith('shipping.') || f === 'paymentMethod' || f === 'acceptDataPolicy'));

/** Places the order (same key on retries), empties the cart and goes to the gateway; server errors land on their fields. */
export function usePlaceOrder(form: UseFormReturn<CheckoutInput, unknown, ValidCheckout>, onCartChanged: () => void) {
  const lines = useAtomValue(cartLinesAtom);
  const discountCode = useAtomValue(discountCodeAtom);
  const clearCart = useSetAtom(clearCartAtom);
  const [placeOrder] = useMutation(PlaceOrderDocument);
  /** A message for the whole form (invalid fields, cart changed, code invalid, network). */
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = form.handleSubmit(
    async () => {
      const values = form.getValues();
      setNotice(null);
      setSubmitting(true);
      try {
        const { data } = await placeOrder({
          variables: {
            input: {
              lines: lines.map((l) => ({ productId: l.productId, sizeId: l.sizeId, quantity: l.quantity })),
              discountCode: discountCode || null,
              customer: values.customer,
              shipping: { ...values.shipping, neighborhood: values.shipping.neighborhood || null },
              paymentMethod: values.paymentMethod,
              acceptDataPolicy: values.acceptDataPolicy,
              idempotencyKey: idempotencyKey(),
            },
          },
        });
        const result = data?.placeOrder;
        if (!result) throw new Error('Sin respuesta');
        switch (result.__typename) {
          case 'OrderPlaced':
            clearCart();
            forgetIdempotencyKey();
            window.location.assign(result.checkoutUrl);
            return;
          case 'ValidationErrors': {
            let message = result.message;
            const onFields = result.errors.filter((e) => FORM_FIELDS.has(e.field));
            for (const e of result.errors) if (!FORM_FIELDS.has(e.field)) message = e.message;
            for (const e of onFields) form.setError(e.field as FormPath, { type: 'server', message: e.message });
            const first = CHECKOUT_FIELD_ORDER.find((f) => onFields.some((e) => e.field === f));
            if (first) form.setFocus(first as Parameters<typeof form.setFocus>[0]);
            setNotice(message);
            break;
          }
          case 'InvalidDiscountCode':
          case 'CartProblem':
            onCartChanged();
            setNotice(result.message);
            break;
          case 'OrderLimitReached':
            // Too many units, or too many orders waiting for payment: the server's message says what to do.
            setNotice(result.message);
            break;
        }
      } catch {
        setNotice('No pudimos conectar con la tienda. Revisa tu conexión e intenta de nuevo: no se hará un cobro doble.');
      }
      setSubmitting(false);
    },
    () => setNotice('Revisa los datos marcados.'),
  );

  return { notice, submitting, submit };
}
