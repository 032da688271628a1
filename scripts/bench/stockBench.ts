// The stock section of `npm run bench` (docs/requirements.md#stock), also `npx tsx scripts/bench/stockBench.ts`
// alone: checkout sessions per second with the reservation beside the same route without it, on a Firestore
// emulator of its own (scripts/bench/reservation.ts), and the Firestore reads the live stock adds to each page,
// counted by the memory catalog's read counter, which bills as Firestore bills (test/contracts/catalog.contract.ts
// holds it to that) over the seeded shop and its units.
import { cpus, loadavg } from 'node:os';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { categoryDocumentOf, productDocumentsOf } from '../../src/domain/productDocuments';
import { catalog } from '../../seed/seedCatalog';
import { seedStock } from '../../seed/seedStock';
import { runScript } from '../lib/cli';
import { DEFAULT_PROJECT_ID, startEmulators } from '../lib/emulators';
import { benchReservation, CONCURRENCY, DURATION_MS, type RoundFigures } from './reservation';
import { writeDocSection } from './doc';

export interface StockFigures {
  machine: string;
  rounds: RoundFigures[];
  reads: { page: string; reads: number }[];
}

/** The reads each page's live stock costs, on the seeded shop. */
export async function stockReads(): Promise<StockFigures['reads']> {
  const categories = Object.fromEntries(catalog.map((category) => [category.id, categoryDocumentOf(category)]));
  const products = Object.fromEntries(
    catalog.flatMap((category) =>
      productDocumentsOf(category).map((document) => [document.id, { ...document, stock: seedStock[document.id] }]),
    ),
  );
  const rows: StockFigures['reads'] = [];
  const count = async (page: string, read: (port: ReturnType<typeof memoryCatalog>) => Promise<unknown>) => {
    const port = memoryCatalog(categories, { products });
    await read(port);
    rows.push({ page, reads: port.reads });
  };
  const hats = catalog.find((category) => category.id === 'hats')!;
  await count('product page (its own document)', (port) => port.getStock(['chapeu-bucket-verde']));
  for (const category of catalog)
    await count(`/category/${category.id} (its low stock, one query)`, (port) => port.listLowStock([category.id]));
  await count('/explore and /search (every category, one query)', (port) =>
    port.listLowStock(catalog.map((category) => category.id)),
  );
  await count(`cart of ${hats.products.length} lines (its lines' documents)`, (port) =>
    port.getStock(hats.products.map((product) => product.id)),
  );
  return rows;
}

/** The reservation rounds on a Firestore emulator started for them (stopped after). */
export async function reservationRounds(): Promise<RoundFigures[]> {
  const running = await startEmulators({ only: ['firestore'], projectId: DEFAULT_PROJECT_ID });
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: DEFAULT_PROJECT_ID }, `bench-stock-${process.pid}`);
  const firestore = getFirestore(app);
  firestore.settings({ host: running.firestoreHost, ssl: false });
  try {
    return await benchReservation(firestore);
  } finally {
    await firestore.terminate();
    await deleteApp(app);
    await running.stop();
  }
}

export async function benchStock(): Promise<StockFigures> {
  const load = loadavg()[0]!.toFixed(1);
  const rounds = await reservationRounds();
  return {
    machine: `${cpus().length} cores, Node ${process.versions.node}, 1-minute load ${load} at the start`,
    rounds,
    reads: await stockReads(),
  };
}

export function stockSection({ machine, rounds, reads }: StockFigures): string {
  const base = rounds[0]!.sessionsPerSecond;
  return [
    '## Stock',
    '',
    `Measured on ${machine}. Command: \`npm run bench\` (this section alone: \`npx tsx scripts/bench/stockBench.ts\`).`,
    '',
    `Checkout sessions per second through the route (\`app.inject\`), ${CONCURRENCY} in flight, ${DURATION_MS / 1000} s per round, on a Firestore emulator:`,
    '',
    '| round | sessions/s | vs without | p50 | p99 | sessions |',
    '|---|--:|--:|--:|--:|--:|',
    ...rounds.map(
      (r) =>
        `| ${r.name} | ${r.sessionsPerSecond} | ${(r.sessionsPerSecond / base).toFixed(2)} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.sessions} |`,
    ),
    '',
    'Firestore reads the live stock adds, per page (documents read, as billed):',
    '',
    '| page | reads |',
    '|---|--:|',
    ...reads.map((row) => `| ${row.page} | ${row.reads} |`),
  ].join('\n');
}

await runScript(import.meta.url, 'bench:stock', async () => {
  const figures = await benchStock();
  const section = stockSection(figures);
  console.log(section);
  writeDocSection('stock', section);
});
