// `tsx scripts/bench/reservation.ts`: checkout sessions per second with stock reservations beside the same route
// without them, in one run, on the Firestore emulator (docs/requirements.md#stock). The backend of server/app.ts
// in this process (requests through `app.inject`: no sockets, the route and the store only), the simulated
// provider, the Firestore checkout store, a token verifier that trusts the token (the real one is cached anyway),
// an Idempotency-Key on every request as the storefront sends it. Three rounds, each BENCH_DURATION seconds
// (default 8) with BENCH_CONCURRENCY requests in flight (default 20):
//   without      openSession is a plain write of the checkout document (what the route did before stock);
//   reserving    one transaction reads each line's product and takes its units, carts spread over 40 products;
//   one product  the same, every cart for one product (the last-units rush: reservations take turns).
// FIRESTORE_EMULATOR_HOST=<host:port> uses a running emulator instead of starting one.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import type { Product } from '../../src/domain';
import { buildServer, CHECKOUT_ROUTE } from '../../server/app';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createFirestoreStore } from '../../server/store/firestoreSessionStore';
import type { CheckoutStore } from '../../server/store/sessionStorePort';
import { DEFAULT_PROJECT_ID, startEmulators } from '../lib/emulators';
import { runScript } from '../lib/cli';

export const DURATION_MS = Number(process.env.BENCH_DURATION ?? 8) * 1000;
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const PRODUCTS = 40;

const products: Product[] = Array.from({ length: PRODUCTS }, (_, i) => ({
  id: `bench-produto-${i}`,
  name: `Produto ${i}`,
  imageUrl: '/images/camiseta-branca.svg',
  price: 59.9 + i,
}));

export interface RoundFigures {
  name: string;
  sessionsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  sessions: number;
  refused: number;
}

async function round(
  name: string,
  store: CheckoutStore,
  cartOf: (i: number) => Array<{ id: string; quantity: number }>,
): Promise<RoundFigures> {
  const app = await buildServer({
    storefrontUrl: 'http://localhost:1234',
    catalog: memoryCatalog([{ id: 'bench', name: 'bench', displayName: 'Bench', imageUrl: '/x.svg', products }]),
    catalogCacheTtlMs: 600_000,
    payments: createSimulatedProvider({ publicUrl: 'http://127.0.0.1:5000' }),
    store,
    verifier: { verify: async (token) => ({ uid: token, email: `${token}@example.com` }) },
    rateLimit: false,
    logger: false,
    checkoutStoreDeadlineMs: 30_000,
  });
  const latencies: number[] = [];
  let refused = 0;
  let sent = 0;
  const post = (i: number) =>
    app.inject({
      method: 'POST',
      url: CHECKOUT_ROUTE,
      headers: { authorization: `Bearer shopper-${i % 500}`, 'idempotency-key': `bench-${randomUUID()}` },
      payload: { products: cartOf(i) },
    });
  await post(0); // the price book's first read, out of the measurement
  const started = performance.now();
  const worker = async () => {
    while (performance.now() - started < DURATION_MS) {
      const i = sent++;
      const at = performance.now();
      const response = await post(i);
      latencies.push(performance.now() - at);
      if (response.statusCode !== 200) refused++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  await app.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const sessions = latencies.length - refused;
  return {
    name,
    sessionsPerSecond: Math.round(sessions / elapsedS),
    p50Ms: Math.round(at(0.5)),
    p99Ms: Math.round(at(0.99)),
    sessions,
    refused,
  };
}

export async function benchReservation(firestore: Firestore): Promise<RoundFigures[]> {
  // Enough units that no round runs out: a refusal would be cheaper than a checkout and flatter the figures.
  await Promise.all(products.map((product) => firestore.doc(`products/${product.id}`).set({ stock: 1_000_000 })));
  const reserving = createFirestoreStore({ firestore });
  // The route as it was before stock: the checkout document written as it is, nothing read, nothing reserved.
  const plain: CheckoutStore = {
    ...reserving,
    openSession: async (session) => {
      await reserving.saveSession({ ...session, reserved: [] });
      return { kind: 'opened', session: { ...session, reserved: [] } };
    },
  };
  // Two lines, two different products (i and i + 1 + i mod 7, never the same id), spread over the 40.
  const spread = (i: number) => [
    { id: products[i % PRODUCTS]!.id, quantity: 1 },
    { id: products[(i + 1 + (i % 7)) % PRODUCTS]!.id, quantity: 2 },
  ];
  const results: RoundFigures[] = [];
  results.push(await round('without', plain, spread));
  results.push(await round('reserving', reserving, spread));
  results.push(await round('one product', reserving, () => [{ id: products[0]!.id, quantity: 1 }]));
  return results;
}

await runScript(import.meta.url, 'bench:reservation', async () => {
  const running = process.env.FIRESTORE_EMULATOR_HOST
    ? null
    : await startEmulators({ only: ['firestore'], projectId: DEFAULT_PROJECT_ID });
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? running!.firestoreHost;
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: DEFAULT_PROJECT_ID }, `bench-reservation-${process.pid}`);
  const firestore = getFirestore(app);
  firestore.settings({ host, ssl: false });
  try {
    const results = await benchReservation(firestore);
    const base = results[0]!.sessionsPerSecond;
    console.log(
      `checkout sessions per second, ${CONCURRENCY} in flight, ${DURATION_MS / 1000} s each, Firestore emulator at ${host}; ` +
        `Node ${process.versions.node}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log('round        sessions/s  vs without  p50 ms  p99 ms  sessions  refused');
    for (const r of results)
      console.log(
        `${r.name.padEnd(12)} ${String(r.sessionsPerSecond).padStart(10)}  ${(r.sessionsPerSecond / base).toFixed(2).padStart(10)}  ${String(r.p50Ms).padStart(6)}  ${String(r.p99Ms).padStart(6)}  ${String(r.sessions).padStart(8)}  ${String(r.refused).padStart(7)}`,
      );
  } finally {
    await firestore.terminate();
    await deleteApp(app);
    await running?.stop();
  }
});
