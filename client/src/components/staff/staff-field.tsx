import { useId, type ReactNode } from 'react';

export interface StaffFieldProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A labelled staff form field with its hint and inline Spanish error, wired for screen readers. */
export function StaffField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (props: StaffFieldProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`staff-field${error ? ' staff-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="staff-field__hint muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="staff-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The first message found in a (nested) react-hook-form error object, e.g. for a table of inputs. */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: unknown };
  if (typeof e.message === 'string' && e.message) return e.message;
  for (const value of Object.values(error)) {
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}
