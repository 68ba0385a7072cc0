import { EnvError, parseEnv } from './config/env.js';

/**
 * The built launcher's first import (scripts/build.mjs): with OTEL_EXPORTER_OTLP_ENDPOINT, tracing starts before the
 * server's packages load; without it, nothing of OpenTelemetry is loaded. A bad environment is left for the server
 * to report.
 */
let endpoint: { url: string; service: string } | undefined;
try {
  const env = parseEnv();
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT)
    endpoint = { url: env.OTEL_EXPORTER_OTLP_ENDPOINT, service: env.OTEL_SERVICE_NAME };
} catch (err) {
  if (!(err instanceof EnvError)) throw err;
}
if (endpoint) await (await import('./tracing.js')).startTracing(endpoint.url, endpoint.service);
