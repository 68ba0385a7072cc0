/** A small reader of the Prometheus text format (what /metrics answers), for tests. */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface ParsedMetrics {
  /** `# TYPE` of each family. */
  types: Map<string, string>;
  samples: PromSample[];
}

const SAMPLE = /^([a-z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/i;
const LABEL = /([a-z_]\w*)="((?:[^"\\]|\\.)*)"/gi;

export function parseMetrics(text: string): ParsedMetrics {
  const types = new Map<string, string>();
  const samples: PromSample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      types.set(name!, type!);
      continue;
    }
    if (line.startsWith('#') || line.trim() === '') continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Línea de métricas no válida: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (match[2] ?? '').matchAll(LABEL)) labels[l[1]!] = l[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { types, samples };
}

/** Sum of the samples of `name` whose labels include `labels` (0 when there is none). */
export function seriesValue(m: ParsedMetrics, name: string, labels: Record<string, string> = {}): number {
  return m.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
