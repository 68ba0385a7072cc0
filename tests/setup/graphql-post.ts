import { expect } from 'vitest';
import { print, type DocumentNode } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { TypedDocumentString } from '../gql/graphql.js';

/** What the endpoint answered: the HTTP status beside the GraphQL body. */
export interface GqlResponse<T = Record<string, unknown>> {
  status: number;
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; [k: string]: unknown } }>;
}

type Headers = Record<string, string>;

/** A typed document's variables: required when the operation declares a required one. */
export type GqlVariables<V> = Record<string, never> extends V ? [variables?: NoInfer<V>] : [variables: NoInfer<V>];

/**
 * The arguments after a typed document: its variables (so a missing or mistyped variable is a type error) and the
 * request headers. A wrapper that adds headers of its own uses postGraphqlWith instead: spreading optional variables
 * before the headers would put the headers where the variables go whenever the variables are left out.
 */
export type GqlArgs<V> = [...GqlVariables<V>, headers?: Headers];

/**
 * A typed document: the test's own graphql(`…`) (tests/gql, a string) or the client's generated document
 * (client/src/features/<f>/<f>.generated.ts, a parsed AST: the operation the app sends, printed).
 */
export type TypedDocument<R, V> = TypedDocumentString<R, V> | TypedDocumentNode<R, V>;

/**
 * Posts one operation to a shop's /graphql. A typed document (see TypedDocument) types the variables and the answer;
 * a plain string is for the tests that build their documents on purpose.
 */
export function postGraphql<R, V>(
  url: string,
  query: TypedDocument<R, V>,
  ...args: GqlArgs<V>
): Promise<GqlResponse<R>>;
export function postGraphql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers?: Headers,
): Promise<GqlResponse<T>>;
export async function postGraphql(
  url: string,
  query: string | TypedDocument<unknown, unknown>,
  variables?: unknown,
  headers: Headers = {},
): Promise<GqlResponse<unknown>> {
  return send(url, query, variables, headers);
}

/**
 * postGraphql with the headers first (a staff session, say), for a wrapper that takes the caller's variables as
 * `...variables: GqlVariables<V>` and passes them on unchanged.
 */
export function postGraphqlWith<R, V>(
  url: string,
  headers: Headers,
  query: TypedDocument<R, V>,
  ...variables: GqlVariables<V>
): Promise<GqlResponse<R>> {
  // The variables were checked against V at the call; the answer has the document's shape R.
  return send(url, query, variables[0], headers) as Promise<GqlResponse<R>>;
}

/** Any document (`never` variables: every document's variables are at least that). */
type AnyDocument = string | TypedDocument<unknown, never>;

async function send(
  url: string,
  query: AnyDocument,
  variables: unknown,
  headers: Headers,
): Promise<GqlResponse<unknown>> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: queryText(query), variables }),
  });
  const body = (await res.json()) as Omit<GqlResponse<unknown>, 'status'>;
  return { status: res.status, ...body };
}

function isDocumentNode(query: unknown): query is DocumentNode {
  return typeof query === 'object' && query !== null && (query as { kind?: unknown }).kind === 'Document';
}

/**
 * The text to send: a string as it is, a parsed document printed with graphql-js (Apollo Client's cache also adds
 * `__typename` to each selection; the fields the test reads are the same).
 */
function queryText(query: AnyDocument): string {
  if (isDocumentNode(query)) return print(query);
  // graphql(`…`) answers `{}` for a text codegen has not read (edited, or reformatted, since the last codegen).
  if (typeof query !== 'string' && !(query instanceof String)) {
    throw new Error('Documento GraphQL sin generar: corra npm run codegen.');
  }
  return String(query);
}

/** The member of union `T` named `K` (or `T` itself when its `__typename` is a plain string). */
type Member<T, K> = [Extract<T, { __typename?: K }>] extends [never] ? T : Extract<T, { __typename?: K }>;

/**
 * Fails the test unless a union answer is the expected member; after it the answer is typed as that member (an
 * `expect(x.__typename).toBe(…)` checks the same but leaves the union for the type checker).
 */
export function expectTypename<T extends { __typename?: string }, K extends NonNullable<T['__typename']>>(
  value: T | null | undefined,
  typename: K,
): asserts value is Member<T, K> {
  expect(value?.__typename, JSON.stringify(value)).toBe(typename);
}
