// @vitest-environment node
// The storefront's HTTP CheckoutPort contract, run against this real backend listening on loopback.
import type { FastifyInstance } from 'fastify';
import ky from 'ky';
import { afterAll } from 'vitest';
import { createHttpCheckout } from '../../src/adapters/checkout/httpCheckout';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import type { CatalogPort } from '../../src/adapters/catalog/catalogPort';
import { findFreePort } from '../../scripts/lib/emulators';
import { buildServer, CHECKOUT_ROUTE } from '../../server/app';
import { createSimulatedProvider } from '../../server/payments/simulated';
import type { PaymentProvider } from '../../server/payments/paymentsPort';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { testCheckoutPort, type CheckoutScenario } from '../contracts/checkout.contract';
import { aCategory, aProduct } from '../support/builders';
import { emulatorIdToken, fakeTokenVerifier } from './support';

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

const catalog = memoryCatalog([
  aCategory()
    .withProducts([
      aProduct().withId('jaqueta-couro').withPrice(500).build(),
      aProduct().withId('bone-branco').withPrice(59.9).build(),
    ])
    .build(),
]);
// A programming error deep inside: the backend answers 500 JSON.
const brokenCatalog: CatalogPort = {
  listCategories: () => Promise.reject(new TypeError('x is undefined')),
  getCategory: () => Promise.reject(new TypeError('x')),
};
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

testCheckoutPort('createHttpCheckout → the real backend (Fastify on loopback)', async (scenario: CheckoutScenario) => {
  const simulated = createSimulatedProvider({ publicUrl: 'http://127.0.0.1:5999' });
  const payments: PaymentProvider =
    scenario === 'timeout'
      ? {
          ...simulated,
          createCheckoutSession: async (request) => (await delay(3_000), simulated.createCheckoutSession(request)),
        }
      : scenario === 'answer-without-url'
        ? { ...simulated, createCheckoutSession: async () => ({ id: 'cs_sim_nourl000000', url: '' }) }
        : simulated;
  const app = await buildServer({
    storefrontUrl: 'http://localhost:1234',
    catalog: scenario === 'server-error' ? brokenCatalog : catalog,
    catalogCacheTtlMs: 60_000,
    payments,
    store: createMemoryStore(),
    verifier: fakeTokenVerifier(),
    logger: false,
  });
  const received: unknown[][] = [];
  const keys: (string | null)[] = [];
  const deliveries: unknown[] = [];
  let seeding = false;
  app.addHook('preHandler', async (request) => {
    if (request.url !== CHECKOUT_ROUTE || seeding) return;
    received.push((request.body as { products: unknown[] }).products);
    const key = request.headers['idempotency-key'];
    keys.push(typeof key === 'string' ? key : null);
    deliveries.push((request.body as { delivery?: unknown }).delivery ?? null);
  });
  apps.push(app);
  if (scenario === 'conflict') {
    // The key 'attempt-1' already created a session for another cart: reusing it for this one is a 409.
    seeding = true;
    const first = await app.inject({
      method: 'POST',
      url: CHECKOUT_ROUTE,
      headers: {
        authorization: `Bearer ${emulatorIdToken({ uid: 'ana', email: 'ana@example.com' })}`,
        'idempotency-key': 'attempt-1',
      },
      payload: { products: [{ id: 'bone-branco', name: 'Boné', imageUrl: '/i.svg', price: 59.9, quantity: 5 }] },
    });
    seeding = false;
    if (first.statusCode !== 200) throw new Error(`seeding the conflict: ${first.statusCode} ${first.body}`);
  }
  const base =
    scenario === 'network-down'
      ? `http://127.0.0.1:${await findFreePort()}`
      : await app.listen({ port: 0, host: '127.0.0.1' });
  const checkout = createHttpCheckout({
    http: ky.create({ prefixUrl: base }),
    idToken: async () => (scenario === 'signed-out' ? null : emulatorIdToken({ uid: 'ana', email: 'ana@example.com' })),
    // Long enough for a first request on a loaded machine (300 ms flaked at a load average of 10–20 with two
    // workers); the 'timeout' scenario answers after 3 s, so it still ends in a timeout.
    timeoutMs: 1_500,
  });
  return { checkout, received: () => received, keys: () => keys, deliveries: () => deliveries };
});
