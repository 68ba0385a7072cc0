import type { FieldError } from '#shared/checkout.js';

export type { FieldError };

/**
 * Expected failures as values (docs/decisions/0009-fallas-esperadas-como-miembros-de-union.md): services return these GraphQL union members with a
 * Spanish message instead of throwing, and change nothing when they do.
 */
export interface ValidationErrors {
  __typename: 'ValidationErrors';
  message: string;
  errors: FieldError[];
}

export interface NotFound {
  __typename: 'NotFound';
  message: string;
}

/** One invalid field; its message is also the result's message. */
export function invalidField(field: string, message: string): ValidationErrors {
  return { __typename: 'ValidationErrors', message, errors: [{ field, message }] };
}

export function notFoundResult(message: string): NotFound {
  return { __typename: 'NotFound', message };
}

/** Tags a successful value with its union member name. */
export function ok<T extends object, N extends string>(value: T, typename: N): T & { __typename: N } {
  return Object.assign(value, { __typename: typename });
}

/** A failed zod parse as the union member: one message per input path (the first rule that failed), in input order. */
export function validationErrors(
  error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> },
  message = 'Revisa los datos marcados.',
): ValidationErrors {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  const errors = [...seen].map(([field, m]) => ({ field, message: m }));
  return { __typename: 'ValidationErrors', message: errors.length === 1 ? errors[0]!.message : message, errors };
}
