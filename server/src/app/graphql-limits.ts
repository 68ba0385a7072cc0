import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, Kind, valueFromASTUntyped, type OperationDefinitionNode } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from './context.js';

/** Depth, cost, alias, directive and token limits (graphql-armor). Batched requests stay disabled. */
export function armorProtection() {
  return new ApolloArmor({
    maxDepth: { n: 10, exposeLimits: false, errorMessage: 'La consulta es demasiado profunda.' },
    costLimit: { maxCost: 8000, exposeLimits: false, errorMessage: 'La consulta es demasiado costosa.' },
    maxAliases: { n: 15, exposeLimits: false, errorMessage: 'La consulta tiene demasiados alias.' },
    maxDirectives: { n: 20, exposeLimits: false, errorMessage: 'La consulta tiene demasiadas directivas.' },
    // Tokens are limited by graphql-js itself (see PARSE_OPTIONS): armor's token plugin re-parses inside
    // a plugin hook, which turns every syntax error into an HTTP 500.
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  }).protect();
}

/** Parser options for Apollo: a token cap that fails as an ordinary 400 syntax error. */
export const PARSE_OPTIONS = { maxTokens: 2000 };

/** graphql-armor rejections arrive as validation errors; give each its own code for programs. */
export function limitCodeFor(message: string): string | null {
  if (message.includes('demasiado profunda')) return 'QUERY_TOO_DEEP';
  if (message.includes('demasiado costosa')) return 'QUERY_TOO_COSTLY';
  if (message.includes('demasiados alias')) return 'TOO_MANY_ALIASES';
  if (message.includes('demasiadas directivas')) return 'TOO_MANY_DIRECTIVES';
  if (/Document contains more than \d+ tokens/.test(message)) return 'TOO_MANY_TOKENS';
  if (message.startsWith('Syntax Error:')) return 'GRAPHQL_PARSE_FAILED';
  return null;
}

/**
 * Apollo's automatic persisted queries refuse a bad `persistedQuery` extension (a hash that is not the
 * query's, a version other than 1) with a GraphQLError that carries no code, which would make it an internal
 * error with a stack in the log. It is the client's mistake: BAD_REQUEST, as the APQ protocol has it.
 */
const PERSISTED_QUERY_REFUSALS: Record<string, string> = {
  'provided sha does not match query': 'El hash de la consulta persistida no corresponde a la consulta enviada.',
  'Unsupported persisted query version': 'Versión de consulta persistida no admitida (solo la 1).',
};

/** The Spanish message for Apollo's refusal of a bad persisted-query extension, or null for any other error. */
export function persistedQueryRefusal(message: string): string | null {
  return Object.hasOwn(PERSISTED_QUERY_REFUSALS, message) ? PERSISTED_QUERY_REFUSALS[message]! : null;
}

export interface RateRule {
  /** Root field that is limited. */
  field: string;
  /** Only count calls where this predicate holds for the field's arguments. */
  when?: (args: Record<string, unknown>) => boolean;
  limit: number;
  windowMs: number;
  message: string;
}

/** Counts calls per rule and client; false once the rule's limit is reached in its window. */
export interface RateCounter {
  hit(rule: RateRule, client: string): Promise<boolean>;
}

export const DEFAULT_RATE_RULES: RateRule[] = [
  {
    field: 'placeOrder',
    limit: 10,
    windowMs: 60_000,
    message: 'Has hecho demasiados pedidos seguidos. Espera un minuto e inténtalo de nuevo.',
  },
  {
    field: 'cartQuote',
    when: (args) => {
      const input = args.input as { discountCode?: unknown } | undefined;
      return typeof input?.discountCode === 'string' && input.discountCode.trim() !== '';
    },
    limit: 30,
    windowMs: 60_000,
    message: 'Demasiados intentos con códigos de descuento. Espera un minuto e inténtalo de nuevo.',
  },
  // «Consulta tu pedido»: reference + email pairs cannot be guessed by trying many.
  {
    field: 'orderLookup',
    limit: 10,
    windowMs: 10 * 60_000,
    message: 'Hiciste demasiadas consultas seguidas. Espera unos minutos e inténtalo de nuevo.',
  },
];

/** Apollo plugin: per-client limits (IPv4 address or IPv6 /64) on sensitive root fields, checked before execution (counters in app/rate-limits.ts). */
export function rateLimitPlugin(
  limiter: RateCounter,
  rules: RateRule[] = DEFAULT_RATE_RULES,
): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, request, contextValue }) {
          const op = operation as OperationDefinitionNode | undefined;
          if (!op) return;
          const variables = request.variables ?? {};
          for (const selection of op.selectionSet.selections) {
            if (selection.kind !== Kind.FIELD) continue;
            const rule = rules.find((r) => r.field === selection.name.value);
            if (!rule) continue;
            const args: Record<string, unknown> = {};
            for (const arg of selection.arguments ?? [])
              args[arg.name.value] = valueFromASTUntyped(arg.value, variables);
            if (rule.when && !rule.when(args)) continue;
            if (!(await limiter.hit(rule, contextValue.clientKey))) {
              throw new GraphQLError(rule.message, { extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
            }
          }
        },
      };
    },
  };
}
