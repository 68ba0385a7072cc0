import { register } from 'node:module';
import type { IncomingMessage } from 'node:http';

/**
 * OpenTelemetry traces, only with OTEL_EXPORTER_OTLP_ENDPOINT: HTTP (server and client), GraphQL (parse, validate,
 * execute and resolvers) and PostgreSQL (pg and its pool), sent over OTLP/HTTP. Nothing here is imported otherwise:
 * server/src/index.ts and the built launcher import this module only when the variable is set, before any package the
 * instrumentations patch is loaded (their ESM hook must see those imports).
 */
const SDK = Symbol.for('enzo.tracing');
type Global = { [SDK]?: { shutdown(): Promise<void> } };

export async function startTracing(endpoint: string, serviceName: string): Promise<void> {
  const global = globalThis as Global;
  if (global[SDK]) return;
  // The loader hook (import-in-the-middle) lets the instrumentations patch ES modules as they are imported.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { GraphQLInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-graphql'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const quiet = new Set(['/healthz', '/readyz', '/metrics']);
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }),
    instrumentations: [
      new HttpInstrumentation({
        // Load-balancer probes and scrapes would drown the traces that matter.
        ignoreIncomingRequestHook: (req: IncomingMessage) => quiet.has((req.url ?? '').split('?')[0]!),
      }),
      new GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  global[SDK] = sdk;
}

/** Sends the spans still buffered (on a clean stop). */
export async function stopTracing(): Promise<void> {
  await (globalThis as Global)[SDK]?.shutdown().catch(() => undefined);
}
