import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import fs from 'node:fs';
import type { Logger } from 'pino';
import type { GraphQLContext } from './context.js';
import type { Env } from '../config/env.js';
import { resolvers } from './resolvers.js';

export const typeDefs = fs.readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8');

const EXPOSED_CODES = new Set([
  'BAD_USER_INPUT',
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
  'RATE_LIMITED',
  'CONFLICT',
]);

/** Known errors pass through; anything else becomes a generic Spanish message without internals. */
export function formatError(env: Env, log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const code = String(formatted.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
    if (EXPOSED_CODES.has(code)) {
      if (env.isProduction) {
        const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
        return { ...formatted, extensions };
      }
      return formatted;
    }
    log.error({ err: unwrapResolverError(error), path: formatted.path }, 'graphql internal error');
    return {
      message: 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.',
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}

export function createApollo(env: Env, log: Logger): ApolloServer<GraphQLContext> {
  return new ApolloServer<GraphQLContext>({
    typeDefs,
    resolvers: resolvers as never,
    introspection: env.introspection,
    includeStacktraceInErrorResponses: false,
    formatError: formatError(env, log),
    plugins: [ApolloServerPluginLandingPageDisabled()],
    // The bootstrap owns signal handling and stops Apollo, HTTP and the database in order.
    stopOnTerminationSignals: false,
  });
}
