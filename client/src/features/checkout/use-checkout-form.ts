import { useCallback, useEffect, useState } from 'react';
import { EMPTY_FORM, type CheckoutForm } from './checkout-validation';

const FORM_KEY = 'enzo.checkout.form.v1';
const IDEMPOTENCY_KEY = 'enzo.checkout.key.v1';

function readForm(): CheckoutForm {
  try {
    const raw = sessionStorage.getItem(FORM_KEY);
    if (!raw) return EMPTY_FORM;
    const parsed = JSON.parse(raw) as Partial<CheckoutForm>;
    const form = { ...EMPTY_FORM };
    for (const key of Object.keys(EMPTY_FORM) as Array<keyof CheckoutForm>) {
      if (typeof parsed[key] === typeof EMPTY_FORM[key]) (form as Record<string, unknown>)[key] = parsed[key];
    }
    return form;
  } catch {
    return EMPTY_FORM;
  }
}

/** The checkout form, saved to sessionStorage on every change so a reload keeps what was typed. */
export function useCheckoutForm() {
  const [form, setForm] = useState<CheckoutForm>(readForm);
  useEffect(() => {
    try {
      sessionStorage.setItem(FORM_KEY, JSON.stringify(form));
    } catch {
      // Private mode or full storage: the form still works, it just is not restored.
    }
  }, [form]);
  const update = useCallback(<K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => setForm((f) => ({ ...f, [key]: value })), []);
  return { form, update, setForm };
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
