import { useEffect } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutSchema, type CheckoutInput, type ValidCheckout } from '#shared/checkout.js';
import { CHECKOUT_PAYMENT_METHODS, DOCUMENT_TYPES } from '#shared/orders.js';
import type { ResumableOrder } from '../cart';

const FORM_KEY = 'enzo.checkout.form.v2';
const IDEMPOTENCY_KEY = 'enzo.checkout.key.v1';

export const EMPTY_CHECKOUT: CheckoutInput = {
  customer: { fullName: '', email: '', phone: '', documentType: 'CC', documentNumber: '' },
  shipping: { departmentCode: '', municipalityCode: '', address: '', neighborhood: '' },
  paymentMethod: 'CARD',
  acceptDataPolicy: false,
};

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** What was typed in this tab (sessionStorage), field by field; anything malformed falls back to empty. */
export function readCheckoutDraft(storage: Storage | undefined = globalThis.sessionStorage): CheckoutInput {
  try {
    const raw = storage?.getItem(FORM_KEY);
    if (!raw) return EMPTY_CHECKOUT;
    const saved = JSON.parse(raw) as {
      customer?: Record<string, unknown>;
      shipping?: Record<string, unknown>;
      paymentMethod?: unknown;
      acceptDataPolicy?: unknown;
    };
    const c = saved.customer ?? {};
    const s = saved.shipping ?? {};
    const e = EMPTY_CHECKOUT;
    return {
      customer: {
        fullName: text(c.fullName, ''),
        email: text(c.email, ''),
        phone: text(c.phone, ''),
        documentType: oneOf(DOCUMENT_TYPES, c.documentType, e.customer.documentType),
        documentNumber: text(c.documentNumber, ''),
      },
      shipping: {
        departmentCode: text(s.departmentCode, ''),
        municipalityCode: text(s.municipalityCode, ''),
        address: text(s.address, ''),
        neighborhood: text(s.neighborhood, ''),
      },
      paymentMethod: oneOf(CHECKOUT_PAYMENT_METHODS, saved.paymentMethod, e.paymentMethod),
      acceptDataPolicy: saved.acceptDataPolicy === true,
    };
  } catch {
    return EMPTY_CHECKOUT;
  }
}

/**
 * The checkout form (react-hook-form) validated by the shared checkout schema, the very rules the
 * server applies to `placeOrder`. Saved to sessionStorage on every change so a reload keeps it.
 */
export function useCheckoutForm() {
  const form = useForm<CheckoutInput, unknown, ValidCheckout>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: readCheckoutDraft(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  useEffect(() => {
    const subscription = form.watch((values) => {
      try {
        sessionStorage.setItem(FORM_KEY, JSON.stringify(values));
      } catch {
        // Private mode or full storage: the form still works, it just is not restored.
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return form;
}

/**
 * Back at checkout with an order waiting for its payment, in a form that lost where it goes (the draft lives in one
 * tab: a new tab, the link of the reminder email, a browser opened again): the order's destination and address
 * fill the empty form, so that the quote (shipping is the destination's), the order's total and the form agree.
 * A destination the shopper already chose is never replaced.
 */
export function useResumedDestination(
  form: UseFormReturn<CheckoutInput, unknown, ValidCheckout>,
  destination: ResumableOrder['destination'] | undefined,
) {
  useEffect(() => {
    if (!destination || form.getValues('shipping.departmentCode')) return;
    const fill = (name: `shipping.${keyof CheckoutInput['shipping']}`, value: string | null | undefined) => {
      if (value && !form.getValues(name)) form.setValue(name, value, { shouldDirty: true });
    };
    fill('shipping.departmentCode', destination.departmentCode);
    fill('shipping.municipalityCode', destination.municipalityCode);
    fill('shipping.address', destination.address);
    fill('shipping.neighborhood', destination.neighborhood);
  }, [form, destination]);
}

/** One idempotency key per form session: retries of the same submission reuse it. */
export function idempotencyKey(): string {
  try {
    const existing = sessionStorage.getItem(IDEMPOTENCY_KEY);
    if (existing) return existing;
    const key = crypto.randomUUID();
    sessionStorage.setItem(IDEMPOTENCY_KEY, key);
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

/** After an order is placed the next purchase needs a new key. */
export function forgetIdempotencyKey(): void {
  try {
    sessionStorage.removeItem(IDEMPOTENCY_KEY);
  } catch {
    // Nothing to forget.
  }
}
