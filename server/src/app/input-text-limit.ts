import type { ApolloServerPlugin } from '@apollo/server';
import {
  buildSchema,
  GraphQLError,
  getNullableType,
  GraphQLSchema,
  isInputObjectType,
  isListType,
  Kind,
  TypeInfo,
  valueFromASTUntyped,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type ValueNode,
} from 'graphql';
import type { GraphQLContext } from './context.js';
import { MAX_IMAGE_BASE64_CHARS } from '../modules/media/index.js';
import { MAX_IMPORT_TOKEN_CHARS } from '../modules/catalog/index.js';
import { MAX_IMPORT_BASE64 } from '../modules/staff/index.js';

/**
 * The longest text any argument may carry: a little over the longest text the shop keeps (a product
 * description, 5 000 characters). Each field's own rule is stricter; this one stops a megabyte of text
 * before any resolver, rule or pattern reads it.
 */
export const MAX_INPUT_TEXT = 10_000;

/**
 * Input fields that carry more than text: a picture's bytes in base64 (checked by the media module), a catalogue
 * spreadsheet in base64 and its preview's token (checked by the import).
 */
export const LONG_INPUT_FIELDS: Record<string, number> = {
  'AddProductImageInput.dataBase64': MAX_IMAGE_BASE64_CHARS,
  'UploadImageInput.dataBase64': MAX_IMAGE_BASE64_CHARS,
  'CatalogImportInput.dataBase64': MAX_IMPORT_BASE64,
  'ApplyCatalogImportInput.dataBase64': MAX_IMPORT_BASE64,
  'ApplyCatalogImportInput.token': MAX_IMPORT_TOKEN_CHARS,
};

/** The first string inside `value` (of `type`) longer than its limit, as `Type.field`; null when none is. */
function overlong(value: unknown, type: GraphQLInputType, coordinate: string, limit: number): string | null {
  if (value == null) return null;
  const inner = getNullableType(type);
  if (isListType(inner)) {
    if (!Array.isArray(value)) return overlong(value, inner.ofType, coordinate, limit);
    for (const item of value) {
      const found = overlong(item, inner.ofType, coordinate, limit);
      if (found) return found;
    }
    return null;
  }
  if (isInputObjectType(inner)) {
    if (typeof value !== 'object') return null;
    const fields = inner.getFields();
    for (const [name, field] of Object.entries(fields)) {
      const at = `${inner.name}.${name}`;
      const found = overlong(
        (value as Record<string, unknown>)[name],
        field.type,
        at,
        LONG_INPUT_FIELDS[at] ?? MAX_INPUT_TEXT,
      );
      if (found) return found;
    }
    return null;
  }
  return typeof value === 'string' && value.length > limit ? coordinate : null;
}

interface ArgumentCheck {
  coordinate: string;
  type: GraphQLInputType;
  value: ValueNode;
  limit: number;
}

/** Per schema, per parsed document (Apollo keeps one object per query text): the arguments to check, found once. */
const checksBySchema = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, ArgumentCheck[]>>();

/** The arguments `document` passes, each with its coordinate, type and limit (a walk of the document with its types). */
function argumentChecks(schema: GraphQLSchema, document: DocumentNode): ArgumentCheck[] {
  let byDocument = checksBySchema.get(schema);
  if (!byDocument) checksBySchema.set(schema, (byDocument = new WeakMap()));
  const known = byDocument.get(document);
  if (known) return known;
  const typeInfo = new TypeInfo(schema);
  const checks: ArgumentCheck[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const arg = typeInfo.getArgument();
        if (!arg) return false;
        const coordinate = `${typeInfo.getParentType()?.name ?? '?'}.${typeInfo.getFieldDef()?.name ?? '?'}(${arg.name}:)`;
        checks.push({
          coordinate,
          type: arg.type,
          value: node.value,
          limit: LONG_INPUT_FIELDS[coordinate] ?? MAX_INPUT_TEXT,
        });
        return false;
      },
    }),
  );
  byDocument.set(document, checks);
  return checks;
}

/** The argument (`Type.field(arg:)` or `Input.field`) of `document` that carries an over-long text, or null. */
export function overlongArgument(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): string | null {
  for (const check of argumentChecks(schema, document)) {
    const value =
      check.value.kind === Kind.VARIABLE
        ? variables[check.value.name.value]
        : valueFromASTUntyped(check.value, variables);
    const found = overlong(value, check.type, check.coordinate, check.limit);
    if (found) return found;
  }
  return null;
}

/**
 * Apollo plugin: refuses, before anything runs, an operation whose arguments carry a text longer than its limit
 * (BAD_USER_INPUT naming the field). Variables and inline values alike; both are already parsed JSON here.
 * `typeDefs` is the schema's SDL; `built`, the schema Apollo runs, used when it comes from this module's graphql.
 */
export function inputTextLimitPlugin(typeDefs: string, built?: unknown): ApolloServerPlugin<GraphQLContext> {
  // Apollo's schema may come from the other copy of graphql (the test runner loads its ESM and CommonJS builds side
  // by side), whose types fail graphql's instanceof checks in TypeInfo: then the plugin builds its own.
  const schema = built instanceof GraphQLSchema ? built : buildSchema(typeDefs);
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }) {
          const field = overlongArgument(schema, document, request.variables ?? {});
          if (field) {
            throw new GraphQLError(`Un texto es demasiado largo (${field}).`, {
              extensions: { code: 'BAD_USER_INPUT', field, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
