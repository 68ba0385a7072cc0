import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The API tests write their GraphQL documents as graphql(`query Name … { … }`): codegen (tests/gql) checks each
 * against the schema and types its variables and answer, so a misspelt field or a result type that drifted from the
 * schema fails the type check instead of a run. A test of what the app sends imports the client's own document
 * (`…Document` from a `*.generated.ts` beside the client's `.graphql`), typed by the client's codegen. This check
 * keeps it so: in tests/api and tests/setup no call to a GraphQL helper names its result type by hand
 * (`gql<{ … }>(…)`), no document is a bare string outside graphql(…), and a client document is imported only from a
 * generated file.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['tests/api', 'tests/setup'];

/**
 * Files that build their documents on purpose, from the schema or from lists, so they are strings by design: the
 * permission matrices (every staff operation, built from the schema) and the hostile inputs (documents generated to
 * be too deep, too long, repeated).
 */
export const DELIBERATE = new Set([
  'tests/api/staff-roles.test.ts',
  'tests/api/staff-auth.test.ts',
  'tests/api/hostile-limits.test.ts',
  'tests/api/hostile-lists-and-oracles.test.ts',
]);

/** The helpers that post a document: the test shop's `gql`, `gqlAt`, `postGraphql` and local wrappers named `gql`. */
const HELPERS = /^(?:gql|gqlAt|postGraphql)$/;

/** A GraphQL operation's text: `query …`, `mutation …`, `subscription …`, or the `{ field … }` shorthand. */
const OPERATION = /^\s*(?:(?:query|mutation|subscription)(?:\s+[_A-Za-z]\w*)?\s*[({]|\{\s*[_A-Za-z]\w*\s*[({])/;

export interface Violation {
  line: number;
  what: string;
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** Text of a string or template literal (a template's literal parts only). */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return undefined;
}

/**
 * A document the schema rejects on purpose (a forged field, a wrong type) cannot go through codegen: the line above
 * it says so with `untyped-document:` and why.
 */
const MARKER = /\/\/\s*untyped-document:\s*\S/;

function marked(source: ts.SourceFile, node: ts.Node): boolean {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const lines = source.text.split('\n');
  return MARKER.test(lines[line - 1] ?? '') || MARKER.test(lines[line] ?? '');
}

/** A module the client's codegen writes: its `…Document` exports are typed documents. */
const GENERATED_MODULE = /\/client\/src\/.*\.generated\.js$/;
/** The tests' own codegen output (tests/gql): its types and graphql(). */
const TESTS_GQL_MODULE = /(?:^|\/)gql\/(?:index|graphql)\.js$/;

/** Hand-typed GraphQL calls, documents outside graphql(…) and client documents not from a generated file. */
export function untypedDocuments(fileName: string, text: string): Violation[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Violation[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      const bindings = node.importClause?.namedBindings;
      // Only values: a type named …Document (a row type, say) is not a document.
      const names =
        bindings && ts.isNamedImports(bindings) && !node.importClause?.isTypeOnly
          ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : [];
      const documents = names.filter((n) => n.endsWith('Document'));
      if (documents.length && !GENERATED_MODULE.test(from) && !TESTS_GQL_MODULE.test(from)) {
        found.push({ line: lineOf(node), what: `${documents.join(', ')} imported from ${from}, not a generated file` });
      }
      return;
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name && HELPERS.test(name) && node.typeArguments?.length) {
        found.push({ line: lineOf(node), what: `${name}<…>(…) names its result type by hand` });
      }
      // A document inside graphql(…) is what codegen reads: nothing below it is a bare document.
      if (name === 'graphql') return;
    }
    const literal = literalText(node);
    if (literal !== undefined && OPERATION.test(literal) && !marked(source, node)) {
      found.push({ line: lineOf(node), what: 'a GraphQL document outside graphql(`…`)' });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`);
}

describe('typed GraphQL documents in the API tests', () => {
  const files = DIRS.flatMap(filesUnder);

  it('every document is a graphql(`…`) call and no helper call names its result type by hand', () => {
    const problems = files
      .filter((f) => !DELIBERATE.has(f))
      .flatMap((f) =>
        untypedDocuments(f, fs.readFileSync(path.join(ROOT, f), 'utf8')).map((v) => `${f}:${v.line}: ${v.what}`),
      );
    expect(problems).toEqual([]);
    // It parses every api test file with the TypeScript compiler: about a second alone, several beside tsc.
  }, 30_000);

  it('names only files that exist as deliberate', () => {
    for (const f of DELIBERATE) expect(fs.existsSync(path.join(ROOT, f)), f).toBe(true);
  });

  it('finds a hand-typed call and a bare document, and accepts a typed one', () => {
    const bad = [
      'const A = `query A { shopSettings { freeShippingFrom } }`;',
      'const res = await shop.gql<{ x: number }>(A);',
      'await gqlAt(url, `{ products(first: 1) { total } }`);',
      '// untyped-document:',
      'await gqlAt(url, `{ products(first: 1) { total } }`);',
      "import { CartQuoteDocument } from '../../client/src/features/cart/cart-documents.js';",
    ].join('\n');
    expect(untypedDocuments('bad.ts', bad).map((v) => v.line)).toEqual([1, 2, 3, 5, 6]);
    const good = [
      'const A = graphql(`query A { shopSettings { freeShippingFrom } }`);',
      'const res = await shop.gql(A, {});',
      'const sql = `SELECT 1`;',
      '// untyped-document: the schema rejects this forged field.',
      'await gqlAt(url, `{ products(first: 1, price: 1) { total } }`);',
      "import { CartQuoteDocument } from '../../client/src/features/cart/cart.generated.js';",
      'const quote = await shop.gql(CartQuoteDocument, { input: { lines: [] } });',
      "import type { SearchPageQuery } from '../gql/graphql.js';",
    ].join('\n');
    expect(untypedDocuments('good.ts', good)).toEqual([]);
  });
});
