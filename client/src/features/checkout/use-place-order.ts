import { useCallback, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { cartLinesAtom, clearCartAtom, discountCodeAtom } from '../cart';
import { PlaceOrderDocument } from './checkout.generated';
import { FIELD_ORDER, SERVER_FIELDS, validateForm, type CheckoutForm, type FormErrors, type FormField } from './checkout-validation';
import { findMunicipalityByName } from './divipola';
import { forgetIdempotencyKey, idempotencyKey } from './use-checkout-form';

export interface SubmitState {
  errors: FormErrors;
  /** A message for the whole form (cart changed, code invalid, network). */
  notice: string | null;
  submitting: boolean;
}

function focusFirstError(errors: FormErrors) {
  const first = FIELD_ORDER.find((f) => errors[f]);
  if (!first) return;
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[name="${first === 'municipalityName' ? 'municipality' : first}"]`)?.focus());
}

/** Validates, places the order (same key on retries), empties the cart and goes to the gateway. */
export function usePlaceOrder(onCartChanged: () => void) {
  const lines = useAtomValue(cartLinesAtom);
  const discountCode = useAtomValue(discountCodeAtom);
  const clearCart = useSetAtom(clearCartAtom);
  const [placeOrder] = useMutation(PlaceOrderDocument);
  const [state, setState] = useState<SubmitState>({ errors: {}, notice: null, submitting: false });

  async function submit(form: CheckoutForm) {
    const errors = validateForm(form);
    if (Object.keys(errors).length > 0) {
      setState({ errors, notice: 'Revisa los datos marcados.', submitting: false });
      focusFirstError(errors);
      return;
    }
    setState({ errors: {}, notice: null, submitting: true });
    try {
      const { data } = await placeOrder({
        variables: {
          input: {
            lines: lines.map((l) => ({ productId: l.productId, sizeId: l.sizeId, quantity: l.quantity })),
            discountCode: discountCode || null,
            customer: { fullName: form.fullName, email: form.email, phone: form.phone, documentType: form.documentType, documentNumber: form.documentNumber },
            shipping: {
              departmentCode: form.departmentCode,
              municipalityCode: findMunicipalityByName(form.departmentCode, form.municipalityName)?.code ?? '',
              address: form.address,
              neighborhood: form.neighborhood || null,
            },
            paymentMethod: form.paymentMethod,
            acceptDataPolicy: form.acceptDataPolicy,
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
          const fieldErrors: FormErrors = {};
          let notice = result.message;
          for (const e of result.errors) {
            const field = SERVER_FIELDS[e.field];
            if (field) fieldErrors[field] = e.message;
            else notice = e.message;
          }
          setState({ errors: fieldErrors, notice, submitting: false });
          focusFirstError(fieldErrors);
          return;
        }
        case 'InvalidDiscountCode':
        case 'CartProblem':
          onCartChanged();
          setState({ errors: {}, notice: result.message, submitting: false });
          return;
      }
    } catch {
      setState({ errors: {}, notice: 'No pudimos conectar con la tienda. Revisa tu conexión e intenta de nuevo: no se hará un cobro doble.', submitting: false });
    }
  }

  /** The shopper changed a field: its error (now possibly stale) goes away until the next submit. */
  const clearError = useCallback((field: FormField) => {
    setState((s) => {
      if (!s.errors[field]) return s;
      const errors = { ...s.errors };
      delete errors[field];
      return { ...s, errors };
    });
  }, []);

  return { ...state, submit, clearError };
}
