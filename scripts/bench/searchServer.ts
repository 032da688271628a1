// `npx tsx scripts/bench/searchServer.ts [--products 100000]`: the backend's search (GET /api/search) over a
// generated catalog (faker seeded: the same products every run, 20 categories). A child process builds the index
// from an in-memory products source in pages of SEARCH_PAGE_SIZE, as it reads Firestore, and reports the build
// time and the memory the index holds (heap after a forced GC, before and after); autocannon in this process then
// measures p50/p99 for a few queries. Prints the figures and the 1-minute load average.
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { execa } from 'execa';
import { faker } from '@faker-js/faker';
import { ROOT } from '../lib/children';
import { findFreePort } from '../lib/emulators';
import type { SearchProduct } from '../../server/adapters/search/searchSource';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const QUERIES = ['jaqueta', 'tenis azul', 'jaquta', 'cam', 'vestido de linho verde', 'xyzxyz'];

const TYPES = [
  'Jaqueta',
  'Tênis',
  'Camisa',
  'Camiseta',
  'Calça',
  'Bermuda',
  'Vestido',
  'Saia',
  'Blusa',
  'Chapéu',
  'Boné',
  'Moletom',
  'Casaco',
  'Blazer',
  'Sandália',
  'Bota',
  'Meia',
  'Cinto',
  'Regata',
  'Macacão',
];
const MATERIALS = [
  'de Couro',
  'Jeans',
  'de Linho',
  'de Algodão',
  'de Lã',
  'de Seda',
  'de Veludo',
  'Esportivo',
  'Casual',
  'Social',
  'Estampado',
  'Listrado',
  'Xadrez',
  'de Tricô',
  'Acolchoado',
];
const COLOURS = [
  'Preto',
  'Branco',
  'Azul',
  'Verde',
  'Vermelho',
  'Bege',
  'Cinza',
  'Marrom',
  'Rosa',
  'Amarelo',
  'Vinho',
  'Caramelo',
  'Marinho',
  'Off-white',
  'Grafite',
];

/** `count` products over 20 categories (one per type), faker seeded so every run builds the same catalog. */
export function generatedCatalog(count: number): { products: SearchProduct[]; categories: Record<string, string> } {
  faker.seed(31);
  const categories = Object.fromEntries(
    TYPES.map((type) => [
      faker.helpers.slugify(type.normalize('NFD').replace(/\p{M}/gu, '')).toLowerCase(),
      `${type}s`,
    ]),
  );
  const ids = Object.keys(categories);
  const products = Array.from({ length: count }, (_, n): SearchProduct => {
    const category = n % TYPES.length;
    const name = `${TYPES[category]} ${faker.helpers.arrayElement(MATERIALS)} ${faker.helpers.arrayElement(COLOURS)} ${faker.string.alphanumeric({ length: 4, casing: 'upper' })}`;
    return {
      id: `p${String(n).padStart(6, '0')}`,
      name,
      imageUrl: `/images/p${n}.svg`,
      price: faker.number.float({ min: 19.9, max: 999.9, fractionDigits: 2 }),
      categoryId: ids[category]!,
    };
  });
  return { products, categories };
}

/** The child: generates the catalog, builds the index (timed, heap measured), serves it on BENCH_PORT. */
async function runTarget() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the target with --expose-gc');
  const { buildServer } = await import('../../server/app');
  const { memoryCatalog } = await import('../../src/adapters/catalog/memoryCatalog');
  const { createSimulatedProvider } = await import('../../server/payments/simulated');
  const { createMemoryStore } = await import('../../server/store/memorySessionStore');
  const { memoryProductSource } = await import('../../server/adapters/search/memorySource');
  const { createProductSearch } = await import('../../server/adapters/search/productSearch');
  const port = Number(process.env.BENCH_PORT);
  const source = memoryProductSource(generatedCatalog(Number(process.env.BENCH_PRODUCTS)));
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const search = createProductSearch({ source, log: () => {} });
  await search.ready();
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  const { size, buildMs } = search.stats();
  const app = await buildServer({
    storefrontUrl: 'http://localhost:1234',
    catalog: memoryCatalog([]),
    catalogCacheTtlMs: 60_000,
    payments: createSimulatedProvider({ publicUrl: `http://127.0.0.1:${port}` }),
    store: createMemoryStore(),
    verifier: { verify: async () => ({ uid: 'bench' }) } as never,
    rateLimit: false,
    logger: { level: 'warn' },
    search,
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.({
    size,
    buildMs,
    indexMb: (heapAfter - heapBefore) / 2 ** 20,
    rssMb: process.memoryUsage().rss / 2 ** 20,
  });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

async function bench() {
  const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' } } });
  const count = Number(values.products);
  const port = await findFreePort();
  const child = execa(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--target'],
    {
      cwd: ROOT,
      env: { BENCH_PORT: String(port), BENCH_PRODUCTS: String(count) },
      ipc: true,
      stdout: 'ignore',
      stderr: 'inherit',
      reject: false,
    },
  );
  try {
    const built = (await child.getOneMessage()) as unknown as {
      size: number;
      buildMs: number;
      indexMb: number;
      rssMb: number;
    };
    console.log(
      `${built.size} products: index built in ${(built.buildMs / 1000).toFixed(2)} s; it holds ${built.indexMb.toFixed(0)} MB of heap (process RSS ${built.rssMb.toFixed(0)} MB)`,
    );
    const cpu = cpus();
    console.log(
      `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; autocannon ${CONNECTIONS} connections, ${DURATION_S} s per query, after a 2 s warm-up`,
    );
    for (const q of QUERIES) {
      const url = `http://127.0.0.1:${port}/api/search?q=${encodeURIComponent(q)}`;
      const probe = await fetch(url);
      const hits = ((await probe.json()) as { products: unknown[] }).products.length;
      await autocannon({ url, connections: CONNECTIONS, duration: 2 });
      const load = loadavg()[0]!;
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
      const failures = result.non2xx + result.errors + result.timeouts;
      console.log(
        `  ${JSON.stringify(q).padEnd(26)} ${String(hits).padStart(2)} hits  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ${Math.round(result.requests.average)} req/s  ${failures} failures  (load ${Math.max(load, loadavg()[0]!).toFixed(1)})`,
      );
    }
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv.includes('--target')) await runTarget();
else await bench();
