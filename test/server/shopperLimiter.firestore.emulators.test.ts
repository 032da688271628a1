// @vitest-environment node
// The Firestore limiter on the emulator: its contract, then the point of it — two backend instances sharing one
// Firestore count one shopper's requests together.
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { buildServer, CHECKOUT_ROUTE } from '../../server/app';
import { createFirestoreShopperLimiter, RATE_LIMITS_COLLECTION } from '../../server/limits/firestoreLimiter';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { aCategory, aProduct } from '../support/builders';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulatorData';
import { testShopperLimiter } from './shopperLimiter.contract';
import { emulatorIdToken, fakeTokenVerifier, useAdminFirestore } from './support';

describe.skipIf(emulatorsUnavailable())('Firestore emulator: shopper limits', () => {
  const emulators = useEmulators();
  const db = useAdminFirestore(emulators, 'limits-test');

  testShopperLimiter('createFirestoreShopperLimiter', async () => createFirestoreShopperLimiter({ firestore: db() }));

  describe('two backend instances, one Firestore', () => {
    const apps: FastifyInstance[] = [];
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
    });

    it('N+1 checkouts of one shopper spread over both instances: exactly one 429', async () => {
      const bone = aProduct().withId('bone-branco').withPrice(60).build();
      const catalog = memoryCatalog([aCategory().withId('hats').withProducts([bone]).build()]);
      const max = 6;
      for (let i = 0; i < 2; i++) {
        apps.push(
          await buildServer({
            storefrontUrl: 'http://localhost:4321',
            catalog,
            catalogCacheTtlMs: 60_000,
            payments: createSimulatedProvider({ publicUrl: 'http://backend.test' }),
            store: createMemoryStore(),
            verifier: fakeTokenVerifier(),
            // Each instance has its own per-IP limiter; only the shared one may stop the shopper.
            rateLimit: { max: 1_000, timeWindowMs: 60_000 },
            shopperLimit: { limiter: createFirestoreShopperLimiter({ firestore: db() }), max, windowMs: 10 * 60_000 },
            logger: false,
          }),
        );
      }
      const uid = `shopper-${Date.now()}`;
      const token = emulatorIdToken({ uid, email: 'ana@example.com' });
      const post = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: CHECKOUT_ROUTE,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: JSON.stringify({ products: [{ id: 'bone-branco', quantity: 1 }] }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < max + 1; i++) statuses.push((await post(apps[i % 2]!)).statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
      expect(statuses.at(-1)).toBe(429);
      // A per-instance counter would have let 2 × max through: each instance saw at most 4 requests.
      const limited = await post(apps[0]!);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: { code: 'rate_limited', message: expect.stringMatching(/Muitas tentativas/) },
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another shopper is not affected.
      const other = emulatorIdToken({ uid: `${uid}-b` });
      const response = await apps[1]!.inject({
        method: 'POST',
        url: CHECKOUT_ROUTE,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${other}` },
        payload: JSON.stringify({ products: [{ id: 'bone-branco', quantity: 1 }] }),
      });
      expect(response.statusCode).toBe(200);
      const counters = await db().collection(RATE_LIMITS_COLLECTION).where('key', '==', uid).get();
      expect(counters.docs.map((d) => d.get('count'))).toEqual([max]);
    });
  });
});
