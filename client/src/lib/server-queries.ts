import { Kind, print, type DocumentNode } from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import type { OperationVariables } from '@apollo/client';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { ExecutionResultLike, RenderRequest } from '#shared/ssr-contract.js';
import type { QueryClient } from './query-client';
import { definedOnly, queryKey } from './query-key';

/** A document as the server runs it: with `__typename` everywhere, as Apollo Client's cache asks for it. */
interface Prepared {
  text: string;
  operationName: string | undefined;
}
const prepared = new WeakMap<DocumentNode, Prepared>();

function prepare(query: DocumentNode): Prepared {
  let entry = prepared.get(query);
  if (!entry) {
    const op = query.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    entry = {
      text: print(addTypenameToDocument(query)),
      operationName: op && op.kind === Kind.OPERATION_DEFINITION ? op.name?.value : undefined,
    };
    prepared.set(query, entry);
  }
  return entry;
}

/** A route's query that failed on the server: the page renders its error state and is not cached. */
export class ServerQueryError extends Error {
  constructor(readonly result: ExecutionResultLike) {
    super(result.errors?.[0]?.message ?? 'consulta sin datos');
  }
}

/**
 * The server render's queries: the route loaders run them in-process (RenderRequest.execute) and the render's
 * components read the results by query key (lib/shop-data.tsx), which then travel in the page for hydration. No
 * Apollo Client on the server: its normalised cache, written by the loaders and read back by every component,
 * was the largest part of a render that the page's own data does not need. The documents carry `__typename`
 * as Apollo Client's would, so the browser writes the same results into its cache when it loads.
 */
export class ServerQueries implements QueryClient {
  readonly #results = new Map<string, unknown>();

  constructor(private readonly execute: RenderRequest['execute']) {}

  async query<TData, TVariables extends OperationVariables>(options: {
    query: TypedDocumentNode<TData, TVariables>;
    variables?: TVariables;
  }): Promise<{ data: TData | undefined }> {
    const { text, operationName } = prepare(options.query);
    const variables = definedOnly((options.variables ?? {}) as Record<string, unknown>);
    const result = await this.execute(text, variables, operationName);
    if (result.errors?.length || !result.data) throw new ServerQueryError(result);
    this.#results.set(queryKey(options.query as TypedDocumentNode<unknown, never>, options.variables), result.data);
    return { data: result.data as TData };
  }

  /** A result a loader read, by query key (undefined when none did, or it failed). */
  read(key: string): unknown {
    return this.#results.get(key);
  }
}
