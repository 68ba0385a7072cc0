import { CombinedGraphQLErrors } from '@apollo/client/errors';

export const NETWORK_ERROR = 'No pudimos conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.';

/**
 * What to tell staff when a query or mutation fails: the server's own (Spanish) message for a GraphQL
 * error, never the browser's or Apollo's English text for a network or HTTP failure.
 */
export function staffErrorMessage(err: unknown, fallback = NETWORK_ERROR): string {
  if (CombinedGraphQLErrors.is(err)) return err.errors[0]?.message || fallback;
  return fallback;
}

/**
 * A staff change answered with a refusal (ValidationErrors, NotFound, TransitionNotAllowed): its
 * Spanish message; null when the change went through (the record itself came back).
 */
export function refusalMessage(
  result: { __typename: string; message?: string } | null | undefined,
  record: string,
): string | null {
  if (!result) return NETWORK_ERROR;
  return result.__typename === record ? null : (result.message ?? NETWORK_ERROR);
}
