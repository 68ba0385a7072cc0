import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ActionError } from '../../components/staff/query-error';

/** The sign-in pages' card: its heading (which names the section) and the shop's name under it. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="staff-login" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <p className="staff-login__brand">Enzo · Panel de ventas</p>
      {children}
    </section>
  );
}

/**
 * A sign-in form's submit: `check` runs first (a message stops it there), then `work`; what `work` throws becomes
 * `describe(err)`. One message and one busy flag, so the button can say what is happening.
 */
export function useAuthSubmit(describe: (err: unknown) => string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (check: () => string | null, work: () => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    const refusal = check();
    setError(refusal);
    if (refusal) return;
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

/** A labelled password input of a sign-in form. */
export function PasswordInput({
  label,
  value,
  onChange,
  ...input
}: {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  minLength?: number;
  'aria-describedby'?: string;
}) {
  return (
    <label>
      {label}
      <input type="password" value={value} onChange={(e) => onChange(e.target.value)} required {...input} />
    </label>
  );
}

/** The form's error (announced) and its submit button, which reads `busyLabel` while the submit runs. */
export function AuthSubmit({
  error,
  busy,
  label,
  busyLabel,
}: {
  error: string | null;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <ActionError message={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
