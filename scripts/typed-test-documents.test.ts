import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The API tests write their GraphQL documents as graphql(`query Name … { … }`): codegen (tests/gql) checks each
 * against the schema and types its variables and answer, so a misspelt field or a result type that drifted from the
 * schema fails the type check instead of a run. This check keeps it so: in tests/api and tests/setup no call to a
 * GraphQL helper names its result type by hand (`gql<{ … }>(…)`), and no document is a bare string outside graphql(…).
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

/**
 * Files not converted yet. This list only shrinks: a listed file that has become typed fails the check until its
 * entry is removed, and a file not listed may not add a hand-typed call or a bare document.
 */
export const NOT_YET_TYPED = new Set<string>([
  'tests/api/cash-on-delivery.test.ts',
  'tests/api/catalog-notify-coverage.test.ts',
  'tests/api/content-expiry.test.ts',
  'tests/api/database-down.test.ts',
  'tests/api/einvoicing.test.ts',
  'tests/api/hardening.test.ts',
  'tests/api/money-and-stock.test.ts',
  'tests/api/returns.test.ts',
  'tests/api/search.test.ts',
  'tests/api/ssr-pages.test.ts',
  'tests/api/staff-catalog.test.ts',
  'tests/api/staff-products.test.ts',
  'tests/api/staff-team.test.ts',
  'tests/api/storefront-content.test.ts',
  'tests/api/traces.test.ts',
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

/** Hand-typed GraphQL calls and documents outside graphql(…) in one source file. */
export function untypedDocuments(fileName: string, text: string): Violation[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Violation[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
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
      .filter((f) => !DELIBERATE.has(f) && !NOT_YET_TYPED.has(f))
      .flatMap((f) =>
        untypedDocuments(f, fs.readFileSync(path.join(ROOT, f), 'utf8')).map((v) => `${f}:${v.line}: ${v.what}`),
      );
    expect(problems).toEqual([]);
  });

  it('the not-yet-typed list only names files that still need converting', () => {
    const stale = [...NOT_YET_TYPED].filter(
      (f) =>
        !fs.existsSync(path.join(ROOT, f)) ||
        untypedDocuments(f, fs.readFileSync(path.join(ROOT, f), 'utf8')).length === 0,
    );
    expect(stale, 'typed now: remove from NOT_YET_TYPED').toEqual([]);
    for (const f of DELIBERATE) expect(fs.existsSync(path.join(ROOT, f)), f).toBe(true);
  });

  it('finds a hand-typed call and a bare document, and accepts a typed one', () => {
    const bad = [
      'const A = `query A { shopSettings { freeShippingFrom } }`;',
      'const res = await shop.gql<{ x: number }>(A);',
      'await gqlAt(url, `{ products(first: 1) { total } }`);',
      '// untyped-document:',
      'await gqlAt(url, `{ products(first: 1) { total } }`);',
    ].join('\n');
    expect(untypedDocuments('bad.ts', bad).map((v) => v.line)).toEqual([1, 2, 3, 5]);
    const good = [
      'const A = graphql(`query A { shopSettings { freeShippingFrom } }`);',
      'const res = await shop.gql(A, {});',
      'const sql = `SELECT 1`;',
      '// untyped-document: the schema rejects this forged field.',
      'await gqlAt(url, `{ products(first: 1, price: 1) { total } }`);',
    ].join('\n');
    expect(untypedDocuments('good.ts', good)).toEqual([]);
  });
});
