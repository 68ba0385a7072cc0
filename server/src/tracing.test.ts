import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

/** Without OTEL_EXPORTER_OTLP_ENDPOINT tracing costs nothing: no OpenTelemetry SDK or instrumentation is imported. */
describe('tracing stays unloaded unless asked for', () => {
  const root = import.meta.dirname;
  const files = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));

  it('only tracing.ts imports the SDK and the instrumentations', () => {
    const importers = files.filter((f) =>
      /from '@opentelemetry\/(?:sdk|exporter|instrumentation)|import\('@opentelemetry\/(?:sdk|exporter|instrumentation)/.test(
        fs.readFileSync(f, 'utf8'),
      ),
    );
    expect(importers.map((f) => path.relative(root, f))).toEqual(['tracing.ts']);
  });

  it('tracing.ts is imported only dynamically, behind the variable', () => {
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      expect(text, path.relative(root, f)).not.toMatch(/from '\.\/tracing\.js'/);
      if (text.includes("import('./tracing.js')")) expect(text).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
    }
  });
});
