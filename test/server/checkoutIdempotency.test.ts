// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildServer, CHECKOUT_ROUTE } from '../../server/app';
import { memoryCatalog } from '../../src/adapters/catalog/memory';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createMemoryStore } from '../../server/store/memory';
import { testIdempotentCheckout } from './idempotentCheckout.shared';
import { fakeTokenVerifier } from './support';

testIdempotentCheckout('memory store', async () => createMemoryStore());

describe('CORS', () => {
  it('allows the Idempotency-Key request header from the storefront', async () => {
    const app = await buildServer({
      storefrontUrl: 'http://localhost:4321',
      catalog: memoryCatalog([]),
      catalogCacheTtlMs: 60_000,
      payments: createSimulatedProvider({ publicUrl: 'http://backend.test' }),
      store: createMemoryStore(),
      verifier: fakeTokenVerifier(),
      logger: false,
    });
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: CHECKOUT_ROUTE,
      headers: { origin: 'http://localhost:4321', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization,idempotency-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/);
    await app.close();
  });
});
