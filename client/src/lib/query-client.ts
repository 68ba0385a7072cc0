import type { OperationVariables } from '@apollo/client';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

/**
 * What a route's data loader needs of a client: run a query, get its data (the server render runs the loaders:
 * app/routes.tsx; its client is server-queries.ts, not Apollo Client). A query that fails throws.
 */
export interface QueryClient {
  query<TData, TVariables extends OperationVariables>(options: {
    query: TypedDocumentNode<TData, TVariables>;
    variables?: TVariables;
  }): Promise<{ data: TData | undefined }>;
}
