import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { UseFormReturn } from 'react-hook-form';
import { CHECKOUT_FIELD_ORDER, type CheckoutInput, type ValidCheckout } from '#shared/checkout.js';
import {
  cartLinesAtom,
  discountCodeAtom,
  forgetOrderAtom,
  orderPaidAtom,
  orderPagePath,
  pendingOrderAtom,
  refuseCodeAtom,
  ReleaseOrderDocument,
  rememberOrderAtom,
} from '../cart';
import { PlaceOrderDocument } from './checkout.generated';
import { forgetIdempotencyKey, idempotencyKey } from './checkout-form';
import { leaveTo } from '../../lib/leave-to';

type FormPath = Parameters<UseFormReturn<CheckoutInput>['setError']>[0];

const FORM_FIELDS = new Set<string>(
  CHECKOUT_FIELD_ORDER.filter(
    (f) => f.startsWith('customer.') || f.startsWith('shipping.') || f === 'paymentMethod' || f === 'acceptDataPolicy',
  ),
);

const OFFLINE = 'No pudimos conectar con la tienda. Revisa tu conexión e intenta de nuevo: no se hará un cobro doble.';

/**
 * Places the order (same key on retries) and goes to the gateway; server errors land on their fields.
 * The cart stays until the payment is approved: the order is remembered in this browser instead. An
 * earlier unpaid order from this browser is let go first (the shopper is paying again with new data).
 */
export function usePlaceOrder(form: UseFormReturn<CheckoutInput, unknown, ValidCheckout>, onCartChanged: () => void) {
  const lines = useAtomValue(cartLinesAtom);
  const discountCode = useAtomValue(discountCodeAtom);
  const earlier = useAtomValue(pendingOrderAtom);
  const remember = useSetAtom(rememberOrderAtom);
  const forget = useSetAtom(forgetOrderAtom);
  const markPaid = useSetAtom(orderPaidAtom);
  const refuseCode = useSetAtom(refuseCodeAtom);
  const [placeOrder] = useMutation(PlaceOrderDocument);
  const [releaseOrder] = useMutation(ReleaseOrderDocument);
  /** A message for the whole form (invalid fields, cart changed, code invalid, network). */
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  /** False when the earlier order turned out to be paid (its cart is bought: nothing to place). */
  async function letEarlierOrderGo(): Promise<boolean> {
    if (!earlier) return true;
    const { data } = await releaseOrder({ variables: { reference: earlier.reference, token: earlier.token } });
    const result = data?.releaseOrder;
    if (!result) throw new Error('Sin respuesta');
    if (result.__typename === 'OrderAlreadyPaid') {
      // Paid meanwhile (another tab, a late confirmation): its page says so; nothing new is placed.
      markPaid(earlier.reference);
      leaveTo(orderPagePath(earlier));
      return false;
    }
    forget();
    return true;
  }

  const submit = form.handleSubmit(
    async () => {
      const values = form.getValues();
      setNotice(null);
      setSubmitting(true);
      try {
        if (!(await letEarlierOrderGo())) {
          setSubmitting(false);
          return;
        }
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
            remember({ reference: result.reference, token: result.accessToken });
            // Contraentrega is placed for good (no gateway): its cart is bought now.
            if (values.paymentMethod === 'CASH_ON_DELIVERY') markPaid(result.reference);
            forgetIdempotencyKey();
            leaveTo(result.checkoutUrl);
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
            // The code is dropped: the summary is quoted again without it at once and shows the real total.
            refuseCode({ code: result.code || discountCode, message: result.message });
            setNotice(
              `El código ${result.code || discountCode} no se aplicó: ${result.message} Revisa el nuevo total antes de pagar.`,
            );
            break;
          case 'CartProblem':
            onCartChanged();
            setNotice(result.message);
            break;
          case 'CashOnDeliveryUnavailable':
            // Switched off or over the maximum meanwhile: the quote shows why, and the form goes back to card.
            onCartChanged();
            setNotice(result.message);
            break;
          case 'OrderLimitReached':
            // Too many units, or too many orders waiting for payment: the server's message says what to do.
            setNotice(result.message);
            break;
        }
      } catch {
        setNotice(OFFLINE);
      }
      setSubmitting(false);
    },
    () => setNotice('Revisa los datos marcados.'),
  );

  return { notice, submitting, submit };
}
