import type { GatewayInterface } from '@apollo/server-gateway-interface';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';

/**
 * Runs operations with graphql-jit instead of graphql-js's `execute`. graphql-jit compiles each
 * validated document once into a function that walks the result without graphql-js's per-field
 * bookkeeping; on the catalog listing (24 products with sizes and images) that was most of the
 * execution time.
 *
 * Apollo Server 5 has no executor option; its gateway interface is the supported way to hand it one.
 * Apollo still parses, validates (graphql-armor's limits included), runs every plugin hook but
 * `willResolveField` (none is used: the cache-control plugin is off) and formats the errors; only
 * execution changes.
 *
 * Compiled operations live as long as Apollo's parsed-document cache keeps the document (a WeakMap
 * keyed by the document), so one-off queries cannot pile up.
 */
export function jitGateway(schema: GraphQLSchema): GatewayInterface {
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | ExecutionResult>>();

  function compile(document: DocumentNode, operationName: string | null): CompiledQuery | ExecutionResult {
    let byName = compiled.get(document);
    if (!byName) compiled.set(document, (byName = new Map()));
    const key = operationName ?? '';
    let entry = byName.get(key);
    if (!entry) {
      entry = compileQuery(schema, document, operationName ?? undefined);
      byName.set(key, entry);
    }
    return entry;
  }

  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async load() {
      return {
        executor: async ({ document, operationName, request, context }) => {
          // Apollo resolves no operation for an unknown name: graphql-jit then reports it as graphql-js does.
          const query = compile(document, operationName ?? request.operationName ?? null);
          if (!isCompiledQuery(query)) return { errors: query.errors?.map((e) => asServerError(e)) };
          const result = await query.query(undefined, context, request.variables ?? {});
          if (!result.errors?.length) return result;
          // No data at all: the variables could not be coerced (wrong type, unknown input field).
          const badVariables = result.data === undefined;
          return { ...result, errors: result.errors.map((e) => asServerError(e, badVariables)) };
        },
      };
    },
    async stop() {},
  };
}

/**
 * graphql-jit's error as an error of the server's own graphql: Apollo and formatError recognise resolver
 * errors with `instanceof GraphQLError`, which fails when graphql-jit loads another build of graphql
 * (the test runner gives the server the ES build and graphql-jit the CommonJS one). Variable coercion errors
 * get BAD_USER_INPUT, as Apollo gives them with graphql-js (it recognises them by AST nodes graphql-jit
 * does not attach): a 400, not an internal error.
 */
function asServerError(e: GraphQLError, badVariables = false): GraphQLError {
  const extensions = badVariables ? { ...e.extensions, code: 'BAD_USER_INPUT' } : e.extensions;
  const out = new GraphQLError(e.message, { path: e.path, originalError: e.originalError ?? undefined, extensions });
  (out as { locations?: GraphQLError['locations'] }).locations = e.locations;
  return out;
}
