// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHECKOUT_ROUTE } from '../../server/app';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { testIdempotentCheckout } from './idempotentCheckout.shared';
import { buildTestServer } from './support';

testIdempotentCheckout('memory store', async () => createMemoryStore());

describe('CORS', () => {
  it('allows the Idempotency-Key request header from the storefront', async () => {
    const app = await buildTestServer();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: CHECKOUT_ROUTE,
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/);
    await app.close();
  });
});
