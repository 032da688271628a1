// `npm run bench [-- --quick] [-- --skip lighthouse,grid,backend]`: the storefront's performance, measured.
//   1. builds the production storefront into <tmpdir>/club-clothing-bench/dist and starts the local stack on free ports
//      (emulators, seeded catalog, backend, static server with cache headers + compression);
//   2. JS/CSS per route from Chromium's network (gzip -9), and the build's own entry/lazy split;
//   3. Lighthouse 12 on /, /explore, a category page and a product page, mobile and desktop, median of 3 runs
//      (1 with --quick), and on the static floor of each (the same page without scripts, scripts/bench/floor.ts);
//   4. a 2,000-product category (faker) seeded into the emulator: grid first paint, longest task while
//      scrolling; add-to-cart → header count, median of 20 clicks; a sort or a price band → grid repainted
//      (beside the same choices on a seed category, the reference of the same run);
//   5. the backend figures of `npm run bench:server`;
//   6. on a product page, CEP typed → delivery options painted, beside add-to-cart on the same page as reference
//      (`npx tsx scripts/bench/benchDelivery.ts` runs this part alone and prints it);
//   7. stock: checkout sessions per second with the reservation beside without it, and the Firestore reads the
//      live stock adds per page (scripts/bench/stockBench.ts, its own section of docs/performance.md).
// `npm run bench -- --catalog <N>` runs only the catalog-at-scale section (scripts/bench/catalogScale.ts) instead.
// Prints one table (scripts/bench/storefrontReport.ts), writes its section of docs/performance.md (scripts/bench/doc.ts)
// and docs/performance.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { catalog } from '../../seed/seedCatalog';
import { createAdminCatalog } from '../../server/adapters/adminCatalog';
import { withFirestore } from '../lib/firestoreAdmin';
import { ROOT, startLocalStack, type LocalStack } from '../lib/stack';
import { prerenderSite } from '../prerender';
import { launchChromium } from './benchBrowser';
import { measureDeliveryLatency } from './deliveryLatency';
import { measureBrowse } from './benchBrowse';
import { analyzeBuild, totalGzip } from './bundles';
import { catalogScaleRows, measureCatalogScale } from './catalogScale';
import { writeDocSection } from './doc';
import { serveStaticFloor } from './floor';
import {
  LARGE_CATEGORY_ID,
  largeCategory,
  measureAddToCart,
  measureLargeGrid,
  seedLargeCategory,
} from './largeCatalog';
import { lighthouse } from './lighthouse';
import { measureRoutes } from './network';
import { measureSearchLatency } from './searchLatency';
import { benchBackend } from './server';
import { benchStock, stockSection } from './stockBench';
import { markdownTable, renderTable, storefrontSection, type Results } from './storefrontReport';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    /** Comma-separated sections to leave out while iterating: network, lighthouse, grid, delivery, backend, stock. */
    skip: { type: 'string', default: '' },
    /** A generated catalog of this many products: only the catalog-at-scale section runs. */
    catalog: { type: 'string' },
  },
});
const skip = new Set(
  args.skip
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

// Outside the repository, kept between runs (a warm Parcel cache). Parcel does not rewrite unchanged bundles,
// so the dist is never emptied: old hashed files stay, but only what the browser loads is measured.
const BENCH_DIR = join(tmpdir(), 'club-clothing-bench');
const JSON_OUT = join(ROOT, 'docs', 'performance.json');
const CATEGORY = catalog[0]!.id;
const PRODUCT = catalog[0]!.products[0]!.id;
const PAGES = ['/', '/explore', `/category/${CATEGORY}`, `/product/${PRODUCT}`];
const ROUTES = [...PAGES, '/login', '/sign-up', '/checkout', '/payment-confirmation?success=true'];

const log = (line: string) => console.log(line);

async function catalogMain(products: number) {
  const started = Date.now();
  mkdirSync(BENCH_DIR, { recursive: true });
  const figures = await measureCatalogScale({ products, benchDir: BENCH_DIR, log });
  const table = markdownTable([['Measure', 'Measured', 'Target', ''], ...catalogScaleRows(figures)]);
  const command = `npm run bench -- --catalog ${products}`;
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, Chromium ${await chromiumVersion()}`;
  log('');
  log(table);
  // Beside the storefront's figures in docs/performance.json, under a key of its own.
  const json = existsSync(JSON_OUT) ? (JSON.parse(readFileSync(JSON_OUT, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(
    JSON_OUT,
    `${JSON.stringify({ ...json, catalogScale: { date: new Date().toISOString(), machine, command, ...figures } }, null, 2)}\n`,
  );
  writeDocSection(
    'catalog',
    `## Catalog at scale\n\nMeasured on ${machine}. Command: \`${command}\`. Raw figures: docs/performance.json (\`catalogScale\`).\n\n${table}`,
  );
  log(`\nbench: wrote docs/performance.md and ${JSON_OUT} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

type Measured = Omit<Results, 'date' | 'machine' | 'commands' | 'build'>;

/** Runs `measure` with a Chromium of its own, closed afterwards whatever happens. */
async function withBrowser<T>(measure: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchChromium();
  try {
    return await measure(browser);
  } finally {
    await browser.close();
  }
}

/** The production storefront built into the bench's folder, on a local stack of free ports. */
function startBenchStack(distDir: string): Promise<LocalStack> {
  return startLocalStack({
    storefront: 'build',
    distDir,
    cacheDir: join(BENCH_DIR, 'parcel-cache'),
    // Lighthouse reaches the shop as 127.0.0.1: canonical URLs on the same host keep the SEO audit honest.
    siteHost: '127.0.0.1',
    notice: (line) => log(`  ${line}`),
  });
}

/** JS and CSS per route (the build's lazy chunks among them), then keystroke → results on the seed catalog. */
async function measureNetwork(base: string, results: Measured, build: Results['build']): Promise<void> {
  log('bench: JS and CSS per route (Chromium network, gzip -9)…');
  await withBrowser(async (browser) => {
    const network = await measureRoutes(browser, base, ROUTES);
    results.routes = network.routes;
    results.lazyChunks = network.lazyChunks;
    build.lazyJs = network.lazyChunks.map(({ path, gzip }) => ({ file: path.slice(1), gzip }));
    log('bench: keystroke → search results painted (seed catalog)…');
    results.search = [
      {
        catalog: `seed (${catalog.reduce((n, c) => n + c.products.length, 0)} products)`,
        ...(await measureSearchLatency(browser, base)),
      },
    ];
  });
}

/** Lighthouse on each page, mobile then desktop, each run followed by the same page's static floor. */
async function measureLighthouse(base: string, distDir: string, results: Measured): Promise<void> {
  const runs = args.quick ? 1 : 3;
  const floor = await serveStaticFloor(base, distDir, PAGES, join(BENCH_DIR, 'floor'));
  const floorBase = floor.url.replace('localhost', '127.0.0.1');
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const page of PAGES) {
        // Ours and its floor one after the other, so both see the same machine load.
        log(`bench: Lighthouse ${formFactor} ${page} and its static floor (${runs} run${runs > 1 ? 's' : ''} each)…`);
        results.lighthouse.push({
          page,
          formFactor,
          runs,
          ...(await lighthouse(`${base}${page}`, formFactor, runs, log)),
        });
        results.floor.push({
          page,
          formFactor,
          runs,
          ...(await lighthouse(`${floorBase}${page}`, formFactor, runs, log)),
        });
      }
    }
  } finally {
    await floor.close();
  }
}

/** CEP typed → delivery options painted on a product page, with that page's add-to-cart as reference. */
async function measureDelivery(base: string, results: Measured): Promise<void> {
  log(`bench: CEP typed → delivery options painted on /product/${PRODUCT}, add-to-cart as reference…`);
  results.delivery = await withBrowser((browser) => measureDeliveryLatency(browser, base, `/product/${PRODUCT}`));
}

/**
 * A 2,000-product category seeded and prerendered, then its grid, search with it in the catalog, add-to-cart and
 * sort/band, each beside a seed category where the figure has a reference.
 */
async function measureLargeCategory(stack: LocalStack, base: string, distDir: string, results: Measured) {
  log(`bench: seeding a category of 2,000 faker products (${LARGE_CATEGORY_ID})…`);
  const bytes = await seedLargeCategory(stack.projectId, stack.emulators.firestoreHost);
  // A new category is a rebuild's work in a static catalog: prerender again (2,000 more product pages).
  const again = await withFirestore(
    { kind: 'emulator', projectId: stack.projectId, host: stack.emulators.firestoreHost },
    (db) => prerenderSite({ distDir, catalog: createAdminCatalog({ firestore: db }), origin: base }),
  );
  log(`bench: prerendered ${again.pages} pages with the large category`);
  const runs = args.quick ? 1 : 3;
  await withBrowser(async (browser) => {
    log('bench: 2,000-product grid — first paint and scrolling…');
    results.grid = await measureLargeGrid(browser, base, bytes, runs);
    log('bench: keystroke → search results painted (with the 2,000-product category)…');
    results.search.push({ catalog: 'seed + 2,000 products', ...(await measureSearchLatency(browser, base)) });
    log('bench: add-to-cart → header count (20 clicks each)…');
    results.addToCart = [
      await measureAddToCart(browser, base, `/category/${CATEGORY}`),
      await measureAddToCart(browser, base, `/category/${LARGE_CATEGORY_ID}`),
    ];
    log('bench: a sort or a price band → grid repainted (seed category, then 2,000 products)…');
    results.browse = [
      await measureBrowse(browser, base, `/category/${CATEGORY}`, catalog[0]!.products, runs),
      await measureBrowse(browser, base, `/category/${LARGE_CATEGORY_ID}`, largeCategory().products, runs),
    ];
  });
}

/** Every section that needs the stack, in an order where none skews the next; the stack is stopped after. */
async function measureOnStack(distDir: string): Promise<{ results: Measured; build: Results['build'] }> {
  const stack = await startBenchStack(distDir);
  const results: Measured = {
    routes: [],
    lazyChunks: [],
    lighthouse: [],
    floor: [],
    grid: null,
    search: [],
    addToCart: [],
    browse: [],
    delivery: null,
    backend: null,
  };
  try {
    // The storefront is served on localhost; Lighthouse's resolver rules let only 127.0.0.1 through.
    const base = stack.urls.storefront!.replace('localhost', '127.0.0.1');
    const { entryJs } = analyzeBuild(distDir);
    const build = {
      entryJs: entryJs.map(({ file, gzip }) => ({ file, gzip })),
      entryJsGzip: totalGzip(entryJs),
      lazyJs: [],
    };
    if (!skip.has('network')) await measureNetwork(base, results, build);
    if (!skip.has('lighthouse')) await measureLighthouse(base, distDir, results);
    // Before the big category: its 2,000 products would be in the catalog the product page reads.
    if (!skip.has('delivery')) await measureDelivery(base, results);
    // The big category only now: / and /explore read every category, so it would skew the pages above.
    if (!skip.has('grid')) await measureLargeCategory(stack, base, distDir, results);
    return { results, build };
  } finally {
    await stack.stop();
  }
}

async function machineOf(loadBefore: number): Promise<Results['machine']> {
  return {
    cpus: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: chromium.name() + ' ' + (await chromiumVersion()),
    loadBefore,
  };
}

/** The commands that reproduce this run's figures. */
const commandsRun = () => [
  `npm run bench${args.quick || args.skip ? ` --${args.quick ? ' --quick' : ''}${args.skip ? ` --skip ${args.skip}` : ''}` : ''}`,
  'npm run bench:server',
  'npx vitest run test/budgets',
];

async function main() {
  const started = Date.now();
  mkdirSync(BENCH_DIR, { recursive: true });
  const loadBefore = loadavg()[0]!;
  log(`bench: building the storefront and starting the local stack (1-min load ${loadBefore.toFixed(2)})…`);
  const { results, build } = await measureOnStack(join(BENCH_DIR, 'dist'));
  if (!skip.has('backend')) {
    log('bench: backend (npm run bench:server)…');
    results.backend = await benchBackend();
  }
  if (!skip.has('stock')) {
    log('bench: stock (reservations and reads)…');
    writeDocSection('stock', stockSection(await benchStock()));
  }
  const full: Results = {
    date: new Date().toISOString(),
    machine: await machineOf(loadBefore),
    commands: commandsRun(),
    build,
    ...results,
  };
  const table = renderTable(full);
  log('');
  log(table);
  writeFileSync(JSON_OUT, `${JSON.stringify(full, null, 2)}\n`);
  writeDocSection('storefront', storefrontSection(full, table));
  log(`\nbench: wrote docs/performance.md and ${JSON_OUT} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function chromiumVersion(): Promise<string> {
  return withBrowser(async (browser) => browser.version());
}

const catalogProducts = args.catalog === undefined ? null : Number(args.catalog);
if (catalogProducts !== null && !(Number.isInteger(catalogProducts) && catalogProducts >= 20)) {
  console.error(`bench: --catalog takes a whole number of products ≥ 20, not "${args.catalog}"`);
  process.exit(2);
}
(catalogProducts === null ? main() : catalogMain(catalogProducts)).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
