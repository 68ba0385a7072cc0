import { describe, expect, it } from 'vitest';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLError, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { GatewayExecutor, GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { jitGateway } from './jit-executor.js';

const schema = makeExecutableSchema({
  typeDefs: `
    type Query { products(first: Int!): [Product!]!, secret: String, broken: String }
    type Product { id: ID!, name: String!, sizes: [String!]! }
    type Mutation { touch: Boolean }
  `,
  resolvers: {
    Query: {
      products: (_: unknown, { first }: { first: number }, ctx: { calls: number }) => {
        ctx.calls++;
        return Array.from({ length: first }, (_, i) => ({ id: i + 1, name: `Collar ${i + 1}`, sizes: ['S', 'M'] }));
      },
      secret: () => {
        throw new GraphQLError('Debes iniciar sesión para continuar.', { extensions: { code: 'UNAUTHENTICATED' } });
      },
      broken: async () => {
        throw new Error('boom');
      },
    },
  },
});

async function executor(): Promise<GatewayExecutor> {
  const gateway = jitGateway(schema);
  let loaded = false;
  gateway.onSchemaLoadOrUpdate(({ apiSchema }) => {
    loaded = apiSchema === schema;
  });
  const { executor } = await gateway.load({ apollo: {} });
  expect(loaded).toBe(true);
  return executor!;
}

function request(document: DocumentNode, variables: Record<string, unknown> = {}, operationName?: string) {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === 'OperationDefinition' && (!operationName || d.name?.value === operationName),
  );
  return {
    document,
    operation,
    operationName: operation?.name?.value ?? null,
    request: { variables, operationName },
    context: { calls: 0 },
  } as unknown as GatewayGraphQLRequestContext;
}

describe('graphql-jit executor', () => {
  it('answers as graphql-js does (values, order, ID serialised), and again from the compiled query', async () => {
    const run = await executor();
    const document = parse('query List($first: Int!) { products(first: $first) { name id sizes } }');
    const jit = await run(request(document, { first: 2 }));
    expect(JSON.stringify(jit)).toBe(
      '{"data":{"products":[{"name":"Collar 1","id":"1","sizes":["S","M"]},{"name":"Collar 2","id":"2","sizes":["S","M"]}]}}',
    );
    // Same document again, other variables: the compiled query is reused and still correct.
    expect((await run(request(document, { first: 1 }))).data).toEqual({
      products: [{ id: '1', name: 'Collar 1', sizes: ['S', 'M'] }],
    });
  });

  it('keeps resolver errors typed for Apollo and formatError (code, original error, path)', async () => {
    const run = await executor();
    const result = await run(request(parse('{ secret broken }')));
    expect(result.data).toEqual({ secret: null, broken: null });
    const [secret, broken] = result.errors!;
    expect(secret).toBeInstanceOf(GraphQLError);
    expect(secret!.extensions.code).toBe('UNAUTHENTICATED');
    expect(secret!.path).toEqual(['secret']);
    expect(secret!.locations).toEqual([{ line: 1, column: 3 }]);
    expect(broken).toBeInstanceOf(GraphQLError);
    expect(broken!.originalError?.message).toBe('boom');
  });

  it('reports variables that cannot be coerced as BAD_USER_INPUT, without data', async () => {
    const run = await executor();
    const result = await run(
      request(parse('query List($first: Int!) { products(first: $first) { id } }'), { first: 'muchos' }),
    );
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.message).toMatch(/\$first/);
  });

  it('reports an unknown operation name instead of running the only operation', async () => {
    const run = await executor();
    const context = request(parse('{ products(first: 1) { id } }'));
    const result = await run({
      ...context,
      operation: undefined,
      operationName: null,
      request: { operationName: 'Nope' },
    } as unknown as GatewayGraphQLRequestContext);
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0]?.message).toBe('Unknown operation named "Nope".');
    expect((context.context as { calls: number }).calls).toBe(0);
  });
});
