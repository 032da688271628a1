// `npx tsx scripts/bench/render.ts [--dist <built dist>]`: latency of a product page rendered on request
// (server/routes/pages.ts) over a Firestore emulator holding the seed catalog in the products-collection shape, 200 requests
// one at a time with autocannon (in this process, on loopback): without the in-memory page cache, then with it
// (every request after the first a hit), and the render alone over the same documents in memory (no Firestore). Without --dist, the seed catalog is prerendered into a temporary folder
// over a Parcel-like shell for the app shell and 404 page (the render does not depend on the bundles).
// `measureRenderOnRequest` is the same measurement over any Firestore and build (the catalog-scale bench uses it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Firestore } from 'firebase-admin/firestore';
import { catalog } from '../../seed/seedCatalog';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { buildServer } from '../../server/app';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createFirestorePageSource, memoryPageSource, type PageSource } from '../../server/render/pageSource';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { runScript } from '../lib/cli';
import { openFirestore } from '../lib/firestoreAdmin';
import { startEmulators } from '../lib/emulators';
import { prerenderSite } from '../prerender';

const REQUESTS = 200;
const SHELL =
  '<!DOCTYPE html><html lang=pt-BR><meta charset=utf-8><meta name=description content="Club Clothing."><title>Club Clothing</title><body><div id=root></div><script type=module src=/main.1234abcd.js></script>';

export interface RenderFigures {
  label: string;
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  failed: number;
  /** 1-minute load average when the requests started. */
  load: number;
}

/**
 * `/product/<productId>` served by the backend's on-request renderer over `firestore`, filling `distDir`'s app
 * shell: `requests` requests one at a time after 5 warm-up ones, with the page cache off (`ttlMs` 0) or on.
 */
export async function measureRenderOnRequest({
  firestore,
  distDir,
  productId,
  ttlMs,
  label,
  source = createFirestorePageSource({ firestore }),
  requests = REQUESTS,
}: {
  firestore: Firestore;
  distDir: string;
  productId: string;
  ttlMs: number;
  label: string;
  source?: PageSource;
  requests?: number;
}): Promise<RenderFigures> {
  const app = await buildServer({
    storefrontUrl: 'http://localhost:1234',
    catalog: memoryCatalog(catalog),
    catalogCacheTtlMs: 60_000,
    payments: createSimulatedProvider({ publicUrl: 'http://127.0.0.1' }),
    store: createMemoryStore(),
    verifier: { verify: () => Promise.reject(new Error('unused')) },
    rateLimit: false,
    logger: { level: 'warn' },
    pages: { distDir, source, cache: { max: 500, ttlMs } },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/product/${productId}`;
    // Warm: the first render loads the app's modules and the lazy delivery chunk.
    for (let i = 0; i < 5; i += 1) await fetch(url).then((r) => r.text());
    const load = loadavg()[0]!;
    const result = await autocannon({ url, connections: 1, amount: requests });
    return {
      label,
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.average,
      requests: result.requests.total,
      failed: result.non2xx + result.errors,
      load,
    };
  } finally {
    await app.close();
  }
}

async function main() {
  const { values } = parseArgs({ options: { dist: { type: 'string' } } });
  const emulators = await startEmulators({ only: ['firestore'], projectId: 'demo-club-bench' });
  const firestore = openFirestore({ kind: 'emulator', projectId: emulators.projectId, host: emulators.firestoreHost });
  const temporary = values.dist ? null : mkdtempSync(join(tmpdir(), 'club-bench-render-'));
  try {
    const batch = firestore.db.batch();
    for (const category of catalog) {
      batch.set(firestore.db.collection('categories').doc(category.id), {
        ...category,
        products: category.products.slice(0, 24),
        productCount: category.products.length,
      });
      category.products.forEach((product, position) =>
        batch.set(firestore.db.collection('products').doc(product.id), {
          ...product,
          categoryId: category.id,
          position,
          searchName: product.name.toLowerCase(),
        }),
      );
    }
    await batch.commit();
    const distDir = values.dist ? resolve(values.dist) : temporary!;
    if (temporary) {
      writeFileSync(join(temporary, 'index.html'), SHELL);
      await prerenderSite({
        distDir: temporary,
        catalog: memoryCatalog(catalog),
        origin: 'http://localhost:1234',
        productLimit: 0,
      });
    }
    const product = catalog[2]!.products[3]!;
    const inMemory = memoryPageSource({
      categories: Object.fromEntries(
        (await firestore.db.collection('categories').get()).docs.map((doc) => [doc.id, doc.data()]),
      ),
      products: Object.fromEntries(
        (await firestore.db.collection('products').get()).docs.map((doc) => [doc.id, doc.data()]),
      ),
    });
    const common = { firestore: firestore.db, distDir, productId: product.id };
    for (const figures of [
      await measureRenderOnRequest({
        ...common,
        ttlMs: 0,
        label: `on request, no page cache (/product/${product.id})`,
      }),
      await measureRenderOnRequest({ ...common, ttlMs: 60_000, label: 'on request, page cache hit' }),
      await measureRenderOnRequest({
        ...common,
        ttlMs: 0,
        label: 'the render alone (documents in memory, no page cache)',
        source: inMemory,
      }),
    ]) {
      console.log(
        `${figures.label}: p50 ${figures.p50} ms, p99 ${figures.p99} ms, mean ${figures.mean} ms over ${figures.requests} requests (${figures.failed} failed); load ${figures.load.toFixed(2)} on ${cpus().length} cores, Node ${process.versions.node}`,
      );
    }
  } finally {
    await firestore.close();
    await emulators.stop();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
  process.exit(0);
}

await runScript(import.meta.url, 'bench render', main);
