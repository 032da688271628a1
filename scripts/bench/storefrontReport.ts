// The storefront part of `npm run bench` (scripts/bench/runBench.ts) as text: the figures it gathers (Results),
// the targets they are held to, the table it prints and the section of docs/performance.md around that table.
// Nothing here measures or writes: it only turns figures into Markdown.
import type { BrowseFigures } from './benchBrowse';
import { kb } from './bundles';
import type { DeliveryLatencyFigures } from './deliveryLatency';
import type { AddToCartFigures, GridFigures } from './largeCatalog';
import type { FormFactor, LighthouseFigures } from './lighthouse';
import type { LazyChunk, RouteBytes } from './network';
import type { SearchLatencyFigures } from './searchLatency';
import type { BackendFigures } from './server';

export const TARGETS = {
  lighthouseMobilePerformance: 99,
  /** ours / the static floor, for FCP and LCP. */
  floorRatio: 1.1,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1_800,
  tbtMs: 50,
  cls: 0,
  entryJsGzip: 126 * 1024,
  lazyChunkGzip: 25 * 1024,
  cssGzip: 10 * 1024,
  gridPaintMs: 400,
  longestTaskMs: 100,
  addToCartMs: 50,
  searchSeedMs: 30,
  searchLargeMs: 50,
  /** A sort or a price band chosen → the grid repainted, and the longest task meanwhile. */
  browseMs: 50,
} as const;

export type LighthouseRun = { page: string; formFactor: FormFactor; runs: number } & LighthouseFigures;

export interface Results {
  date: string;
  machine: { cpus: string; cores: number; memoryGb: number; node: string; chromium: string; loadBefore: number };
  commands: string[];
  build: {
    entryJs: Array<{ file: string; gzip: number }>;
    entryJsGzip: number;
    lazyJs: Array<{ file: string; gzip: number }>;
  };
  routes: RouteBytes[];
  lazyChunks: LazyChunk[];
  lighthouse: LighthouseRun[];
  /** The same pages without their scripts (the static floor), same flags, same run. */
  floor: LighthouseRun[];
  grid: GridFigures | null;
  /** Keystroke → search results painted: the seed catalog, then with the 2,000-product category. */
  search: Array<{ catalog: string } & SearchLatencyFigures>;
  addToCart: AddToCartFigures[];
  /** CEP typed → delivery options painted on a product page, and that page's add-to-cart as reference. */
  delivery: DeliveryLatencyFigures | null;
  /** A sort or a band chosen → grid repainted: a seed category (the reference), then the 2,000-product one. */
  browse: BrowseFigures[];
  backend: BackendFigures | null;
}

/** A Markdown table whose first row is the header. */
export const markdownTable = (rows: string[][]) =>
  rows.map((row, i) => `| ${row.join(' | ')} |${i === 0 ? `\n|${row.map(() => '---').join('|')}|` : ''}`).join('\n');

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'n/a');
const s = (v: number) => (Number.isFinite(v) ? `${(v / 1000).toFixed(2)} s` : 'n/a');
const ok = (pass: boolean) => (pass ? 'met' : '**missed**');

/** JS and CSS: `/` before its first paint, the build's entry closure, each route, each lazy chunk. */
function bundleRows(r: Results): string[][] {
  const home = r.routes.find((x) => x.route === '/');
  const rows: string[][] = [
    [
      '`/` JS before first paint (network, gz -9; the prerendered HTML needs none)',
      home ? kb(home.jsBeforeFirstRender) : 'n/a',
      '≤ 126 KB',
      ok(!!home && home.jsBeforeFirstRender <= TARGETS.entryJsGzip),
    ],
    [
      '`/` JS entry closure (build output, gz -9)',
      kb(r.build.entryJsGzip),
      '≤ 126 KB',
      ok(r.build.entryJsGzip <= TARGETS.entryJsGzip),
    ],
  ];
  for (const route of r.routes) {
    rows.push([
      `\`${route.route}\` JS total / CSS (runtime rules)`,
      `${kb(route.jsTotal)} / ${kb(route.css)}`,
      'CSS ≤ 10 KB',
      ok(route.css <= TARGETS.cssGzip),
    ]);
  }
  const entryFiles = new Set(r.build.entryJs.map((f) => f.file));
  for (const chunk of r.lazyChunks.filter((c) => !entryFiles.has(c.path.slice(1)))) {
    // The Firestore SDK left the entry for a lazy chunk of its own (budget 35 KB, test/budgets/bundles.builds.test.ts).
    const budget = chunk.path.includes('index.esm') ? 35 * 1024 : TARGETS.lazyChunkGzip;
    rows.push([
      `lazy chunk \`${chunk.path.slice(1)}\` (first on \`${chunk.route}\`)`,
      kb(chunk.gzip),
      `≤ ${budget / 1024} KB`,
      ok(chunk.gzip <= budget),
    ]);
  }
  return rows;
}

/** One Lighthouse run: its scores, its timings, its static floor when measured, and any failing audits. */
function lighthouseRows(lh: LighthouseRun, floor: LighthouseRun | undefined): string[][] {
  const mobile = lh.formFactor === 'mobile';
  const label = `Lighthouse ${lh.formFactor} \`${lh.page}\` (median of ${lh.runs})`;
  const rows: string[][] = [
    [
      `${label}: perf / a11y / best practices / SEO`,
      `${lh.performance} / ${lh.accessibility} / ${lh.bestPractices} / ${lh.seo}`,
      mobile ? '≥ 99 / 100 / 100 / 100' : '– / 100 / 100 / 100',
      ok(
        (!mobile || lh.performance >= TARGETS.lighthouseMobilePerformance) &&
          lh.accessibility >= 100 &&
          lh.bestPractices >= 100 &&
          lh.seo >= 100,
      ),
    ],
    [
      `${label}: FCP / LCP / TBT / CLS`,
      `${s(lh.fcp)} / ${s(lh.lcp)} / ${ms(lh.tbt)} / ${lh.cls.toFixed(3)}`,
      mobile ? '– / – / ≤ 50 ms / 0' : '– / – / – / 0',
      ok((!mobile || lh.tbt <= TARGETS.tbtMs) && lh.cls <= 0.0005),
    ],
  ];
  if (floor) {
    const fcpRatio = lh.fcp / floor.fcp;
    const lcpRatio = lh.lcp / floor.lcp;
    rows.push([
      `${label}: static floor FCP / LCP → ours/floor`,
      `${s(floor.fcp)} / ${s(floor.lcp)} → ${fcpRatio.toFixed(2)} / ${lcpRatio.toFixed(2)}`,
      '≤ 1.10 / ≤ 1.10',
      ok(fcpRatio <= TARGETS.floorRatio && lcpRatio <= TARGETS.floorRatio),
    ]);
  }
  if (lh.failing.length) rows.push([`${label}: failing audits`, lh.failing.join(', '), 'none', '']);
  return rows;
}

function gridRows(g: GridFigures): string[][] {
  return [
    [
      `2,000-product grid: cold load → grid painted (median)`,
      ms(g.coldGridPaintMs),
      '≤ 400 ms',
      ok(g.coldGridPaintMs <= TARGETS.gridPaintMs),
    ],
    [
      `2,000-product grid: in-app navigation → grid painted (median)`,
      ms(g.inAppGridPaintMs),
      '≤ 400 ms',
      ok(g.inAppGridPaintMs <= TARGETS.gridPaintMs),
    ],
    [
      `2,000-product grid: longest task / long animation frame while scrolling (${g.scrollSteps} wheel steps)`,
      `${ms(g.longestTaskWhileScrollingMs)} / ${ms(g.longAnimationFrameMs)}`,
      'task ≤ 100 ms',
      ok(g.longestTaskWhileScrollingMs <= TARGETS.longestTaskMs),
    ],
    [
      `2,000-product grid: cards in the DOM after first paint / document size`,
      `${g.cardsInDom} / ${kb(g.documentBytes)} JSON`,
      '',
      '',
    ],
  ];
}

function searchRows(q: Results['search'][number]): string[] {
  const target = q.catalog.startsWith('seed (') ? TARGETS.searchSeedMs : TARGETS.searchLargeMs;
  return [
    `keystroke → search results painted, ${q.catalog} (median / max of ${q.samples})`,
    `${ms(q.medianMs)} / ${ms(q.maxMs)}`,
    `≤ ${target} ms median`,
    ok(q.medianMs <= target),
  ];
}

function addToCartRows(a: AddToCartFigures): string[][] {
  return [
    [
      `add-to-cart → header count painted, \`${a.route}\` (median / max of ${a.clicks})`,
      `${ms(a.medianMs)} / ${ms(a.maxMs)}`,
      '≤ 50 ms median',
      ok(a.medianMs <= TARGETS.addToCartMs),
    ],
    [`  Event Timing click entries ≥ 16 ms (count, max)`, `${a.eventTimingEntries}, ${ms(a.eventTimingMaxMs)}`, '', ''],
  ];
}

function deliveryRows(d: DeliveryLatencyFigures): string[][] {
  const ratio = d.cepToOptions.medianMs / d.reference.medianMs;
  return [
    [
      `CEP typed → delivery options painted, \`${d.route}\` (median / max of ${d.cepToOptions.samples})`,
      `${ms(d.cepToOptions.medianMs)} / ${ms(d.cepToOptions.maxMs)}`,
      '',
      '',
    ],
    [
      `  reference: add-to-cart → header count, same page and run (median / max of ${d.reference.samples})`,
      `${ms(d.reference.medianMs)} / ${ms(d.reference.maxMs)}`,
      '',
      '',
    ],
    ['  CEP → options / reference (medians)', Number.isFinite(ratio) ? `${ratio.toFixed(2)} ×` : 'n/a', '', ''],
  ];
}

function browseRows(b: BrowseFigures): string[][] {
  return [
    [
      `sort or price band → grid repainted, \`${b.route}\` (${b.products} products; median / max of ${b.samples})`,
      `${ms(b.medianMs)} / ${ms(b.maxMs)}`,
      '≤ 50 ms median',
      ok(b.medianMs <= TARGETS.browseMs),
    ],
    [
      `  longest task / long animation frame meanwhile; most cards in the DOM`,
      `${ms(b.longestTaskMs)} / ${ms(b.longestFrameMs)}; ${b.maxCardsInDom}`,
      'task ≤ 50 ms',
      ok(b.longestTaskMs <= TARGETS.browseMs),
    ],
  ];
}

function backendRow(b: BackendFigures): string[] {
  return [
    'backend POST /create-checkout-session req/s / p50 / p99',
    `${b.reqPerSec.toLocaleString('en')} / ${b.p50} ms / ${b.p99} ms`,
    '≥ 5,000 / – / < 50 ms',
    b.verdict === 'met' ? 'met' : '**missed**',
  ];
}

/** Every figure of a run beside its target, in the order the bench measures them. */
export function renderTable(r: Results): string {
  return markdownTable([
    ['Measure', 'Measured', 'Target', ''],
    ...bundleRows(r),
    ...r.lighthouse.flatMap((lh) =>
      lighthouseRows(
        lh,
        r.floor.find((f) => f.page === lh.page && f.formFactor === lh.formFactor),
      ),
    ),
    ...(r.grid ? gridRows(r.grid) : []),
    ...r.search.map(searchRows),
    ...r.addToCart.flatMap(addToCartRows),
    ...(r.delivery ? deliveryRows(r.delivery) : []),
    ...(r.browse ?? []).flatMap(browseRows),
    ...(r.backend ? [backendRow(r.backend)] : []),
  ]);
}

/** The storefront section of docs/performance.md: the machine, the setup, the commands, then the table. */
export function storefrontSection(r: Results, table: string): string {
  const m = r.machine;
  return `## Storefront

Measured on ${m.cores} × ${m.cpus}, ${m.memoryGb} GB, Node ${m.node},
Chromium ${m.chromium.replace(/^chromium /, '')} (Debian, headless), 1-minute load average ${m.loadBefore.toFixed(2)} at the start.
Everything on loopback: the production build (\`parcel build\`) served by scripts/lib/staticServer.ts (brotli/gzip,
immutable cache on hashed files), the Auth and Firestore emulators with the seed catalog, the backend.

Commands: ${r.commands.map((c) => `\`${c}\``).join(', ')}. Raw figures: docs/performance.json.

${table}`;
}
