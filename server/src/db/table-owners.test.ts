import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DYNAMIC_TABLE_SQL, MODULES, READ_MODELS, TABLE_OWNERS, type TableName } from './table-owners.js';

/**
 * Each module owns its tables: every SQL string and every entity use under server/src/modules is
 * resolved to the tables it touches, and a module may only write its own tables and read another's
 * through a read model listed in table-owners.ts.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const MODULES_DIR = path.join(ROOT, 'server/src/modules');
const MIGRATIONS_DIR = path.join(ROOT, 'server/src/db/migrations');

type Kind = 'read' | 'write';
interface Touch {
  module: string;
  table: string;
  kind: Kind;
  where: string;
}

/** What a statement does to the table named right after its keyword. */
const SQL_KEYWORDS: Record<string, Kind> = {
  from: 'read',
  join: 'read',
  into: 'write',
  update: 'write',
  delete: 'write',
  truncate: 'write',
  table: 'write',
};
const DYNAMIC = '__dynamic_sql_part__';
// A keyword, an optional ONLY / schema, then the table name (or the marker of an interpolated part).
const TABLE_AFTER_KEYWORD =
  /\b(delete\s+from|from|join|into|update|truncate|lock\s+table|alter\s+table)\s+(?:only\s+)?(?:public\.)?"?(\w+)/gi;
// A comma-separated FROM list ("FROM product p, category c"): the names after each comma.
const FROM_LIST = /\bfrom\s+\w+(?:\s+(?:as\s+)?\w+)?((?:\s*,\s*\w+(?:\s+(?:as\s+)?\w+)?)+)/gi;

/** TypeORM calls that only read; any other call given an entity (save, update, query builders…) counts as a write. */
const READ_CALLS = new Set([
  'find',
  'findBy',
  'findOne',
  'findOneBy',
  'findOneOrFail',
  'findOneByOrFail',
  'findAndCount',
  'findAndCountBy',
  'count',
  'countBy',
  'exists',
  'existsBy',
  'sum',
  'average',
  'minimum',
  'maximum',
]);

const KNOWN_TABLES = new Set<string>(Object.keys(TABLE_OWNERS));

function sqlTouches(text: string): Array<{ table: string; kind: Kind }> {
  const found: Array<{ table: string; kind: Kind }> = [];
  for (const match of text.matchAll(TABLE_AFTER_KEYWORD)) {
    const keyword = match[1]!.toLowerCase().split(/\s+/)[0]!;
    const name = match[2]!;
    const kind = SQL_KEYWORDS[keyword === 'lock' || keyword === 'alter' ? 'table' : keyword]!;
    if (name === DYNAMIC) found.push({ table: DYNAMIC, kind });
    else if (KNOWN_TABLES.has(name.toLowerCase())) found.push({ table: name.toLowerCase(), kind });
  }
  for (const match of text.matchAll(FROM_LIST)) {
    for (const item of match[1]!.split(',')) {
      const name = item.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
      if (KNOWN_TABLES.has(name)) found.push({ table: name, kind: 'read' });
    }
  }
  return found;
}

/** The text of a string or template literal, with each interpolation replaced by a marker. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((s) => ` ${DYNAMIC} ${s.literal.text}`).join('');
  }
  return null;
}

/** Entity class name → table, from every `@Entity({ name })` class under server/src/modules. */
function entityTables(files: string[]): Map<string, { table: string; file: string }> {
  const entities = new Map<string, { table: string; file: string }>();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    source.forEachChild((node) => {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      for (const decorator of ts.getDecorators(node) ?? []) {
        const call = decorator.expression;
        if (!ts.isCallExpression(call) || call.expression.getText(source) !== 'Entity') continue;
        const options = call.arguments[0];
        const nameProp =
          options && ts.isObjectLiteralExpression(options)
            ? options.properties.find((p) => p.name?.getText(source) === 'name')
            : undefined;
        if (!nameProp || !ts.isPropertyAssignment(nameProp) || !ts.isStringLiteral(nameProp.initializer)) {
          throw new Error(`${file}: @Entity without a literal { name } (the table must be named)`);
        }
        entities.set(node.name.text, { table: nameProp.initializer.text, file });
      }
    });
  }
  return entities;
}

/** The TypeORM method an entity is handed to: `m.find(X…)`, `getRepository(X).save(…)`, `createQueryBuilder(X…)`. */
function entityCall(id: ts.Identifier): string | null {
  const call = id.parent;
  if (!ts.isCallExpression(call) || !call.arguments.includes(id)) return null;
  const callee = call.expression;
  const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText();
  if (method !== 'getRepository') return method;
  const chained = call.parent;
  return ts.isPropertyAccessExpression(chained) ? chained.name.text : 'getRepository';
}

function isValueUse(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent)) return false;
  if (ts.isClassDeclaration(parent) && parent.name === id) return false;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === id) return false;
  for (let n: ts.Node = id; n.parent; n = n.parent) {
    if (ts.isTypeNode(n) || ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n)) return false;
    if (ts.isExpressionWithTypeArguments(n) && ts.isHeritageClause(n.parent)) return false;
  }
  return true;
}

/** Every table touch in one source file of a module. */
export function touchesOf(
  module: string,
  file: string,
  code: string,
  entities: Map<string, { table: string; file: string }>,
): Touch[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const touches: Touch[] = [];
  const where = (node: ts.Node): string =>
    `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    const text = literalText(node);
    if (text !== null) {
      for (const t of sqlTouches(text)) touches.push({ module, ...t, where: where(node) });
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((s) => visit(s.expression));
      return;
    }
    if (ts.isIdentifier(node) && entities.has(node.text) && isValueUse(node)) {
      const method = entityCall(node);
      const kind: Kind = method !== null && READ_CALLS.has(method) ? 'read' : 'write';
      touches.push({ module, table: entities.get(node.text)!.table, kind, where: where(node) });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return touches;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

const moduleNames = fs
  .readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const moduleFiles = sourceFiles(MODULES_DIR);
const entities = entityTables(moduleFiles);
const moduleOf = (file: string): string => path.relative(MODULES_DIR, file).split(path.sep)[0]!;
const allTouches = moduleFiles.flatMap((file) =>
  touchesOf(moduleOf(file), file, fs.readFileSync(file, 'utf8'), entities),
);

const isReadModel = (t: Touch): boolean =>
  t.kind === 'read' && READ_MODELS.some((r) => r.reader === t.module && r.table === t.table);

/** The touches that break ownership, as readable lines. */
function violations(touches: Touch[]): string[] {
  return touches
    .filter((t) => t.table !== DYNAMIC && TABLE_OWNERS[t.table as TableName] !== t.module && !isReadModel(t))
    .map((t) => `${t.where}: ${t.module} ${t.kind}s ${t.table} (owned by ${TABLE_OWNERS[t.table as TableName]})`);
}

describe('table ownership', () => {
  it('names one owner for every table the migrations create, and nothing else', () => {
    const created = new Set<string>();
    for (const file of sourceFiles(MIGRATIONS_DIR)) {
      for (const m of fs
        .readFileSync(file, 'utf8')
        .matchAll(/\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?"?(\w+)/gi)) {
        created.add(m[1]!.toLowerCase());
      }
    }
    expect(created.size).toBeGreaterThan(30);
    expect([...created].sort()).toEqual(Object.keys(TABLE_OWNERS).sort());
  });

  it('knows every module folder', () => {
    expect([...MODULES].sort()).toEqual(moduleNames.sort());
  });

  it("keeps every entity in its table owner's module", () => {
    expect(entities.size).toBeGreaterThan(20);
    for (const [name, { table, file }] of entities) {
      expect(TABLE_OWNERS[table as TableName], `${name} → ${table}`).toBe(moduleOf(file));
    }
  });

  it('finds the SQL and entity uses of the modules (the scanner is not blind)', () => {
    expect(allTouches.filter((t) => t.kind === 'write').length).toBeGreaterThan(50);
    expect(allTouches.filter((t) => t.kind === 'read').length).toBeGreaterThan(100);
  });

  it('lets a module write only its own tables and read others only through a listed read model', () => {
    expect(violations(allTouches)).toEqual([]);
  });

  it('has no stale or vague read model', () => {
    for (const r of READ_MODELS) {
      expect(TABLE_OWNERS[r.table], `${r.reader} reads ${r.table}`).not.toBe(r.reader);
      expect(r.why.length, `${r.reader} reads ${r.table}: say why`).toBeGreaterThan(20);
      const used = allTouches.some((t) => t.module === r.reader && t.table === r.table && t.kind === 'read');
      expect(used, `${r.reader} no longer reads ${r.table}: remove it from READ_MODELS`).toBe(true);
    }
  });

  it('lists every table name built at run time, and those tables belong to the module', () => {
    const dynamic = allTouches.filter((t) => t.table === DYNAMIC).map((t) => t.where.split(':')[0]!);
    expect([...new Set(dynamic)].sort()).toEqual(DYNAMIC_TABLE_SQL.map((d) => d.file).sort());
    for (const d of DYNAMIC_TABLE_SQL) {
      const module = moduleOf(path.join(ROOT, d.file));
      if (d.tables === 'every table') {
        const kinds = allTouches
          .filter((t) => t.table === DYNAMIC && t.where.startsWith(`${d.file}:`))
          .map((t) => t.kind);
        expect(new Set(kinds), `${d.file} may only read`).toEqual(new Set(['read']));
      } else for (const table of d.tables) expect(TABLE_OWNERS[table], `${d.file}: ${table}`).toBe(module);
    }
  });

  describe('catches a module that crosses the line', () => {
    const plant = (module: string, code: string): string[] =>
      // Without the place (a probe file that does not exist): only what was crossed.
      violations(touchesOf(module, path.join(MODULES_DIR, module, 'probe.ts'), code, entities)).map((v) =>
        v.slice(v.indexOf(': ') + 2),
      );

    it('in raw SQL writes', () => {
      expect(plant('orders', 'm.query(`UPDATE product_size SET stock = stock - 1 WHERE id = $1`, [id]);')).toEqual([
        'orders writes product_size (owned by catalog)',
      ]);
      expect(plant('content', "m.query('INSERT INTO discount_code (code) VALUES ($1)', [c]);")).toHaveLength(1);
      expect(plant('seo', 'm.query(`DELETE FROM product_image WHERE id = ${id}`);')).toHaveLength(1);
    });

    it('in raw SQL reads without a read model', () => {
      expect(
        plant('shipping', "m.query('SELECT p.id FROM category c, product p WHERE p.category_id = c.id');"),
      ).toEqual(['shipping reads category (owned by catalog)', 'shipping reads product (owned by catalog)']);
      expect(plant('cart', 'm.query(`SELECT 1 FROM x JOIN shop_order o ON true`);')).toHaveLength(1);
    });

    it('in entity calls', () => {
      expect(plant('returns', 'await m.getRepository(OrderEntity).save(order);')).toEqual([
        'returns writes shop_order (owned by orders)',
      ]);
      expect(plant('staff', 'await m.find(ProductSizeEntity, { where: { id } });')).toEqual([
        'staff reads product_size (owned by catalog)',
      ]);
      expect(plant('staff', 'const q = m.createQueryBuilder(OrderLineEntity, "l");')).toHaveLength(1);
    });

    it('but not in type positions or its own tables', () => {
      expect(plant('staff', 'function f(o: OrderEntity): Array<OrderLineEntity> { return []; }')).toEqual([]);
      expect(plant('catalog', 'm.query(`UPDATE product_size SET stock = 0`);')).toEqual([]);
    });
  });
});
