// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CHECKOUT_ROUTE } from '../../server/app';
import { escapeHtml } from '../../src/domain/escapeHtml';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { StoreUnavailableError } from '../../server/store/sessionStorePort';
import { aCategory, aProduct } from '../support/builders';
import { buildTestServer, emulatorIdToken, formBody, openPayPage, SAO_PAULO_DELIVERY } from './support';

const STOREFRONT = 'http://localhost:4321';
const vestido = aProduct().withId('vestido').withName('Vestido <b>Vermelho</b> & "Cia"').withPrice(89.9).build();
const gorro = aProduct().withId('gorro').withName('Gorro Vermelho').withPrice(1234.5).build();
const token = emulatorIdToken({ uid: 'bia', email: 'bia@example.com' });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A session whose Entrega step is done (São Paulo, Econômica: free from R$ 299,00, so the total is the products'). */
async function withSession(now: { value: number } = { value: Date.now() }) {
  const store = createMemoryStore();
  app = await buildTestServer({
    storefrontUrl: STOREFRONT,
    catalog: memoryCatalog([aCategory().withProducts([vestido, gorro]).build()]),
    store,
    sessionTtlMs: 30 * 60_000,
    now: () => now.value,
  });
  const { path, sessionId, press } = await openPayPage(app, token, {
    products: [
      { id: 'vestido', quantity: 2 },
      { id: 'gorro', quantity: 1 },
    ],
  });
  const delivered = await press('entrega', formBody(SAO_PAULO_DELIVERY));
  expect(delivered.statusCode).toBe(303);
  expect(delivered.headers.location).toBe(path);
  return { store, path, sessionId, press, now };
}

describe('simulated payment page /pay/:sessionId', () => {
  it('shows the items and the total in R$, escaped, in pt-BR, with the three buttons as POST forms', async () => {
    const { path } = await withSession();
    const page = await app!.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="pt-BR">');
    expect(page.body).toContain(escapeHtml('Vestido <b>Vermelho</b> & "Cia"'));
    expect(page.body).not.toContain('<b>Vermelho</b>');
    expect(page.body).toContain('R$\u00a089,90');
    expect(page.body).toContain('R$\u00a0179,80');
    expect(page.body).toContain('R$\u00a01.414,30'); // 2 × 89,90 + 1.234,50
    expect(page.body).toContain('<td class="num" data-testid="frete">Grátis</td>'); // Econômica, products over R$ 299,00
    expect(page.body).toContain('<td class="num" data-testid="total">R$\u00a01.414,30</td>');
    for (const colour of ['#212529', '#F8F9FA', '#343A40', '#E9ECEF', '#198754', '#FF6A6A'])
      expect(page.body).toContain(colour);
    for (const [action, label] of [
      ['pay', 'Pagar'],
      ['cancel', 'Cancelar'],
      ['decline', 'Simular cartão recusado'],
    ]) {
      expect(page.body).toMatch(
        new RegExp(
          `<form action="${path}/${action}" method="post"><button type="submit" class="\\w+">${label}</button>`,
        ),
      );
    }
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${STOREFRONT}`);
  });

  it('Pagar records one order and redirects to success_url with the session id, even when pressed twice', async () => {
    const { press, store, sessionId } = await withSession();
    const first = await press('pay');
    const second = await press('pay');
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${STOREFRONT}/payment-confirmation?success=true&session_id=${sessionId}`);
    }
    expect([...store.orders.values()]).toEqual([
      expect.objectContaining({
        id: sessionId,
        uid: 'bia',
        email: 'bia@example.com',
        amountTotal: 141430,
        currency: 'brl',
        provider: 'simulated',
        delivery: expect.objectContaining({
          service: 'economica',
          amount: 0,
          address: expect.objectContaining({ recipient: 'Bia Lima', cep: '01310100', uf: 'SP' }),
        }),
      }),
    ]);
    const again = await app!.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('Pagamento já realizado');
    const cancelAfterPay = await press('cancel');
    expect(cancelAfterPay.statusCode).toBe(409);
    expect(store.sessions.get(sessionId)!.status).toBe('paid');
  });

  it('Cancelar redirects to cancel_url and records no order', async () => {
    const { press, store, sessionId } = await withSession();
    const response = await press('cancel');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${STOREFRONT}/payment-confirmation?canceled=true`);
    expect(store.orders.size).toBe(0);
    expect((await press('pay')).statusCode).toBe(409);
    expect(store.orders.size).toBe(0);
    expect(store.sessions.get(sessionId)!.status).toBe('canceled');
  });

  it('a declined card redirects to success=false and records no order', async () => {
    const { press, store } = await withSession();
    const response = await press('decline');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${STOREFRONT}/payment-confirmation?success=false`);
    expect(store.orders.size).toBe(0);
  });

  it('an expired session cannot be paid', async () => {
    const now = { value: Date.now() };
    const { press, path, store } = await withSession(now);
    now.value += 31 * 60_000;
    const page = await app!.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Sessão expirada');
    expect((await press('pay')).statusCode).toBe(409);
    expect(store.orders.size).toBe(0);
  });

  it.each(['/pay/cs_sim_doesnotexist000', '/pay/..%2F..%2Fetc', '/pay/%3Cscript%3E'])(
    'an unknown session (%s) shows a clear page with a link back',
    async (url) => {
      await withSession();
      for (const response of [
        await app!.inject({ method: 'GET', url }),
        await app!.inject({
          method: 'POST',
          url: `${url}/pay`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).toContain('Pagamento não encontrado');
        expect(response.body).toContain(`<a class="button" href="${STOREFRONT}/">Voltar para a loja</a>`);
        expect(response.body).not.toContain('<script>');
      }
    },
  );

  it.each(['refund', 'constructor', 'toString', '__proto__'])(
    'an unknown action (%s) is a 404 and changes nothing',
    async (action) => {
      const { path, store, sessionId } = await withSession();
      const response = await app!.inject({
        method: 'POST',
        url: `${path}/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Pagamento não encontrado');
      expect(store.sessions.get(sessionId)!.status).toBe('open');
      expect(store.orders.size).toBe(0);
    },
  );
});

describe('a real listening server', () => {
  it('serves CORS only for the storefront origin, security headers, and JSON errors over HTTP', async () => {
    await withSession();
    const base = await app!.listen({ port: 0, host: '127.0.0.1' });
    const preflight = (origin: string) =>
      fetch(`${base}${CHECKOUT_ROUTE}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight(STOREFRONT);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const evil = await preflight('http://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();

    const response = await fetch(`${base}${CHECKOUT_ROUTE}`, {
      method: 'POST',
      headers: { origin: STOREFRONT, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ products: [{ id: 'gorro', quantity: 3, price: 1 }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeTruthy();
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(await response.json()).toEqual({ url: expect.stringMatching(/^http:\/\/backend\.test\/pay\/cs_sim_/) });

    const broken = await fetch(`${base}${CHECKOUT_ROUTE}`, {
      method: 'POST',
      headers: { origin: STOREFRONT, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"products":',
    });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('access-control-allow-origin')).toBe(STOREFRONT); // the storefront can read the error
    const anonymous = await fetch(`${base}${CHECKOUT_ROUTE}`, {
      method: 'POST',
      headers: { origin: STOREFRONT, 'content-type': 'application/json' },
      body: JSON.stringify({ products: [{ id: 'gorro', quantity: 1 }] }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(await broken.json()).toEqual({ error: { code: 'invalid_body', message: expect.any(String) } });
  });
});

describe('security headers', () => {
  // Helmet 8's default set plus the page's CSP, written out here (not read from server/plugins/securityHeaders.ts).
  const expected = {
    'content-security-policy': `default-src 'none';style-src 'unsafe-inline';img-src 'self' data:;form-action 'self' ${STOREFRONT};base-uri 'none';frame-ancestors 'none'`,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('are on every answer: the API, its errors, the payment page and an unknown route', async () => {
    const { path } = await withSession();
    const answers = [
      await app!.inject({
        method: 'POST',
        url: CHECKOUT_ROUTE,
        headers: { authorization: `Bearer ${token}` },
        payload: { products: [{ id: 'gorro', quantity: 1 }] },
      }),
      await app!.inject({ method: 'POST', url: CHECKOUT_ROUTE, payload: { products: [] } }),
      await app!.inject({ method: 'GET', url: path }),
      await app!.inject({ method: 'GET', url: '/nada' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 404]);
    for (const answer of answers) expect(answer.headers).toMatchObject(expected);
  });
});

describe('payment page when the store is down', () => {
  it('shows a pt-BR 503 page, not JSON', async () => {
    const store = createMemoryStore();
    app = await buildTestServer({
      storefrontUrl: STOREFRONT,
      catalog: memoryCatalog([aCategory().withProducts([vestido]).build()]),
      store: { ...store, getSession: () => Promise.reject(new StoreUnavailableError('deadline exceeded')) },
    });
    const response = await app.inject({ method: 'GET', url: '/pay/cs_sim_abcdefghijklmnop' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Serviço indisponível');
    expect(response.body).not.toContain('deadline exceeded');
  });
});
