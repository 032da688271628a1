// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import type { CatalogPort } from '../../src/adapters/catalog/catalogPort';
import { buildServer, CHECKOUT_ROUTE, type ServerDeps } from '../../server/app';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { PaymentProviderError, type CheckoutRequest, type PaymentProvider } from '../../server/payments/paymentsPort';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { aCartItem, aCategory, aProduct } from '../support/builders';
import { emulatorIdToken, fakeTokenVerifier } from './support';

const STOREFRONT = 'http://localhost:4321';
const jaqueta = aProduct().withId('jaqueta-couro').withName('Jaqueta de Couro Preta').withPrice(499.9).build();
const bone = aProduct().withId('bone-branco').withName('Boné Branco').withPrice(60).build();
const categories = [
  aCategory().withId('jackets').withProducts([jaqueta]).build(),
  aCategory().withId('hats').withProducts([bone]).build(),
];
const token = emulatorIdToken({ uid: 'ana-uid', email: 'ana@example.com' });

function recording(provider: PaymentProvider) {
  const requests: CheckoutRequest[] = [];
  return {
    requests,
    provider: {
      ...provider,
      createCheckoutSession: (request) => (requests.push(request), provider.createCheckoutSession(request)),
    } satisfies PaymentProvider,
  };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setup(overrides: Partial<ServerDeps> = {}) {
  const store = createMemoryStore();
  const payments = recording(createSimulatedProvider({ publicUrl: 'http://backend.test' }));
  let catalogReads = 0;
  const inner = memoryCatalog(categories);
  const catalog: CatalogPort = {
    listCategories: () => (catalogReads++, inner.listCategories()),
    getCategory: (id) => inner.getCategory(id),
  };
  const verifier = fakeTokenVerifier();
  app = await buildServer({
    storefrontUrl: STOREFRONT,
    catalog,
    catalogCacheTtlMs: 60_000,
    payments: payments.provider,
    store,
    verifier,
    logger: false,
    ...overrides,
  });
  const post = (payload: string | object, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
    app!.inject({
      method: 'POST',
      url: CHECKOUT_ROUTE,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  return { store, payments, post, verifier, catalogReads: () => catalogReads };
}

const line = (id: string, quantity: unknown) => ({ id, quantity });
const fullCartLine = (i: number) => aCartItem({ id: `produto-${i}`, quantity: 1 }).build();

describe('POST /create-checkout-session', () => {
  it('answers { url } and prices every line from the catalog, in centavos', async () => {
    const { post, payments, store } = await setup();
    const response = await post({ products: [{ ...jaqueta, quantity: 2 }, line('bone-branco', 1)] });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/backend\.test\/pay\/cs_sim_[A-Za-z0-9_-]+$/);
    expect(payments.requests).toHaveLength(1);
    const request = payments.requests[0]!;
    expect(request.lineItems).toEqual([
      { productId: 'jaqueta-couro', name: 'Jaqueta de Couro Preta', unitAmount: 49990, quantity: 2 },
      { productId: 'bone-branco', name: 'Boné Branco', unitAmount: 6000, quantity: 1 },
    ]);
    expect(request.currency).toBe('brl');
    expect(request.customer).toEqual({ uid: 'ana-uid', email: 'ana@example.com' });
    expect(request.successUrl).toBe(`${STOREFRONT}/payment-confirmation?success=true&session_id={CHECKOUT_SESSION_ID}`);
    expect(request.cancelUrl).toBe(`${STOREFRONT}/payment-confirmation?canceled=true`);
    expect(request.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const [session] = [...store.sessions.values()];
    expect(session).toMatchObject({
      status: 'open',
      uid: 'ana-uid',
      amountTotal: 2 * 49990 + 6000,
      provider: 'simulated',
    });
    expect(session!.successUrl).toBe(`${STOREFRONT}/payment-confirmation?success=true&session_id=${session!.id}`);
  });

  it('ignores a tampered client price: the provider gets the catalog price', async () => {
    const { post, payments } = await setup();
    const tampered = { ...jaqueta, price: 0.01, name: 'Grátis', quantity: 1 };
    const response = await post({ products: [tampered] });
    expect(response.statusCode).toBe(200);
    expect(payments.requests[0]!.lineItems).toEqual([
      { productId: 'jaqueta-couro', name: 'Jaqueta de Couro Preta', unitAmount: 49990, quantity: 1 },
    ]);
  });

  it('gives each request its own idempotency key', async () => {
    const { post, payments } = await setup();
    await post({ products: [line('bone-branco', 1)] });
    await post({ products: [line('bone-branco', 1)] });
    expect(payments.requests[0]!.idempotencyKey).not.toBe(payments.requests[1]!.idempotencyKey);
  });

  it('reads the catalog once while the cache is warm', async () => {
    const { post, catalogReads } = await setup();
    for (let i = 0; i < 5; i++) expect((await post({ products: [line('bone-branco', 1)] })).statusCode).toBe(200);
    expect(catalogReads()).toBe(1);
  });

  const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
  const badInputs: Array<{
    name: string;
    payload: string | object;
    headers?: Record<string, string>;
    status: number;
    code: string;
  }> = [
    { name: 'malformed JSON', payload: '{"products": [', status: 400, code: 'invalid_body' },
    { name: 'a JSON array instead of an object', payload: '[]', status: 400, code: 'invalid_body' },
    { name: 'no products field', payload: {}, status: 400, code: 'invalid_body' },
    { name: 'an empty list', payload: { products: [] }, status: 400, code: 'invalid_body' },
    {
      name: 'an unknown product id',
      payload: { products: [line('nao-existe', 1)] },
      status: 400,
      code: 'unknown_product',
    },
    { name: 'an empty product id', payload: { products: [line('', 1)] }, status: 400, code: 'invalid_body' },
    { name: 'quantity 0', payload: { products: [line('bone-branco', 0)] }, status: 400, code: 'invalid_body' },
    { name: 'quantity -1', payload: { products: [line('bone-branco', -1)] }, status: 400, code: 'invalid_body' },
    { name: 'quantity 1.5', payload: { products: [line('bone-branco', 1.5)] }, status: 400, code: 'invalid_body' },
    { name: 'quantity 10^9', payload: { products: [line('bone-branco', 1e9)] }, status: 400, code: 'invalid_body' },
    {
      name: 'quantity 100 (one over the limit)',
      payload: { products: [line('bone-branco', 100)] },
      status: 400,
      code: 'invalid_body',
    },
    {
      name: 'quantity as a string',
      payload: { products: [line('bone-branco', '2')] },
      status: 400,
      code: 'invalid_body',
    },
    {
      name: 'the same product twice',
      payload: { products: [line('bone-branco', 1), line('bone-branco', 2)] },
      status: 400,
      code: 'invalid_body',
    },
    {
      name: 'a 101-character product id',
      payload: { products: [line('x'.repeat(101), 1)] },
      status: 400,
      code: 'invalid_body',
    },
    { name: 'a line that is not an object', payload: { products: [5] }, status: 400, code: 'invalid_body' },
    {
      name: 'a line without a quantity',
      payload: { products: [{ id: 'bone-branco' }] },
      status: 400,
      code: 'invalid_body',
    },
    {
      name: '101 lines (one over the limit)',
      payload: { products: Array.from({ length: 101 }, (_, i) => line(`p-${i}`, 1)) },
      status: 400,
      code: 'invalid_body',
    },
    {
      name: '10,000 lines',
      payload: { products: Array.from({ length: 10_000 }, (_, i) => fullCartLine(i)) },
      status: 413,
      code: 'payload_too_large',
    },
    {
      name: '10,000 minimal lines',
      payload: { products: Array.from({ length: 10_000 }, (_, i) => line(`p${i}`, 1)) },
      status: 413,
      code: 'payload_too_large',
    },
    {
      name: 'a text/plain body',
      payload: 'products',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      status: 400,
      code: 'invalid_body',
    },
    {
      name: 'an XML body',
      payload: '<products/>',
      headers: { ...bearer(token), 'content-type': 'application/xml' },
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a missing token',
      payload: { products: [line('bone-branco', 1)] },
      headers: {},
      status: 401,
      code: 'unauthenticated',
    },
    {
      name: 'a Basic scheme',
      payload: { products: [line('bone-branco', 1)] },
      headers: { authorization: 'Basic YW5hOnNlbmhh' },
      status: 401,
      code: 'unauthenticated',
    },
    {
      name: 'a forged (garbage) token',
      payload: { products: [line('bone-branco', 1)] },
      headers: bearer('eyJhbGciOi.forged.token'),
      status: 401,
      code: 'unauthenticated',
    },
    {
      name: "another project's token",
      payload: { products: [line('bone-branco', 1)] },
      headers: bearer(emulatorIdToken({ uid: 'x', projectId: 'evil-project' })),
      status: 401,
      code: 'unauthenticated',
    },
    {
      name: 'an expired token',
      payload: { products: [line('bone-branco', 1)] },
      headers: bearer(emulatorIdToken({ uid: 'x', issuedAt: Math.floor(Date.now() / 1000) - 7200 })),
      status: 401,
      code: 'unauthenticated',
    },
    {
      name: 'a missing token with 10,000 lines (rejected before the body is read)',
      payload: { products: Array.from({ length: 10_000 }, (_, i) => fullCartLine(i)) },
      headers: {},
      status: 401,
      code: 'unauthenticated',
    },
  ];

  it.each(badInputs)(
    'rejects $name with $status $code and records nothing',
    async ({ payload, headers, status, code }) => {
      const { post, payments, store } = await setup();
      const response = await post(payload, headers);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json<{ error: { code: string; message: string } }>();
      expect(body).toEqual({ error: { code, message: expect.any(String) } });
      expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
      expect(payments.requests).toHaveLength(0);
      expect(store.sessions.size).toBe(0);
      expect(store.orders.size).toBe(0);
    },
  );

  // The messages are written out here, not read from server/routes/checkout.ts: the shopper-facing text is the oracle.
  const explained: Array<{ name: string; payload: string | object; message: string }> = [
    { name: 'not an object', payload: '[]', message: 'O corpo deve ser { "products": [...] }.' },
    { name: 'no products', payload: {}, message: 'O pedido deve ter de 1 a 100 produtos.' },
    {
      name: '101 lines',
      payload: { products: Array.from({ length: 101 }, (_, i) => line(`p-${i}`, 1)) },
      message: 'O pedido deve ter de 1 a 100 produtos.',
    },
    {
      name: 'quantity 100 on the 3rd line',
      payload: { products: [line('a', 1), line('b', 1), line('c', 100)] },
      message: 'Quantidade inválida no item 3: use um inteiro de 1 a 99.',
    },
    {
      name: 'quantity "2"',
      payload: { products: [line('bone-branco', '2')] },
      message: 'Quantidade inválida no item 1: use um inteiro de 1 a 99.',
    },
    {
      name: 'an empty id on the 2nd line',
      payload: { products: [line('a', 1), line('', 1)] },
      message: 'Produto inválido no item 2.',
    },
    { name: 'a line that is a string', payload: { products: ['bone-branco'] }, message: 'Item 1 inválido.' },
    {
      name: 'a repeated id',
      payload: { products: [line('bone-branco', 1), line('bone-branco', 2)] },
      message: 'Produto repetido no pedido: bone-branco.',
    },
    { name: 'malformed JSON', payload: '{"products": [', message: 'O corpo não é um JSON válido.' },
  ];

  it.each(explained)('explains $name in pt-BR', async ({ payload, message }) => {
    const { post } = await setup();
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_body', message } });
  });

  it('answers 502 when the provider fails, with no detail leaked and nothing stored', async () => {
    const store = createMemoryStore();
    const failing: PaymentProvider = {
      name: 'stripe',
      createCheckoutSession: async () => {
        throw new PaymentProviderError('StripeAPIError: sk_live_secret detail');
      },
      refund: async () => {
        throw new PaymentProviderError('not asked for by a checkout');
      },
      expireCheckoutSession: async () => 'expired',
    };
    const { post } = await setup({ payments: failing, store });
    const response = await post({ products: [line('bone-branco', 1)] });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: { code: 'payment_provider_error', message: expect.any(String) } });
    expect(response.body).not.toContain('sk_live');
    expect(store.sessions.size).toBe(0);
  });

  it('answers 500 JSON without a stack trace on an unexpected error', async () => {
    const { post } = await setup({
      catalog: {
        listCategories: () => Promise.reject(new TypeError('boom at secret.ts:12')),
        getCategory: () => Promise.reject(new Error('x')),
      },
    });
    const response = await post({ products: [line('bone-branco', 1)] });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: 'Erro interno.' } });
  });

  it('answers 404 JSON for an unknown route', async () => {
    await setup();
    const response = await app!.inject({ method: 'GET', url: '/wp-admin?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Rota não encontrada: GET /wp-admin' } });
  });

  it('limits requests per IP with 429 JSON', async () => {
    const { post } = await setup({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post({ products: [line('bone-branco', 1)] })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await post({ products: [line('bone-branco', 1)] });
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/Muitas requisições/) },
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts every request, forged tokens included: the limit runs before the token check', async () => {
    const { post, verifier } = await setup({ rateLimit: { max: 5, timeWindowMs: 60_000 } });
    const forged = { authorization: `Bearer ${emulatorIdToken({ uid: 'mallory', projectId: 'someone-else' })}` };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post({ products: [line('bone-branco', 1)] }, forged)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(verifier.calls).toBe(5); // the 6th never reached the verifier
    // Unknown routes count too.
    expect((await app!.inject({ method: 'GET', url: '/wp-admin' })).statusCode).toBe(429);
  });
});
