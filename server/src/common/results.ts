import type { FieldError } from '#shared/checkout.js';

export type { FieldError };

/**
 * Expected failures as values (design §7.3): services return these GraphQL union members with a
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
