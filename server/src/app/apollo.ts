import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLFormattedError } from 'graphql';
import fs from 'node:fs';
import type { Logger } from 'pino';
import type { GraphQLContext } from './context.js';
import type { Env } from '../config/env.js';
import type { Resolvers } from '../generated/graphql.js';
import { repoPath } from '../common/repo-root.js';
import { jitGateway } from './jit-executor.js';
import { inputTextLimitPlugin } from './input-text-limit.js';
import {
  armorProtection,
  limitCodeFor,
  PARSE_OPTIONS,
  persistedQueryRefusal,
  rateLimitPlugin,
  type RateCounter,
} from './graphql-limits.js';

export const typeDefs = fs.readFileSync(repoPath('schema.graphql'), 'utf8');

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
  'QUERY_TOO_DEEP',
  'QUERY_TOO_COSTLY',
  'TOO_MANY_ALIASES',
  'TOO_MANY_DIRECTIVES',
  'TOO_MANY_TOKENS',
]);

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '53300',
]);

/** True for errors that mean PostgreSQL cannot be reached right now (not a bug in our code). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: string; message?: string; cause?: unknown; driverError?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (e.code && DB_DOWN_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return false;
}

/** Known errors pass through; anything else becomes a generic Spanish message without internals. */
export function formatError(env: Env, log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const limitCode = limitCodeFor(formatted.message);
    if (limitCode) formatted = { ...formatted, extensions: { ...formatted.extensions, code: limitCode } };
    // graphql-js and graphql-jit (app/jit-executor.ts) word it differently.
    if (
      formatted.message.startsWith('Schema is not configured to execute') ||
      formatted.message.startsWith('No root type for operation')
    ) {
      return {
        message: 'Esta API no ofrece suscripciones.',
        locations: formatted.locations,
        extensions: { code: 'BAD_REQUEST' },
      };
    }
    const refusal = persistedQueryRefusal(formatted.message);
    if (refusal) {
      log.info({ reason: formatted.message }, 'graphql: consulta persistida rechazada (BAD_REQUEST)');
      return { message: refusal, extensions: { code: 'BAD_REQUEST' } };
    }
    const code = String(formatted.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
    if (EXPOSED_CODES.has(code)) {
      if (env.isProduction) {
        const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
        return { ...formatted, extensions };
      }
      return formatted;
    }
    const original = unwrapResolverError(error);
    if (isDatabaseUnavailable(original)) {
      log.warn({ path: formatted.path }, 'database unavailable');
      return {
        message: 'La tienda no está disponible en este momento. Intenta de nuevo en unos minutos.',
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      };
    }
    log.error({ err: original, path: formatted.path }, 'graphql internal error');
    return {
      message: 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.',
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}

export function createApollo(
  env: Env,
  log: Logger,
  resolvers: Resolvers,
  rateCounter: RateCounter,
  extraPlugins: ApolloServerPlugin<GraphQLContext>[] = [],
): ApolloServer<GraphQLContext> {
  const armor = armorProtection();
  const schema = makeExecutableSchema({ typeDefs, resolvers: resolvers as never });
  return new ApolloServer<GraphQLContext>({
    // With tracing on, graphql-js's own executor runs the operations: OpenTelemetry traces each resolver there, and
    // code compiled by graphql-jit would bypass it. Without tracing, the compiled executor.
    ...(env.OTEL_EXPORTER_OTLP_ENDPOINT ? { schema } : { gateway: jitGateway(schema) }),
    introspection: env.introspection,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    validationRules: armor.validationRules,
    formatError: formatError(env, log),
    // No @cacheControl hints in the schema: the default cache-control plugin would only wrap every
    // field resolver (willResolveField) to compute "no-store", which http-app.ts sets once per request.
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      ...(armor.plugins as never[]),
      inputTextLimitPlugin(typeDefs, schema),
      rateLimitPlugin(rateCounter),
      ...(extraPlugins as never[]),
    ],
    parseOptions: PARSE_OPTIONS,
    // The bootstrap owns signal handling and stops Apollo, HTTP and the database in order.
    stopOnTerminationSignals: false,
  });
}
