// `npm run bench -- --catalog <N>`: the shop with a generated catalog of N products, in one run of
// its own local stack (own dist and Parcel cache under the bench folder):
//   1. at the 40-product seed: the build (Parcel with a warm cache + prerender + service worker, timed), and the
//      Firestore documents and bytes each route reads (counted in the browser from the emulator's responses);
//   2. N generated products seeded with the seed's bulk writer (timed), plus one category of 10,000 products;
//      the backend restarted so its search index holds them;
//   3. the same build again over N products, and the same reads per route;
//   4. a generated category's first screen on a cold load, median of 5 fresh contexts;
//   5. the 10,000-product category scrolled towards its last product: longest task meanwhile, tab JS heap after;
//   6. a product page the build did not prerender, rendered on request (scripts/bench/render.ts), uncached and cached;
//   7. keystroke → search results painted on /search (the backend's /api/search: the catalog is partial), after
//      a restart of the backend, so that no rebuild of its index runs meanwhile.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createAdminCatalog } from '../../server/adapters/adminCatalog';
import { catalog as seedCatalogData } from '../../seed/seedCatalog';
import type { Category } from '../../src/domain';
import { categoryDocumentOf, productDocumentsOf } from '../../src/domain/productDocuments';
import { buildServiceWorker } from '../build-sw';
import { ROOT, spawnChild, waitUntilServing, type ManagedChild } from '../lib/children';
import { withFirestore } from '../lib/firestoreAdmin';
import { generateCatalog } from '../lib/generatedCatalog';
import { backendEnv, buildStorefront, startLocalStack, storefrontEnv, type LocalStack } from '../lib/stack';
import { DEFAULT_PRERENDER_PRODUCT_LIMIT, prerenderSite } from '../prerender';
import { CATEGORIES_COLLECTION, PRODUCTS_COLLECTION, seedCatalog } from '../seed';
import { launchChromium, median, waitForContent } from './benchBrowser';
import { GRID, GRID_PAINT_PROBE } from './largeCatalog';
import { measureRenderOnRequest, type RenderFigures } from './render';
import { measureSearchLatency, type SearchLatencyFigures } from './searchLatency';

export const CATALOG_TARGETS = {
  buildRatio: 1.2,
  gridPaintMs: 400,
  longestTaskMs: 100,
  searchWithRequestMs: 150,
  documentsPerView: 50,
} as const;

/** The extra category that reaches the 10,000th product of one category (the large-catalog scroll figure). */
export const DEEP_CATEGORY = { id: 'colecao-completa', displayName: 'Coleção completa', size: 10_000 } as const;
const COLD_RUNS = 5;
const SCROLL_IDLE_MS = 10_000;
/** Builds timed at each catalog size (the median one is reported). */
const BUILD_RUNS = 3;
/** Rounds of the six search queries (scripts/bench/searchLatency.ts). */
const SEARCH_ROUNDS = 3;
const READS_WAIT_MS = 60_000;

export interface BuildFigures {
  products: number;
  parcelMs: number;
  prerenderMs: number;
  serviceWorkerMs: number;
  totalMs: number;
  pages: number;
}

export interface RouteReads {
  route: string;
  /** Firestore documents in the emulator's responses during the page view. */
  documents: number;
  /** Response bodies from the emulator (decoded), bytes. */
  bytes: number;
  requests: number;
  /** Requests with no answer READS_WAIT_MS after navigating (not counted above). */
  unanswered: number;
  /** Navigation → the page settled and its Firestore requests answered. */
  lastMs: number;
}

export interface ScrollFigures {
  category: string;
  products: number;
  /** Highest product position whose card was in the DOM (1-based). */
  reached: number;
  longestTaskMs: number;
  wheelSteps: number;
  seconds: number;
  jsHeapMb: number;
}

export interface CatalogScaleFigures {
  products: number;
  loadStart: number;
  loadEnd: number;
  seed: { products: number; ms: number; deepCategoryMs: number };
  builds: { seed: BuildFigures; large: BuildFigures };
  reads: { seed: RouteReads[]; large: RouteReads[] };
  coldGrid: { route: string; runs: number; medianMs: number; maxMs: number; cards: number };
  scroll: ScrollFigures | null;
  render: RenderFigures[];
  search: SearchLatencyFigures;
}

const since = (t: number) => performance.now() - t;

export async function measureCatalogScale({
  products,
  benchDir,
  log,
}: {
  products: number;
  benchDir: string;
  log: (line: string) => void;
}): Promise<CatalogScaleFigures> {
  const loadStart = loadavg()[0]!;
  log(`bench --catalog ${products}: starting the local stack (1-min load ${loadStart.toFixed(2)})…`);
  const distDir = join(benchDir, 'catalog-dist');
  // Its own cache: a dist without index.html empties the cache it builds with (scripts/lib/stack.ts).
  const cacheDir = join(benchDir, 'catalog-parcel-cache');
  let restarted = false;
  // Once the backend is restarted on purpose, the stack's notice that its first backend exited is expected.
  const notice = (line: string) => {
    if (!(restarted && line.startsWith('The backend exited unexpectedly'))) log(`  ${line}`);
  };
  const stack = await startLocalStack({ storefront: 'build', distDir, cacheDir, siteHost: '127.0.0.1', notice });
  let backend: ManagedChild | null = null;
  try {
    const base = stack.urls.storefront!.replace('localhost', '127.0.0.1');
    const firestoreTarget = {
      kind: 'emulator' as const,
      projectId: stack.projectId,
      host: stack.emulators.firestoreHost,
    };
    const buildOnce = async (count: number): Promise<BuildFigures> => {
      const started = performance.now();
      await buildStorefront({ env: storefrontEnv(stack.projectId, stack.ports), distDir, cacheDir });
      const parcelMs = since(started);
      const prerendered = performance.now();
      const result = await withFirestore(firestoreTarget, (db) =>
        prerenderSite({ distDir, catalog: createAdminCatalog({ firestore: db }), origin: base }),
      );
      const prerenderMs = since(prerendered);
      const worker = performance.now();
      await buildServiceWorker(distDir);
      return {
        products: count,
        parcelMs,
        prerenderMs,
        serviceWorkerMs: since(worker),
        totalMs: since(started),
        pages: result.pages,
      };
    };
    // The build of median total time of BUILD_RUNS: one Parcel run alone varies by ±0.4 s on a loaded machine.
    const build = async (count: number): Promise<BuildFigures> => {
      const runs: BuildFigures[] = [];
      for (let i = 0; i < BUILD_RUNS; i++) runs.push(await buildOnce(count));
      return runs.sort((a, b) => a.totalMs - b.totalMs)[Math.floor(runs.length / 2)]!;
    };
    const seedProducts = seedCatalogData.reduce((n, c) => n + c.products.length, 0);
    log(`bench --catalog: build with the ${seedProducts}-product seed catalog…`);
    const seedBuild = await build(seedProducts);
    const seedCategory = seedCatalogData[0]!;
    const browser = await launchChromium();
    try {
      log('bench --catalog: Firestore reads per page view, seed catalog…');
      const seedReads = await readsPerRoute(
        browser,
        base,
        stack,
        seedCategory.id,
        seedCategory.products[0]!.id,
        'jaqueta',
      );

      log(`bench --catalog: seeding ${products.toLocaleString('en')} generated products (the seed's bulk writer)…`);
      const generated = generateCatalog({ products });
      const seeded = performance.now();
      const result = await withFirestore(firestoreTarget, (db) =>
        seedCatalog(db, { categories: generated, throttle: false }),
      );
      const seedMs = since(seeded);
      log(`  wrote ${result.products} products in ${(seedMs / 1000).toFixed(1)} s`);
      const deep = deepCategory(generated);
      const deepStarted = performance.now();
      await withFirestore(firestoreTarget, (db) => addCategory(db, deep, generated.length));
      const deepCategoryMs = since(deepStarted);
      log(
        `  and the ${DEEP_CATEGORY.size.toLocaleString('en')}-product category ${deep.id} in ${(deepCategoryMs / 1000).toFixed(1)} s`,
      );

      // The backend builds its search index when it starts: a fresh one reads the new catalog.
      log('bench --catalog: restarting the backend (search index over the new catalog)…');
      restarted = true;
      backend = await restartBackend(stack, distDir);

      log(`bench --catalog: build with ${products.toLocaleString('en')} products in Firestore…`);
      const largeBuild = await build(products + DEEP_CATEGORY.size);

      const large = generated[0]!;
      // A product past what the build prerenders: rendered on request.
      const onRequest = large.products[Math.min(large.products.length - 1, DEFAULT_PRERENDER_PRODUCT_LIMIT + 50)]!;
      log('bench --catalog: Firestore reads per page view, generated catalog…');
      const largeReads = await readsPerRoute(browser, base, stack, large.id, onRequest.id, 'jaqueta');

      log(`bench --catalog: /category/${large.id} cold load → grid painted (${COLD_RUNS} fresh contexts)…`);
      const coldGrid = await measureColdGrid(browser, `${base}/category/${large.id}`);

      log(
        `bench --catalog: scrolling /category/${deep.id} towards product ${deep.products.length.toLocaleString('en')}…`,
      );
      const scroll = await measureScroll(browser, base, deep);

      log(`bench --catalog: /product/${onRequest.id} rendered on request (uncached, then cached)…`);
      const render = await withFirestore(firestoreTarget, async (db) => [
        await measureRenderOnRequest({
          firestore: db,
          distDir,
          productId: onRequest.id,
          ttlMs: 0,
          label: 'on request, no page cache',
        }),
        await measureRenderOnRequest({
          firestore: db,
          distDir,
          productId: onRequest.id,
          ttlMs: 60_000,
          label: 'on request, page cache hit',
        }),
      ]);

      // The index built at the restart above is older than SEARCH_INDEX_MAX_AGE_MS by now (the scroll alone takes
      // minutes), so the first search would start a rebuild: seconds of CPU reading every product, beside the
      // searches timed. A fresh backend times the searches between two rebuilds.
      log('bench --catalog: restarting the backend (a fresh search index)…');
      backend = await restartBackend(stack, distDir, backend ?? undefined);
      log('bench --catalog: keystroke → search results painted (backend search)…');
      const search = await measureSearchLatency(browser, base, SEARCH_ROUNDS);

      return {
        products,
        loadStart,
        loadEnd: loadavg()[0]!,
        seed: { products: result.products, ms: seedMs, deepCategoryMs },
        builds: { seed: seedBuild, large: largeBuild },
        reads: { seed: seedReads, large: largeReads },
        coldGrid: { route: `/category/${large.id}`, ...coldGrid },
        scroll,
        render,
        search,
      };
    } finally {
      await browser.close();
    }
  } finally {
    await backend?.stop();
    await stack.stop();
  }
}

/** DEEP_CATEGORY.size products named and priced like the generated ones, ids in position order. */
function deepCategory(generated: Category[]): Category {
  const pool = generated.flatMap((c) => c.products);
  const digits = String(DEEP_CATEGORY.size).length;
  const products = Array.from({ length: DEEP_CATEGORY.size }, (_, i) => ({
    ...pool[i % pool.length]!,
    id: `${DEEP_CATEGORY.id}-${String(i + 1).padStart(digits, '0')}`,
  }));
  return {
    id: DEEP_CATEGORY.id,
    displayName: DEEP_CATEGORY.displayName,
    name: DEEP_CATEGORY.id,
    imageUrl: generated[0]!.imageUrl,
    products,
  };
}

/** One more category in the seed's shape, written with a BulkWriter (the seed would replace the catalog). */
async function addCategory(
  db: import('firebase-admin/firestore').Firestore,
  category: Category,
  order: number,
): Promise<void> {
  const writer = db.bulkWriter({ throttling: false });
  for (const product of productDocumentsOf(category))
    void writer.set(db.collection(PRODUCTS_COLLECTION).doc(product.id), product);
  await writer.close();
  await db
    .collection(CATEGORIES_COLLECTION)
    .doc(category.id)
    .set({ ...categoryDocumentOf(category), order });
}

/**
 * Stops the backend (`running`, one this bench started, else the stack's own: a process group it started) and
 * starts the same one on the same port.
 */
async function restartBackend(stack: LocalStack, distDir: string, running?: ManagedChild): Promise<ManagedChild> {
  if (running) await running.stop();
  else {
    const pid = stack.pids.backend;
    if (pid === null) throw new Error('the stack runs no backend');
    process.kill(-pid, 'SIGTERM');
  }
  const health = `http://127.0.0.1:${stack.ports.backend}/health`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(health).then(
      () => true,
      () => false,
    );
    if (!up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const child = spawnChild(
    process.execPath,
    [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'server', 'main.ts')],
    {
      env: { ...backendEnv(stack.projectId, stack.ports), STOREFRONT_DIST_DIR: distDir },
    },
  );
  await waitUntilServing(
    child,
    [`http-get://127.0.0.1:${stack.ports.backend}/health`],
    `The backend on port ${stack.ports.backend}`,
  );
  // A first search answers once the index is built: the builds timed next do not share the CPU with that build.
  const search = await fetch(`http://127.0.0.1:${stack.ports.backend}/api/search?q=camiseta&limit=1`);
  if (!search.ok) throw new Error(`the restarted backend's search answered ${search.status}`);
  return child;
}

// A Firestore document in a REST answer (runQuery, batchGet, get): its resource name. Field values never carry
// one (the catalog has no reference fields).
const DOCUMENT_NAME = /"name"\s*:\s*"projects\/[^"]+\/databases\/[^"]+\/documents\//g;

/** Each route in a fresh context: documents and bytes of every Firestore emulator response until the page settles. */
async function readsPerRoute(
  browser: Browser,
  base: string,
  stack: LocalStack,
  categoryId: string,
  productId: string,
  query: string,
): Promise<RouteReads[]> {
  const routes = [
    '/',
    '/explore',
    `/category/${categoryId}`,
    `/product/${productId}`,
    `/search?q=${query}`,
    '/login',
    '/checkout',
  ];
  const firestorePort = `:${stack.ports.firestore}`;
  const out: RouteReads[] = [];
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const bodies: Array<Promise<string>> = [];
      let pending = 0;
      const isFirestore = (url: string, method: string) =>
        `:${new URL(url).port}` === firestorePort && method !== 'OPTIONS';
      page.on('request', (request) => {
        if (isFirestore(request.url(), request.method())) pending++;
      });
      page.on('requestfailed', (request) => {
        if (isFirestore(request.url(), request.method())) pending--;
      });
      page.on('requestfinished', (request) => {
        if (!isFirestore(request.url(), request.method())) return;
        bodies.push(
          request
            .response()
            .then((response) => response?.text() ?? '')
            .catch(() => ''),
        );
        pending--;
      });
      const started = performance.now();
      await page.goto(`${base}${route}`);
      await waitForContent(page);
      await settle(page);
      // A slow query (the emulator scans the collection) is still part of the view: wait for it, up to READS_WAIT_MS.
      while (pending > 0 && since(started) < READS_WAIT_MS) await page.waitForTimeout(100);
      const texts = await Promise.all(bodies);
      out.push({
        route,
        documents: texts.reduce((n, text) => n + (text.match(DOCUMENT_NAME)?.length ?? 0), 0),
        bytes: texts.reduce((n, text) => n + Buffer.byteLength(text), 0),
        requests: texts.length,
        unanswered: pending,
        lastMs: since(started),
      });
    } finally {
      await context.close();
    }
  }
  return out;
}

/** Until no request has been in flight for 1.5 s (a page view's reads, the lazy ones included). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(1_500);
  await page.waitForLoadState('networkidle').catch(() => {});
}

async function measureColdGrid(
  browser: Browser,
  url: string,
): Promise<{ runs: number; medianMs: number; maxMs: number; cards: number }> {
  const times: number[] = [];
  let cards = 0;
  for (let run = 0; run < COLD_RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(GRID_PAINT_PROBE);
      await page.goto(url);
      times.push(await page.evaluate(() => (window as unknown as { __gridPaint: Promise<number> }).__gridPaint));
      cards = await page.locator(`${GRID} > li`).count();
    } finally {
      await context.close();
    }
  }
  return { runs: times.length, medianMs: median(times), maxMs: Math.max(...times), cards };
}

/**
 * Wheel-scrolls the category until the last product's card is in the DOM, or no card of a new product has
 * appeared for SCROLL_IDLE_MS (the grid holds no more): how far it got, the longest task, the JS heap after.
 */
async function measureScroll(browser: Browser, base: string, category: Category): Promise<ScrollFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/category/${category.id}`);
    await waitForContent(page);
    await page.locator(GRID).waitFor();
    // The scroll starts once the app runs the page (its sort controls are live) and the start's reads are in:
    // the start's own tasks are the page load's (Lighthouse's TBT), not the scroll's.
    await page.waitForFunction(() => {
      const select = document.querySelector('main select') as HTMLSelectElement | null;
      return select !== null && !select.disabled;
    });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const w = window as unknown as { __tasks: number[] };
      w.__tasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__tasks.push(e.duration))).observe({
        type: 'longtask',
      });
    });
    const position = new Map(category.products.map((p, i) => [`/product/${p.id}`, i + 1]));
    const highest = async () => {
      const hrefs = await page.$$eval(`${GRID} a[href]`, (links) => links.map((a) => a.getAttribute('href') ?? ''));
      return Math.max(0, ...hrefs.map((h) => position.get(h) ?? 0));
    };
    await page.mouse.move(640, 450);
    const started = performance.now();
    let reached = await highest();
    let lastNew = performance.now();
    let steps = 0;
    while (reached < category.products.length && performance.now() - lastNew < SCROLL_IDLE_MS) {
      await page.mouse.wheel(0, 1_200);
      steps++;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const now = await highest();
      if (now > reached) {
        reached = now;
        lastNew = performance.now();
      } else {
        await page.waitForTimeout(100); // at the bottom, a page of products may be on its way
      }
    }
    const seconds = since(started) / 1000;
    await page.waitForTimeout(500); // the observer reports the last tasks
    const tasks = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    return {
      category: category.id,
      products: category.products.length,
      reached,
      longestTaskMs: Math.max(0, ...tasks),
      wheelSteps: steps,
      seconds,
      jsHeapMb: heap / 2 ** 20,
    };
  } finally {
    await context.close();
  }
}

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'n/a');
const sec = (v: number) => `${(v / 1000).toFixed(1)} s`;
const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;
const ok = (pass: boolean) => (pass ? 'met' : '**missed**');
const n = (v: number) => v.toLocaleString('en');

export function catalogScaleRows(f: CatalogScaleFigures): string[][] {
  const { seed: b40, large: bN } = f.builds;
  const ratio = bN.totalMs / b40.totalMs;
  const rows: string[][] = [
    [`1-minute load average at start / end`, `${f.loadStart.toFixed(2)} / ${f.loadEnd.toFixed(2)}`, '', ''],
    [
      `seed: ${n(f.seed.products)} generated products (BulkWriter, emulator)`,
      `${sec(f.seed.ms)} (${n(Math.round(f.seed.products / (f.seed.ms / 1000)))} products/s)`,
      '',
      '',
    ],
    [`  and one ${n(DEEP_CATEGORY.size)}-product category`, sec(f.seed.deepCategoryMs), '', ''],
  ];
  for (const b of [b40, bN]) {
    rows.push([
      `build at ${n(b.products)} products (median of ${BUILD_RUNS}): Parcel + prerender + service worker; pages prerendered`,
      `${sec(b.parcelMs)} + ${sec(b.prerenderMs)} + ${sec(b.serviceWorkerMs)} = ${sec(b.totalMs)}; ${n(b.pages)} pages`,
      '',
      '',
    ]);
  }
  rows.push([
    `build time at ${n(bN.products)} / at ${n(b40.products)}`,
    `${ratio.toFixed(2)} ×`,
    `≤ ${CATALOG_TARGETS.buildRatio} ×`,
    ok(ratio <= CATALOG_TARGETS.buildRatio),
  ]);
  const g = f.coldGrid;
  rows.push([
    `\`${g.route}\` (${n(Math.round(f.products / 20))} products) cold load → grid painted (median / max of ${g.runs}; cards in the DOM)`,
    `${ms(g.medianMs)} / ${ms(g.maxMs)}; ${g.cards}`,
    `≤ ${CATALOG_TARGETS.gridPaintMs} ms`,
    ok(g.medianMs <= CATALOG_TARGETS.gridPaintMs),
  ]);
  if (f.scroll) {
    const s = f.scroll;
    rows.push([
      `scroll \`/category/${s.category}\` (${n(s.products)} products) towards the last: product reached; longest task (${s.wheelSteps} wheel steps, ${s.seconds.toFixed(0)} s)`,
      `${n(s.reached)} of ${n(s.products)}; ${ms(s.longestTaskMs)}`,
      `${n(s.products)}; ≤ ${CATALOG_TARGETS.longestTaskMs} ms`,
      ok(s.reached >= s.products && s.longestTaskMs <= CATALOG_TARGETS.longestTaskMs),
    ]);
    rows.push([`  tab JS heap after the scroll (CDP, after a GC)`, `${s.jsHeapMb.toFixed(1)} MB`, '', '']);
  }
  for (const r of f.render)
    rows.push([
      `product page ${r.label}: p50 / p99 (${r.requests} requests, ${r.failed} failed, load ${r.load.toFixed(2)})`,
      `${r.p50} ms / ${r.p99} ms`,
      '',
      '',
    ]);
  const q = f.search;
  rows.push([
    `keystroke → search results painted, /api/search (median / max of ${q.samples})`,
    `${ms(q.medianMs)} / ${ms(q.maxMs)}`,
    `≤ ${CATALOG_TARGETS.searchWithRequestMs} ms median`,
    ok(q.medianMs <= CATALOG_TARGETS.searchWithRequestMs),
  ]);
  for (const [label, reads] of [
    [`${n(b40.products)} products`, f.reads.seed],
    [`${n(bN.products)} products`, f.reads.large],
  ] as const) {
    for (const r of reads) {
      const unanswered = r.unanswered ? `, **${r.unanswered} unanswered**` : '';
      rows.push([
        `Firestore reads, \`${r.route}\` at ${label}: documents / bytes (${r.requests} responses${unanswered}; settled after ${(r.lastMs / 1000).toFixed(1)} s)`,
        `${r.documents} / ${kb(r.bytes)}`,
        `≤ ${CATALOG_TARGETS.documentsPerView} documents`,
        ok(r.documents <= CATALOG_TARGETS.documentsPerView && r.unanswered === 0),
      ]);
    }
  }
  return rows;
}
