import { describe, expect, it } from 'vitest';
import { ApolloServer } from '@apollo/server';
import { buildSchema } from 'graphql';
import { inputTextLimitPlugin, MAX_INPUT_TEXT, overlongArgument } from './input-text-limit.js';
import type { GraphQLContext } from './context.js';
import { parse } from 'graphql';

const typeDefs = `
  input Person { name: String!, tags: [String!] }
  input UploadImageInput { dataBase64: String!, alt: String! }
  type Query { hello(who: Person, note: String): String! }
  type Mutation { staffUploadImage(input: UploadImageInput!): String! }
`;

describe('input text limit', () => {
  const schema = buildSchema(typeDefs);

  it('finds an over-long text in variables, literals, lists and nested inputs', () => {
    const long = 'a'.repeat(MAX_INPUT_TEXT + 1);
    const q = parse('query($w: Person, $n: String) { hello(who: $w, note: $n) }');
    expect(overlongArgument(schema, q, { w: { name: 'x' }, n: 'ok' })).toBeNull();
    expect(overlongArgument(schema, q, { n: long })).toBe('Query.hello(note:)');
    expect(overlongArgument(schema, q, { w: { name: 'x', tags: ['a', long] } })).toBe('Person.tags');
    expect(overlongArgument(schema, parse(`{ hello(who: { name: "${long}" }) }`), {})).toBe('Person.name');
    const upload = parse('mutation($i: UploadImageInput!) { staffUploadImage(input: $i) }');
    expect(
      overlongArgument(schema, upload, { i: { dataBase64: 'A'.repeat(MAX_INPUT_TEXT * 10), alt: 'x' } }),
    ).toBeNull();
  });

  it('refuses such an operation with BAD_USER_INPUT before it runs', async () => {
    let ran = 0;
    const server = new ApolloServer<GraphQLContext>({
      typeDefs,
      resolvers: { Query: { hello: () => `${++ran}` }, Mutation: { staffUploadImage: () => 'ok' } },
      plugins: [inputTextLimitPlugin(typeDefs)],
    });
    await server.start();
    const res = await server.executeOperation(
      { query: 'query($n: String) { hello(note: $n) }', variables: { n: 'a'.repeat(MAX_INPUT_TEXT + 1) } },
      { contextValue: {} as GraphQLContext },
    );
    const body = res.body.kind === 'single' ? res.body.singleResult : null;
    expect(body?.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'Query.hello(note:)' });
    expect(ran).toBe(0);
    await server.stop();
  });
});
