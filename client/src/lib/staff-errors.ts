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
