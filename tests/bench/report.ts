import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startNodeOptions } from './child-server.js';
import { config, TARGETS } from './bench-config.js';
import type { ApiRow } from './api-throughput.js';
import type { CheckoutResult } from './checkout.js';
import type { SqlResult } from './sql-count.js';
import { storefrontMeets, type LighthouseRun, type StorefrontResult } from './storefront.js';
import type { StartupRun } from './startup.js';
import type { SsrPageResult } from './ssr-page.js';
import type { SsrUncachedResult } from './ssr-uncached.js';
import type { MemoryResult } from './memory.js';
import type { TapsResult } from './storefront-taps.js';
import type { LargeCatalogResult } from './large-catalog.js';
import { searchFailures, searchMeetsP99, type SearchResult } from './search.js';
import type { ChannelFeedsResult } from './channel-feeds.js';
import type { CatalogImportResult } from './catalog-import.js';
import { catalogImportTable, catalogSummary, channelFeedsTable } from './catalog-report.js';
import { fmt, formatTable, type Cell } from './table.js';

export interface BenchReport {
  startedAt: string;
  finishedAt?: string;
  machine: { cpus: number; loadavg: number[]; loadavgEnd?: number[]; node: string; platform: string };
  settings: {
    durationS: number;
    connections: number;
    products: number;
    lighthouseRuns: number;
    oversellRounds: number;
  };
  database?: { products: number; sizes: number; images: number; setupMs: number };
  api?: ApiRow[];
  ssrPage?: SsrPageResult;
  /** Pages rendered on every request (ssr-uncached.ts). */
  ssr?: { uncached: SsrUncachedResult };
  /** The shop child's resident memory, sampled through the run (memory.ts). */
  memory?: MemoryResult;
  largeCatalog?: LargeCatalogResult;
  sql?: SqlResult;
  checkout?: CheckoutResult;
  /** What a phone gets: Lighthouse on four pages (storefront.ts) and taps on a throttled phone (storefront-taps.ts). */
  storefront?: { lighthouse?: StorefrontResult; taps?: TapsResult };
  startup?: StartupRun[];
  search?: SearchResult;
  channels?: { feed: ChannelFeedsResult };
  catalog?: { import: CatalogImportResult };
  /** Sections that could not run, with the reason. */
  errors: Record<string, string>;
  summary?: SummaryLine[];
}

export interface SummaryLine {
  target: string;
  measured: string;
  met: boolean | null;
}

export function newReport(): BenchReport {
  return {
    startedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      loadavg: os.loadavg(),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: {
      durationS: config.duration,
      connections: config.connections,
      products: config.products,
      lighthouseRuns: config.lighthouseRuns,
      oversellRounds: config.oversellRounds,
    },
    errors: {},
  };
}

function apiTable(rows: ApiRow[]): string {
  const body: Cell[][] = [];
  for (const r of rows) {
    if (!r.shop || !r.baseline) {
      body.push([r.operation, 'tienda', null, null, null, null, r.note ?? 'n/d']);
      continue;
    }
    const extra = (m: NonNullable<ApiRow['shop']>) =>
      m.non2xx || m.errors || m.mismatches
        ? `no-2xx ${m.non2xx}, errores ${m.errors}, cuerpos inválidos ${m.mismatches}`
        : '';
    body.push([
      r.operation,
      'tienda',
      fmt.int(r.shop.rps),
      fmt.ms(r.shop.p50),
      fmt.ms(r.shop.p99),
      fmt.pct(r.ratio),
      [extra(r.shop), r.note].filter(Boolean).join('; '),
    ]);
    body.push([
      '',
      'línea base',
      fmt.int(r.baseline.rps),
      fmt.ms(r.baseline.p50),
      fmt.ms(r.baseline.p99),
      '',
      extra(r.baseline),
    ]);
  }
  return formatTable(
    `1. API (autocannon, ${config.connections} conexiones, ${config.duration} s por lado tras ${config.warmupS} s de calentamiento, en 3 rondas alternas; razón: la de la ronda mediana; p99: el peor de las rondas; tienda y línea base node:http + pg, cada una en su proceso hijo con las opciones de Node de npm start (${startNodeOptions().join(' ') || 'ninguna'}); autocannon en el proceso principal)`,
    ['operación', 'servidor', 'req/s', 'p50', 'p99', 'tienda/base', 'notas'],
    body,
  );
}

function ssrPageTable(s: SsrPageResult): string {
  const row = (label: string, m: SsrPageResult['cached'], ratio: string | null) => [
    label,
    fmt.int(m.rps),
    fmt.ms(m.p50),
    fmt.ms(m.p99),
    ratio,
    m.non2xx || m.errors || m.mismatches ? `no-2xx ${m.non2xx}, errores ${m.errors}, inválidas ${m.mismatches}` : '',
  ];
  return formatTable(
    `1b. Página de producto dibujada en el servidor (${s.path}, ${fmt.kb(s.bytes)} de HTML sin comprimir; GET text/html, ${config.connections} conexiones, ${config.duration} s)`,
    ['caso', 'req/s', 'p50', 'p99', 'vs base', 'notas'],
    [
      row('misma URL (caché de páginas)', s.cached, fmt.pct(s.ratio)),
      row(
        'URL distinta por petición (se dibuja cada vez)',
        s.cold,
        s.baseline.rps > 0 ? fmt.pct(s.cold.rps / s.baseline.rps) : null,
      ),
      row('línea base: detalle de producto node:http + pg (JSON)', s.baseline, ''),
    ],
  );
}

function ssrUncachedTable(s: SsrUncachedResult): string {
  const body: Cell[][] = [];
  const extra = (m: SsrUncachedResult['rows'][number]['shop']) =>
    m.non2xx || m.errors || m.mismatches ? `no-2xx ${m.non2xx}, errores ${m.errors}, inválidas ${m.mismatches}` : '';
  for (const r of s.rows) {
    body.push([
      r.page,
      'tienda (HTML)',
      fmt.int(r.shop.rps),
      fmt.ms(r.shop.p50),
      fmt.ms(r.shop.p99),
      fmt.pct(r.ratio),
      [`${fmt.int(r.urls)} URLs, p. ej. ${r.example}`, r.repeated ? `${r.repeated} repetidas` : '', extra(r.shop)]
        .filter(Boolean)
        .join('; '),
    ]);
    body.push([
      '',
      'línea base (JSON)',
      fmt.int(r.baseline.rps),
      fmt.ms(r.baseline.p50),
      fmt.ms(r.baseline.p99),
      '',
      extra(r.baseline),
    ]);
  }
  return formatTable(
    `1d. Páginas dibujadas en cada petición (GET text/html, una URL distinta por petición: otro producto, otros filtros u otras palabras; ${config.connections} conexiones, ${config.duration} s tras ${config.warmupS} s de calentamiento con otras URLs; línea base node:http + pg leyendo los mismos datos)`,
    ['página', 'servidor', 'req/s', 'p50', 'p99', 'tienda/base', 'notas'],
    body,
  );
}

function memoryTable(m: MemoryResult): string {
  return formatTable(
    `Memoria de la tienda (RSS del proceso hijo ${m.pid}, muestreada cada ${m.intervalMs} ms; en reposo: ${m.idleMb !== null ? `${m.idleMb.toFixed(0)} MB` : 'n/d'} tras la carga)`,
    ['sección', 'RSS máximo', 'RSS al terminar', 'muestras'],
    m.sections.map((x) => [x.section, `${x.peakMb.toFixed(0)} MB`, `${x.endMb.toFixed(0)} MB`, x.samples]),
  );
}

function tapsTable(t: TapsResult): string {
  return formatTable(
    `4b. Toques en un teléfono lento (Chromium, CPU ${t.cpuSlowdown}× más lenta, red ${t.network}; INP = mayor duración de evento de Event Timing, umbral 16 ms)`,
    ['página', 'momento', 'toque', 'surtió efecto', 'duración del evento', 'notas'],
    t.taps.map((x) => [
      x.page,
      x.phase,
      x.tap,
      fmt.mark(x.tookEffect),
      x.durationMs !== null ? fmt.ms(x.durationMs, 0) : null,
      x.note ?? '',
    ]),
  );
}

function largeTable(l: LargeCatalogResult, small: ApiRow | undefined, sql: SqlResult | undefined): string {
  const smallP50 = small?.shop?.p50 ?? null;
  return formatTable(
    `1c. Listado (collares, 24, POST sin caché) con ${l.products.toLocaleString('en-US')} productos (base preparada en ${fmt.s(l.setupMs)}) vs ${config.products.toLocaleString('en-US')}`,
    ['catálogo', 'req/s', 'p50', 'p99', 'sentencias SQL', 'p50 / p50 de 10.000'],
    [
      [
        `${config.products.toLocaleString('en-US')} productos`,
        small?.shop ? fmt.int(small.shop.rps) : null,
        smallP50 !== null ? fmt.ms(smallP50) : null,
        small?.shop ? fmt.ms(small.shop.p99) : null,
        sql?.rows.find((r) => r.operation === 'listado de 24')?.statements ?? null,
        '',
      ],
      [
        `${l.products.toLocaleString('en-US')} productos`,
        fmt.int(l.listing.rps),
        fmt.ms(l.listing.p50),
        fmt.ms(l.listing.p99),
        l.statements,
        smallP50 ? `${(l.listing.p50 / smallP50).toFixed(2)}×` : null,
      ],
    ],
  );
}

function sqlTable(s: SqlResult): string {
  return formatTable(
    '2. Sentencias SQL por operación (contadas en pg, una petición a la vez, tras un calentamiento)',
    ['operación', 'sentencias', 'notas'],
    s.rows.map((r) => [r.operation, r.statements, r.note ?? '']),
  );
}

function checkoutTables(c: CheckoutResult): string {
  if (c.note || !c.throughput) return formatTable('3. Checkout (placeOrder)', ['resultado'], [[c.note ?? 'n/d']]);
  const t = c.throughput;
  const outcomes = Object.entries(t.outcomes)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const tp = formatTable(
    `3. Checkout: ${t.buyers} compradores concurrentes durante ${t.seconds.toFixed(1)} s (cada intento un comprador nuevo, 1 unidad, tallas con inventario amplio)`,
    ['pedidos/s', 'intentos', 'pedidos', 'p50', 'p99', 'resultados', 'calentamiento previo (aparte)'],
    [
      [
        t.ordersPerSec.toFixed(1),
        t.attempts,
        t.placed,
        fmt.ms(t.p50, 0),
        fmt.ms(t.p99, 0),
        outcomes,
        t.warmup
          ? `${t.warmup.seconds.toFixed(1)} s: ${t.warmup.ordersPerSec.toFixed(1)} pedidos/s, p99 ${fmt.ms(t.warmup.p99, 0)}`
          : 'sin calentamiento',
      ],
    ],
  );
  const rounds = formatTable(
    `   Sobreventa: ${config.buyers} compradores a la vez por 1 unidad de una talla con inventario ${config.oversellStock}`,
    [
      'ronda',
      'pedidos',
      'rechazados',
      'stock',
      'reservado',
      'uds. en pedidos',
      'stock+reservado',
      'sobreventa',
      'coherente',
      'duración',
      'pedidos/s',
    ],
    c.rounds.map((r) => [
      r.round,
      r.placed,
      r.rejected,
      r.stockAfter,
      r.reservedAfter,
      r.orderedUnits,
      `${r.stockAfter + r.reservedAfter}/${r.initialStock}`,
      r.oversold,
      fmt.mark(r.consistent),
      fmt.ms(r.ms, 0),
      ((r.placed / r.ms) * 1000).toFixed(1),
    ]),
  );
  const f = c.flash;
  const flash = f
    ? formatTable(
        `   Venta relámpago: ${f.buyers} compradores a la vez (cada uno su correo y su dirección) por 1 unidad de una talla con inventario ${f.initialStock}`,
        [
          'vendidos',
          'rechazados «agotado»',
          'otros',
          'stock',
          'reservado',
          'uds. en pedidos',
          'exacta',
          'p50',
          'p99',
          'duración',
        ],
        [
          [
            f.placed,
            f.refusedSoldOut,
            Object.entries(f.otherOutcomes)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ') || '0',
            f.stockAfter,
            f.reservedAfter,
            f.orderedUnits,
            fmt.mark(f.exact),
            fmt.ms(f.p50, 0),
            fmt.ms(f.p99, 0),
            fmt.ms(f.ms, 0),
          ],
        ],
      )
    : '';
  return [tp, rounds, flash].filter(Boolean).join('\n');
}

/**
 * Each run's LCP and, when the runs differ in it, the JS that had finished before the recorded LCP (more of it
 * lengthens the simulated LCP; a server-rendered page requests none before its first pictures are painted).
 */
function runsNote(runs: LighthouseRun[]): string {
  if (runs.length < 2) return '';
  const lcps = `LCP por ejecución ${runs.map((r) => fmt.s(r.lcpMs)).join(' / ')}`;
  const js = runs.map((r) => r.jsBeforeLcpBytes);
  return Math.max(...js) > Math.min(...js)
    ? `${lcps}; JS terminado antes del LCP observado ${js.map((b) => fmt.kb(b)).join(' / ')}`
    : lcps;
}

function storefrontTable(s: StorefrontResult): string {
  const t = formatTable(
    `4. Tienda: Lighthouse (móvil, throttling simulado, solo rendimiento), mediana de ${config.lighthouseRuns} ejecuciones`,
    ['página', 'ruta', 'puntuación', 'LCP', 'TBT', 'CLS', 'JS inicial (transferido)', 'JS (sin comprimir)', 'notas'],
    s.pages.map((p) => [
      p.page,
      p.path,
      p.median ? p.median.score : null,
      p.median ? fmt.s(p.median.lcpMs) : null,
      p.median ? fmt.ms(p.median.tbtMs, 0) : null,
      p.median ? p.median.cls.toFixed(3) : null,
      p.median ? fmt.kb(p.median.jsTransferBytes) : null,
      p.median ? fmt.kb(p.median.jsResourceBytes) : null,
      [
        p.runs.length < config.lighthouseRuns ? `${p.runs.length}/${config.lighthouseRuns} ejecuciones` : '',
        runsNote(p.runs),
        p.error ? p.error.slice(0, 80) : '',
      ]
        .filter(Boolean)
        .join('; '),
    ]),
  );
  const bi = s.pages.flatMap((p) => p.runs.map((r) => r.benchmarkIndex)).filter((n): n is number => n !== null);
  const notes = [
    s.uncompressed ? '   Nota: el servidor envía el JS sin comprimir (transferido ≈ sin comprimir).' : '',
    bi.length ? `   benchmarkIndex de Lighthouse en esta máquina: ${Math.min(...bi)}–${Math.max(...bi)}.` : '',
  ].filter(Boolean);
  return [t, ...notes].join('\n');
}

/**
 * The search section's targets beside the figures they compare: no failed request at any size; each query's p50 at
 * the largest size within TARGETS.searchP50GrowthRatio× its p50 at the smallest; at the smallest size, each faceted
 * search at least TARGETS.facetedSearchVsListing of the listing's req/s and the suggestions at least the product
 * detail's (both from section 1, same run).
 */
function searchTargets(r: BenchReport): SummaryLine[] {
  const rows = r.search?.rows ?? [];
  if (rows.length === 0) return [];
  const out: SummaryLine[] = [];
  for (const row of rows) {
    const failed = searchFailures(row);
    out.push({
      target: `Búsqueda ${fmt.int(row.products)} productos, ${row.operation}: sin errores ni tiempos agotados`,
      measured: failed === null ? (row.note ?? 'n/d') : `${failed} fallidas de ${fmt.int(row.shop!.requests)!}`,
      met: failed === null ? null : failed === 0,
    });
  }
  const small = Math.min(...rows.map((x) => x.products));
  const large = r.search?.large;
  if (large)
    for (const row of large.rows)
      out.push({
        target: `Búsqueda ${fmt.int(large.products)} productos, ${row.operation}: p50 ≤ ${TARGETS.searchP50GrowthRatio}× el de ${fmt.int(large.comparedWith)}`,
        measured:
          row.p50Growth !== null
            ? `${row.p50Growth.toFixed(2)}× (${fmt.ms(row.shop!.p50)} vs ${fmt.ms(row.p50AtSmallest!)})`
            : 'n/d',
        met: row.meetsGrowth,
      });
  const api = (prefix: string) => r.api?.find((a) => a.operation.startsWith(prefix))?.shop?.rps;
  const listing = api('listado');
  const detail = api('detalle');
  for (const row of rows.filter((x) => x.products === small && x.shop)) {
    const rps = row.shop!.rps;
    if (row.operation.startsWith('búsqueda')) {
      out.push({
        target: `Búsqueda ${fmt.int(small)} productos, ${row.operation}: ≥ ${TARGETS.facetedSearchVsListing * 100} % de las req/s del listado`,
        measured: listing ? `${fmt.pct(rps / listing)} (${fmt.int(rps)} vs ${fmt.int(listing)} req/s)` : 'n/d',
        met: listing ? rps >= listing * TARGETS.facetedSearchVsListing : null,
      });
    } else if (row.operation.startsWith('sugerencias tecleadas')) {
      // Every request a query nobody asked before: what a miss of the shop's cache costs, beside the same target.
      out.push({
        target: `Búsqueda ${fmt.int(small)} productos, ${row.operation}: req/s frente al detalle de producto (informativo)`,
        measured: detail ? `${fmt.int(rps)} vs ${fmt.int(detail)} req/s` : 'n/d',
        met: null,
      });
    } else if (row.operation.startsWith('sugerencias')) {
      out.push({
        target: `Búsqueda ${fmt.int(small)} productos, ${row.operation}: ≥ las req/s del detalle de producto`,
        measured: detail ? `${fmt.int(rps)} vs ${fmt.int(detail)} req/s` : 'n/d',
        met: detail ? rps >= detail : null,
      });
    }
  }
  return out;
}

function searchTables(s: SearchResult): string {
  const body: Cell[][] = [];
  for (const r of s.rows) {
    if (!r.shop || !r.baseline) {
      body.push([fmt.int(r.products), r.operation, 'tienda', null, null, null, null, r.note ?? 'n/d']);
      continue;
    }
    const extra = (m: NonNullable<typeof r.shop>) =>
      m.non2xx || m.errors || m.mismatches
        ? `no-2xx ${m.non2xx}, errores ${m.errors}, cuerpos inválidos ${m.mismatches}`
        : '';
    body.push([
      fmt.int(r.products),
      r.operation,
      'tienda',
      fmt.int(r.shop.rps),
      fmt.ms(r.shop.p50),
      fmt.ms(r.shop.p99),
      fmt.pct(r.ratio),
      [extra(r.shop), r.note].filter(Boolean).join('; '),
    ]);
    body.push([
      '',
      '',
      'línea base',
      fmt.int(r.baseline.rps),
      fmt.ms(r.baseline.p50),
      fmt.ms(r.baseline.p99),
      '',
      extra(r.baseline),
    ]);
  }
  const load = formatTable(
    `6. Búsqueda (autocannon, ${config.connections} conexiones, ${config.duration} s por prueba; línea base node:http + pg con las mismas sentencias de search-sql.ts)`,
    ['productos', 'operación', 'servidor', 'req/s', 'p50', 'p99', 'tienda/base', 'notas'],
    body,
  );
  const plans = formatTable(
    '   EXPLAIN ANALYZE de la página de resultados con facetas (24, relevancia; una sentencia)',
    ['productos', 'consulta', 'ejecución', 'índice GIN, sin Seq Scan de product', 'nodos de acceso'],
    s.plans.map((p) => [
      fmt.int(p.products),
      p.query,
      fmt.ms(p.executionMs),
      fmt.mark(p.usesIndex),
      p.nodes.join('; '),
    ]),
  );
  return `${load}\n${plans}`;
}

function startupTable(runs: StartupRun[]): string {
  return formatTable(
    '5. Arranque: `npm start` (compilación al día) y el servidor precompilado `node dist/server/index.js` (NODE_ENV=production) hasta /healthz 200',
    ['variante', 'ejecución', 'hasta sano', 'parada (SIGINT)', 'código', 'restos'],
    runs.map((r) => [
      r.variant,
      r.run,
      r.ms !== null ? fmt.s(r.ms) : `✖ ${(r.error ?? '').slice(0, 160)}`,
      fmt.s(r.stopMs),
      r.exitCode,
      r.leftovers.length ? r.leftovers.join(', ') : 'ninguno',
    ]),
  );
}

export function summarize(r: BenchReport): SummaryLine[] {
  const out: SummaryLine[] = [];
  for (const row of r.api ?? []) {
    const target = row.operation.startsWith('listado') ? TARGETS.listingRatio : TARGETS.apiRatio;
    out.push({
      target: `API ${row.operation}: ≥ ${Math.round(target * 100)} % de la línea base`,
      measured: row.ratio !== null ? fmt.pct(row.ratio)! : (row.note ?? 'n/d'),
      met: row.meetsRatio,
    });
    out.push({
      target: `API ${row.operation}: p99 ≤ ${TARGETS.apiP99Ms} ms`,
      measured: row.shop ? fmt.ms(row.shop.p99)! : 'n/d',
      met: row.meetsP99,
    });
  }
  if (r.ssrPage) {
    const s = r.ssrPage;
    out.push({
      target: `Página de producto SSR: ≥ ${TARGETS.ssrPageRatio * 100} % de la línea base`,
      measured: fmt.pct(s.ratio) ?? 'n/d',
      met: s.meetsRatio,
    });
    out.push({
      target: `Página de producto SSR: p99 ≤ ${TARGETS.ssrPageP99Ms} ms (${config.connections} conexiones)`,
      measured: fmt.ms(s.cached.p99)!,
      met: s.meetsP99,
    });
  }
  for (const row of r.ssr?.uncached.rows ?? []) {
    const target = TARGETS.ssrUncachedRatio[row.page];
    out.push({
      target:
        target !== null && target !== undefined
          ? `Página de ${row.page} sin caché: ≥ ${Math.round(target * 100)} % de la línea base`
          : `Página de ${row.page} sin caché: tienda/base (informativo)`,
      measured: `${fmt.pct(row.ratio) ?? 'n/d'} (${fmt.int(row.shop.rps)} vs ${fmt.int(row.baseline.rps)} req/s)`,
      met: row.meetsRatio,
    });
    out.push({
      target: `Página de ${row.page} sin caché: p99 ≤ ${TARGETS.ssrUncachedP99Ms} ms (${config.connections} conexiones), sin errores`,
      measured: fmt.ms(row.shop.p99)!,
      met: row.meetsP99,
    });
  }
  if (r.largeCatalog) {
    const l = r.largeCatalog;
    const small = r.api?.find((a) => a.operation.startsWith('listado'))?.shop?.p50;
    const sqlSmall = r.sql?.rows.find((x) => x.operation === 'listado de 24')?.statements ?? null;
    out.push({
      target: `Listado con ${l.products.toLocaleString('en-US')}: p50 ≤ ${TARGETS.largeListingP50Ratio}× el de ${config.products.toLocaleString('en-US')}`,
      measured: small ? `${(l.listing.p50 / small).toFixed(2)}× (${fmt.ms(l.listing.p50)} vs ${fmt.ms(small)})` : 'n/d',
      met: small ? l.listing.p50 <= small * TARGETS.largeListingP50Ratio : null,
    });
    out.push({
      target: `Listado con ${l.products.toLocaleString('en-US')}: mismas sentencias SQL`,
      measured: `${l.statements ?? 'n/d'} vs ${sqlSmall ?? 'n/d'}`,
      met: l.statements !== null && sqlSmall !== null ? l.statements === sqlSmall : null,
    });
  }
  if (r.sql) {
    const s = r.sql;
    const n = (op: string) => s.rows.find((x) => x.operation === op)?.statements ?? 'n/d';
    out.push({
      target: `SQL listado ≤ ${TARGETS.listingStatements} sentencias`,
      measured: String(s.listingMax ?? 'n/d'),
      met: s.listingMax === null ? null : s.listingMax <= TARGETS.listingStatements,
    });
    out.push({
      target: 'SQL listado constante (24 vs 48)',
      measured: `${n('listado de 24')} / ${n('listado de 48')}`,
      met: s.listingConstant,
    });
    out.push({
      target: 'SQL cartQuote constante (5 vs 20 líneas)',
      measured: `${n('cartQuote, 5 líneas')} / ${n('cartQuote, 20 líneas')}`,
      met: s.cartConstant,
    });
    out.push({
      target: 'SQL búsqueda con facetas constante (24 vs 48)',
      measured: `${n('búsqueda con facetas, 24')} / ${n('búsqueda con facetas, 48')}`,
      met: s.searchConstant,
    });
    out.push({
      target: 'SQL pedidos del personal constante (10 vs 50)',
      measured: `${n('pedidos del personal, página de 10')} / ${n('pedidos del personal, página de 50')}`,
      met: s.staffConstant,
    });
  }
  if (r.checkout) {
    const c = r.checkout;
    out.push({
      target: 'Checkout: 0 sobreventa, stock + reservado = inicial',
      measured: c.oversold === null ? (c.note ?? 'n/d') : `${c.oversold} sobrevendidas en ${c.rounds.length} rondas`,
      met: c.oversold === null ? null : c.oversold === 0 && c.rounds.every((x) => x.consistent),
    });
    if (c.throughput)
      out.push({
        target: `Checkout: ≥ ${TARGETS.checkoutOrdersPerSec} pedidos/s con ${c.throughput.buyers} compradores concurrentes`,
        measured: `${c.throughput.ordersPerSec.toFixed(1)} pedidos/s (p99 ${fmt.ms(c.throughput.p99, 0)})`,
        met: c.throughput.ordersPerSec >= TARGETS.checkoutOrdersPerSec,
      });
    if (c.flash) {
      out.push({
        target: `Venta relámpago: ${c.flash.buyers} compradores por ${c.flash.initialStock} uds.: vende exactamente ${c.flash.initialStock}, el resto «agotado» en español, stock + reservado coherente`,
        measured: `${c.flash.placed} vendidos, ${c.flash.refusedSoldOut} «agotado», ${Object.values(c.flash.otherOutcomes).reduce((a, b) => a + b, 0)} otros`,
        met: c.flash.exact,
      });
      out.push({
        target: `Venta relámpago: p99 ≤ ${TARGETS.flashP99Ms / 1000} s`,
        measured: fmt.ms(c.flash.p99, 0)!,
        met: c.flash.p99 <= TARGETS.flashP99Ms,
      });
    }
  }
  if (r.storefront?.taps) {
    const t = r.storefront.taps;
    out.push({
      target: 'Toques en teléfono lento: todos surten efecto',
      measured: `${t.taps.filter((x) => x.tookEffect).length}/${t.taps.length}`,
      met: t.taps.length > 0 && t.taps.every((x) => x.tookEffect),
    });
    out.push({
      target: `Toques en teléfono lento: INP ≤ ${TARGETS.tapInpAfterLoadMs} ms después de cargar`,
      measured: t.inpAfterLoadMs !== null ? fmt.ms(t.inpAfterLoadMs, 0)! : 'n/d',
      met: t.inpAfterLoadMs !== null ? t.inpAfterLoadMs <= TARGETS.tapInpAfterLoadMs : null,
    });
    out.push({
      target: `Toques en teléfono lento: INP ≤ ${TARGETS.tapInpDuringLoadMs} ms tocando mientras arranca`,
      measured: t.inpDuringLoadMs !== null ? fmt.ms(t.inpDuringLoadMs, 0)! : 'n/d',
      met: t.inpDuringLoadMs !== null ? t.inpDuringLoadMs <= TARGETS.tapInpDuringLoadMs : null,
    });
  }
  if (r.memory) {
    out.push({
      target: `Memoria: RSS de la tienda ≤ ${TARGETS.rssMb} MB bajo la carga del bench`,
      measured: `${r.memory.peakMb.toFixed(0)} MB máx.; ${r.memory.idleMb !== null ? r.memory.idleMb.toFixed(0) : 'n/d'} MB en reposo`,
      met: r.memory.sections.length > 0 ? r.memory.peakMb <= TARGETS.rssMb : null,
    });
  }
  for (const p of r.storefront?.lighthouse?.pages ?? []) {
    const m = storefrontMeets(p);
    const v = p.median;
    out.push({
      target: `Lighthouse ${p.page}: puntuación ≥ ${TARGETS.lighthouseScore}`,
      measured: v ? String(v.score) : 'n/d',
      met: m?.score ?? null,
    });
    out.push({
      target: `Lighthouse ${p.page}: LCP ≤ ${TARGETS.lcpMs / 1000} s`,
      measured: v ? fmt.s(v.lcpMs)! : 'n/d',
      met: m?.lcp ?? null,
    });
    out.push({
      target: `Lighthouse ${p.page}: TBT ≤ ${TARGETS.tbtMs} ms`,
      measured: v ? fmt.ms(v.tbtMs, 0)! : 'n/d',
      met: m?.tbt ?? null,
    });
    out.push({
      target: `Lighthouse ${p.page}: CLS ≤ ${TARGETS.cls}`,
      measured: v ? v.cls.toFixed(3) : 'n/d',
      met: m?.cls ?? null,
    });
    out.push({
      target: `Lighthouse ${p.page}: JS inicial ≤ ${TARGETS.firstLoadJsBytes / 1024} KB comprimido`,
      measured: v ? fmt.kb(v.jsTransferBytes)! : 'n/d',
      met: m?.js ?? null,
    });
  }
  for (const row of r.search?.rows ?? []) {
    out.push({
      target: `Búsqueda ${fmt.int(row.products)} productos, ${row.operation}: p99 ≤ ${TARGETS.searchP99Ms} ms`,
      measured: row.shop ? fmt.ms(row.shop.p99)! : (row.note ?? 'n/d'),
      met: searchMeetsP99(row),
    });
  }
  out.push(...searchTargets(r));
  for (const p of r.search?.plans ?? []) {
    out.push({
      target: `Búsqueda ${fmt.int(p.products)} productos «${p.query}»: índice GIN, sin LIKE ni Seq Scan de product`,
      measured: fmt.ms(p.executionMs)!,
      met: p.usesIndex,
    });
  }
  if (r.startup) {
    const clean = r.startup.every(
      (x) => x.ms !== null && x.leftovers.length === 0 && (x.exitCode === 0 || x.exitCode === 130),
    );
    out.push({
      target: 'Arranque: sano, parada limpia con SIGINT, sin procesos restantes',
      measured: r.startup.map((x) => (x.ms !== null ? fmt.s(x.ms) : '✖')).join(' / '),
      met: clean,
    });
    const restart = r.startup.find((x) => x.variant.startsWith('npm start') && x.run === 'reinicio');
    if (restart)
      out.push({
        target: `\`npm start\` de nuevo sin cambios: sana en ≤ ${TARGETS.restartMs / 1000} s`,
        measured: restart.ms !== null ? fmt.s(restart.ms)! : '✖',
        met: restart.ms !== null ? restart.ms <= TARGETS.restartMs : null,
      });
  }
  for (const [section, message] of Object.entries(r.errors))
    out.push({ target: `Sección ${section}`, measured: `no medida: ${message.slice(0, 120)}`, met: null });
  out.push(...catalogSummary(r.channels?.feed, r.catalog?.import));
  return out;
}

const load = (l: number[] | undefined) => (l ? l[0]!.toFixed(1) : 'n/d');

export function printReport(r: BenchReport): void {
  const parts: string[] = [];
  if (r.database) {
    parts.push(
      `\nBase del benchmark: ${r.database.products.toLocaleString('en-US')} productos, ${r.database.sizes.toLocaleString('en-US')} tallas, ${r.database.images.toLocaleString('en-US')} imágenes (preparada en ${fmt.s(r.database.setupMs)}); máquina: ${r.machine.cpus} núcleos, Node ${r.machine.node}; carga media (1 min) ${load(r.machine.loadavg)} al empezar, ${load(r.machine.loadavgEnd)} al terminar.`,
    );
  }
  if (r.api) parts.push(apiTable(r.api));
  if (r.ssrPage) parts.push(ssrPageTable(r.ssrPage));
  if (r.ssr) parts.push(ssrUncachedTable(r.ssr.uncached));
  if (r.largeCatalog)
    parts.push(
      largeTable(
        r.largeCatalog,
        r.api?.find((a) => a.operation.startsWith('listado')),
        r.sql,
      ),
    );
  if (r.sql) parts.push(sqlTable(r.sql));
  if (r.checkout) parts.push(checkoutTables(r.checkout));
  if (r.storefront?.lighthouse) parts.push(storefrontTable(r.storefront.lighthouse));
  if (r.storefront?.taps) parts.push(tapsTable(r.storefront.taps));
  if (r.memory) parts.push(memoryTable(r.memory));
  if (r.startup) parts.push(startupTable(r.startup));
  if (r.search) parts.push(searchTables(r.search));
  if (r.channels) parts.push(channelFeedsTable(r.channels.feed));
  if (r.catalog) parts.push(catalogImportTable(r.catalog.import));
  const summary = r.summary ?? [];
  parts.push(
    formatTable(
      'Resumen de objetivos',
      ['', 'objetivo', 'medido'],
      summary.map((s) => [fmt.mark(s.met), s.target, s.measured]),
      ['l', 'l', 'l'],
    ),
  );
  console.log(parts.join('\n'));
}

export async function writeReport(r: BenchReport): Promise<string> {
  await fs.mkdir(config.resultsDir, { recursive: true });
  const stamp = r.startedAt.replace(/[:.]/g, '-');
  const file = path.join(config.resultsDir, `bench-${stamp}.json`);
  const json = `${JSON.stringify(r, null, 2)}\n`;
  await fs.writeFile(file, json);
  await fs.writeFile(path.join(config.resultsDir, 'latest.json'), json);
  return file;
}
