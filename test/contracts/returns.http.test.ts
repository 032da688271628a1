// @vitest-environment node
// The storefront's HTTP ReturnsPort contract, run against the real backend (server/app.ts, in-memory store)
// listening on a free loopback port.
import type { FastifyInstance } from 'fastify';
import ky from 'ky';
import { afterAll } from 'vitest';
import { createHttpReturns } from '../../src/adapters/returns/httpReturns';
import type { Fulfilment } from '../../src/domain/fulfilment';
import { findFreePort } from '../../scripts/lib/emulators';
import { buildTestServer, emulatorIdToken } from '../server/support';
import type { CheckoutStore } from '../../server/store/sessionStorePort';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { testReturnsPort } from './returns.contract';

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ANA = { uid: 'ana-uid', email: 'ana@example.com' };

const orderOf = (id: string, uid: string, fulfilment: Fulfilment) => ({
  id,
  provider: 'simulated' as const,
  uid,
  email: null,
  lineItems: [{ productId: 'bone-branco', name: 'Boné Branco', unitAmount: 5990, quantity: 1 }],
  amountTotal: 5990,
  currency: 'brl' as const,
  delivery: null,
  paymentMethod: 'pix' as const,
  paidAt: fulfilment.history[0]!.at,
  fulfilment,
});

testReturnsPort(
  'createHttpReturns → the real backend (Fastify on loopback)',
  async ({ scenario, mine, others, now }) => {
    const memory = createMemoryStore();
    for (const [id, fulfilment] of Object.entries(mine)) await memory.recordOrder(orderOf(id, ANA.uid, fulfilment));
    for (const [id, fulfilment] of Object.entries(others))
      await memory.recordOrder(orderOf(id, 'bruno-uid', fulfilment));
    // A programming error deep inside answers 500 JSON; a slow store, no answer within the adapter's deadline.
    const store: CheckoutStore =
      scenario === 'server-error'
        ? { ...memory, getOrder: () => Promise.reject(new TypeError('x is undefined')) }
        : scenario === 'timeout'
          ? { ...memory, getOrder: async (id) => (await delay(3_000), memory.getOrder(id)) }
          : memory;
    const app = await buildTestServer({ store, now: () => now });
    const received: Array<{ orderId: string; reason: string }> = [];
    app.addHook('preHandler', async (request) => {
      const { id } = request.params as { id?: string };
      if (id !== undefined) received.push({ orderId: id, reason: (request.body as { reason: string }).reason });
    });
    apps.push(app);
    const base =
      scenario === 'network-down'
        ? `http://127.0.0.1:${await findFreePort()}`
        : await app.listen({ port: 0, host: '127.0.0.1' });
    const returns = createHttpReturns({
      http: ky.create({ prefixUrl: base }),
      idToken: async () => (scenario === 'signed-out' ? null : emulatorIdToken(ANA)),
      // Long enough for a first request on a loaded machine; the 'timeout' store answers after 3 s.
      timeoutMs: 1_500,
    });
    return { returns, received: () => received };
  },
);
