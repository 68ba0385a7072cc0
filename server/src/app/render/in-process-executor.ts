import { createHash } from 'node:crypto';
import type { ApolloServer } from '@apollo/server';
import type { RenderRequest, ExecutionResultLike } from '#shared/ssr-contract.js';
import type { GraphQLContext } from '../context.js';
import type { ReadCache } from '../../common/read-cache.js';

/**
 * The server render's GraphQL: the same Apollo Server (schema, limits, resolvers) without HTTP. Results of
 * successful queries are kept in the catalog cache until the catalog changes.
 */
export function createInProcessExecutor(
  apollo: ApolloServer<GraphQLContext>,
  cache: ReadCache,
  context: () => GraphQLContext,
): RenderRequest['execute'] {
  const documentIds = new Map<string, string>();
  return async (query, variables, operationName) => {
    let id = documentIds.get(query);
    if (!id) documentIds.set(query, (id = createHash('sha256').update(query).digest('base64url')));
    const key = `${id}|${operationName ?? ''}|${JSON.stringify(variables)}`;
    return cache.remember(
      key,
      async () => {
        const response = await apollo.executeOperation(
          { query, variables, operationName },
          { contextValue: context() },
        );
        if (response.body.kind !== 'single') throw new Error('respuesta incremental inesperada');
        return response.body.singleResult as ExecutionResultLike;
      },
      (result) => !result.errors?.length,
    );
  };
}
