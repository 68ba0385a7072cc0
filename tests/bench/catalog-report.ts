import { TARGETS } from './bench-config.js';
import type { CatalogImportResult } from './catalog-import.js';
import type { ChannelFeedsResult } from './channel-feeds.js';
import { fmt, formatTable } from './table.js';
import type { SummaryLine } from './report.js';

const mb = (n: number) => `${n.toFixed(0)} MB`;

export function channelFeedsTable(c: ChannelFeedsResult): string {
  const base = c.runs.find((r) => r.kind === 'baseline');
  const table = formatTable(
    `7. Feeds de productos: ${c.products.toLocaleString('en-US')} productos publicados (5 tallas cada uno), cada generación en su propio proceso de Node (opciones de npm start); la primera dibuja ${c.drawnCopies} copias PNG de ilustraciones SVG (los productos sintéticos comparten las del seed). Línea base: un SELECT de todos los artículos y el texto armado con concatenación, en gzip`,
    ['generación', 'tiempo', 'vs base', 'artículos', 'gzip', 'texto', 'RSS antes', 'RSS pico', 'heap pico'],
    c.runs.map((r) => [
      r.label,
      fmt.s(r.ms),
      base && r !== base ? `${(r.ms / base.ms).toFixed(1)}×` : '',
      fmt.int(r.items),
      fmt.kb(r.gzipBytes),
      fmt.kb(r.textBytes),
      mb(r.rssBeforeMb),
      mb(r.peakRssMb),
      mb(r.peakHeapMb),
    ]),
  );
  const http = c.http
    ? `\n   GET /feeds/google.xml en la tienda: primera petición (la genera) ${fmt.s(c.http.coldMs)}, la siguiente (guardada hasta el próximo cambio del catálogo) ${fmt.ms(c.http.warmMs)}; ${fmt.kb(c.http.bytes)} en gzip.`
    : `\n   GET /feeds/google.xml en la tienda: no se pudo medir (${c.httpError ?? 'n/d'}).`;
  return table + http;
}

export function catalogImportTable(c: CatalogImportResult): string {
  const rows = [...c.steps, ...c.baseline].map((s) => [s.step, fmt.s(s.ms), s.note]);
  const table = formatTable(
    `8. Importar el catálogo: ${c.products.toLocaleString('en-US')} productos × ${c.sizesPerProduct} tallas (CSV de ${fmt.kb(c.fileBytes)}) por GraphQL como lo envía el panel, con ${c.catalogProducts.toLocaleString('en-US')} productos en la tienda; línea base en la misma base con pg`,
    ['paso', 'tiempo', 'resultado'],
    rows,
  );
  const exported = c.export
    ? `\n   Exportar todo el catálogo (CSV): ${fmt.s(c.export.ms)}, ${c.export.rows.toLocaleString('en-US')} filas, ${fmt.kb(c.export.bytes)}.`
    : '';
  return table + exported;
}

export function catalogSummary(
  channels: ChannelFeedsResult | undefined,
  catalog: CatalogImportResult | undefined,
): SummaryLine[] {
  const out: SummaryLine[] = [];
  if (channels) {
    for (const kind of ['google', 'meta'] as const) {
      const run = channels.runs.filter((r) => r.kind === kind).at(-1);
      out.push({
        target: `Feed ${kind === 'google' ? 'de Google' : 'de Meta'} con ${channels.products.toLocaleString('en-US')} productos: < ${TARGETS.feedMs / 1000} s y < ${TARGETS.feedPeakRssMb} MB de RSS pico`,
        measured: run ? `${fmt.s(run.ms)}, ${mb(run.peakRssMb)}` : 'n/d',
        met: channels.meets[kind],
      });
    }
  }
  if (catalog) {
    const ms = (name: string) => catalog.steps.find((s) => s.step === name)?.ms;
    for (const [label, preview, apply, meets] of [
      [
        'crear',
        'crear 1.000: vista previa',
        'crear 1.000: aplicar',
        [catalog.meets.createPreview, catalog.meets.createApply],
      ],
      [
        'actualizar',
        'actualizar 1.000: vista previa',
        'actualizar 1.000: aplicar',
        [catalog.meets.updatePreview, catalog.meets.updateApply],
      ],
    ] as const) {
      out.push({
        target: `Importar 1.000 productos × 5 tallas (${label}): vista previa < ${TARGETS.importPreviewMs / 1000} s`,
        measured: fmt.s(ms(preview)) ?? 'n/d',
        met: meets[0],
      });
      out.push({
        target: `Importar 1.000 productos × 5 tallas (${label}): aplicar < ${TARGETS.importApplyMs / 1000} s`,
        measured: fmt.s(ms(apply)) ?? 'n/d',
        met: meets[1],
      });
    }
  }
  return out;
}
