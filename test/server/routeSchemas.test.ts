// @vitest-environment node
// Every backend route declares its schemas, the pay page has one route per form, and what a route refuses comes
// back in its own language: a pt-BR page on the pay page (400, 413, 415, never 503), pt-BR JSON on the API.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { memoryProductSource } from '../../server/adapters/search/memorySource';
import { createProductSearch } from '../../server/adapters/search/productSearch';
import { memoryPageSource } from '../../server/render/pageSource';
import type { PaymentMethod, SessionOutcome, StoredSession } from '../../server/store/sessionStorePort';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { aCategory, aProduct } from '../support/builders';
import { buildTestServer, emulatorIdToken, formBody, openPayPage, RIO_DELIVERY } from './support';

const STOREFRONT = 'http://localhost:4321';
const vestido = aProduct().withId('vestido').withName('Vestido').withPrice(89.9).build();
const token = emulatorIdToken({ uid: 'bia', email: 'bia@example.com' });
const VALID_CPF = '529.982.247-25';
/** The pay page's forms, as the simulated provider's page posts them (docs/backend.md). */
const PAY_FORMS = ['entrega', 'pix', 'boleto', 'pay', 'cancel', 'decline', 'pix-paid', 'boleto-paid'];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function withSession({ address = true } = {}) {
  const store = createMemoryStore();
  app = await buildTestServer({
    storefrontUrl: STOREFRONT,
    catalog: memoryCatalog([aCategory().withId('female').withProducts([vestido]).build()]),
    store,
    rateLimit: false,
    stripeWebhook: { stripe: new Stripe('sk_test_x'), secret: 'whsec_test' },
  });
  const opened = await openPayPage(app, token, { products: [{ id: 'vestido', quantity: 1 }] });
  if (address) expect((await opened.press('entrega', formBody(RIO_DELIVERY))).statusCode).toBe(303);
  return { store, ...opened };
}

/** A storefront build as the catalog pages need it: an app shell and a 404 page. */
function pagesDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'route-schemas-'));
  writeFileSync(
    join(dist, 'app-shell.html'),
    '<!doctype html><html lang="pt-BR"><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dist, '404.html'),
    '<!doctype html><html lang="pt-BR"><title>Página não encontrada</title></html>',
  );
  return dist;
}

/**
 * Every route of `app` as `METHOD /path`, read from Fastify's own route tree (`printRoutes`), so a route added
 * anywhere is listed without this test naming it. HEAD is Fastify's copy of each GET.
 */
export function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4 - 1;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('route schemas', () => {
  it('reads the route tree as Fastify prints it', () => {
    const tree = [
      '├── /a/:id (GET, HEAD)',
      '│   └── /e (GET, HEAD, POST)',
      '├── /pay/',
      '│   └── :sessionId (GET, HEAD)',
      '└── /b (POST)',
      '',
    ].join('\n');
    expect(registeredRoutes(tree)).toEqual([
      'GET /a/:id',
      'GET /a/:id/e',
      'POST /a/:id/e',
      'GET /pay/:sessionId',
      'POST /b',
    ]);
  });

  it('every route the backend registers (pages and search on) declares its params, body and response schemas', async () => {
    const dist = pagesDist();
    try {
      app = await buildTestServer({
        storefrontUrl: STOREFRONT,
        rateLimit: false,
        stripeWebhook: { stripe: new Stripe('sk_test_x'), secret: 'whsec_test' },
        pages: { distDir: dist, source: memoryPageSource({ products: {}, categories: {} }) },
        search: createProductSearch({ source: memoryProductSource({ products: [], categories: {} }), log: () => {} }),
      });
      const seen = new Map<string, Record<string, unknown>>();
      app.addHook('onRequest', async (request) => {
        seen.set(
          `${request.method} ${request.routeOptions.url}`,
          (request.routeOptions.schema ?? {}) as Record<string, unknown>,
        );
      });
      await app.ready();
      // The CORS plugin's preflight answers OPTIONS on every path: not one of ours.
      const routes = registeredRoutes(app.printRoutes({ commonPrefix: false })).filter(
        (route) => !route.startsWith('OPTIONS '),
      );
      // The walk saw the route groups, not an empty tree.
      expect(routes).toEqual(
        expect.arrayContaining([
          'GET /health',
          'POST /create-checkout-session',
          'POST /pay/:sessionId/pix',
          'GET /product/:id',
          'GET /sitemap.xml',
          'GET /api/search',
        ]),
      );
      for (const route of routes) {
        const [method, path] = route.split(' ') as ['GET' | 'POST', string];
        await app.inject({
          method,
          url: path.replace(/:\w+/g, 'x'),
          headers: method === 'POST' ? FORM : {},
          payload: method === 'POST' ? '' : undefined,
        });
        const schema = seen.get(route);
        expect(schema, route).toBeDefined();
        expect(Object.keys((schema!.response ?? {}) as object).length, `${route} response`).toBeGreaterThan(0);
        if (path.includes(':')) expect(schema!.params, `${route} params`).toBeDefined();
        if (method === 'POST') expect(schema!.body, `${route} body`).toBeDefined();
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the pay page has a route per form, and none that picks an action from the URL', async () => {
    await withSession();
    for (const form of PAY_FORMS)
      expect(app!.hasRoute({ method: 'POST', url: `/pay/:sessionId/${form}` }), form).toBe(true);
    expect(app!.hasRoute({ method: 'POST', url: '/pay/:sessionId/:action' })).toBe(false);
  });
});

describe('the pay page refuses in pt-BR pages', () => {
  it.each(PAY_FORMS)('a body over 16 KB on /%s answers the 413 page and changes nothing', async (form) => {
    const { press, store, sessionId } = await withSession();
    const before = structuredClone(store.sessions.get(sessionId));
    const response = await press(form, formBody({ cpf: VALID_CPF, filler: 'x'.repeat(17 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<html lang="pt-BR">');
    expect(response.body).toContain('Formulário grande demais');
    expect(response.body).not.toContain('Serviço indisponível');
    expect(store.sessions.get(sessionId)).toEqual(before);
  });

  it('a boleto form of 2 KB is read: the CPF is refused under its field, not a 503', async () => {
    const { press, store, sessionId } = await withSession();
    const response = await press('boleto', formBody({ cpf: '1'.repeat(2048) }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<p class="error" id="cpf-error" role="alert">O CPF deve ter 11 dígitos.</p>');
    expect(store.sessions.get(sessionId)!.status).toBe('open');
  });

  it('a body its schema refuses (a JSON number for the CPF) answers a 400 page, not JSON', async () => {
    const { path, store, sessionId } = await withSession();
    const response = await app!.inject({
      method: 'POST',
      url: `${path}/boleto`,
      headers: { 'content-type': 'application/json' },
      payload: { cpf: 52998224725 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Formulário inválido');
    expect(store.sessions.get(sessionId)!.status).toBe('open');
  });

  it('a format no form sends (multipart) answers a 415 page, not 503', async () => {
    const { path } = await withSession();
    const response = await app!.inject({
      method: 'POST',
      url: `${path}/boleto`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Formulário não aceito');
  });

  it('an unknown page under /pay is the "Pagamento não encontrado" page, for GET too', async () => {
    const { path } = await withSession();
    for (const response of [
      await app!.inject({ method: 'GET', url: `${path}/refund` }),
      await app!.inject({ method: 'GET', url: '/pay' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Pagamento não encontrado');
    }
  });

  // Each finished state and the page a revisit shows (title, status), written out here rather than read from the code.
  it.each<[string, SessionOutcome, string | null, string]>([
    ['paid by card', 'paid', 'card', 'Pagamento já realizado'],
    ['canceled', 'canceled', null, 'Sessão encerrada'],
    ['declined', 'declined', 'card', 'Sessão encerrada'],
    ['expired', 'expired', null, 'Sessão expirada'],
    ['an expired Pix', 'expired', 'pix', 'Pix expirado'],
    ['an expired boleto', 'expired', 'boleto', 'Boleto vencido'],
  ])('a session %s (%s, %s) shows "%s"', async (_name, status, paymentMethod, title) => {
    const { view, store, sessionId } = await withSession();
    const sessions = store.sessions as Map<string, StoredSession>;
    sessions.set(sessionId, {
      ...sessions.get(sessionId)!,
      status: status as StoredSession['status'],
      paymentMethod: paymentMethod as PaymentMethod | null,
      finishedAt: 1,
    });
    const page = await view();
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(`<title>${title} · Club Clothing</title>`);
  });
});

describe('the JSON routes refuse in pt-BR JSON', () => {
  it('a checkout body over the limit is a 413 with a pt-BR message, never a 5xx', async () => {
    await withSession();
    const response = await app!.inject({
      method: 'POST',
      url: '/create-checkout-session',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ products: [{ id: 'vestido', quantity: 1 }], filler: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: {
        code: 'payload_too_large',
        message: 'Pedido grande demais: o corpo da requisição passa do tamanho aceito.',
      },
    });
  });

  it('the webhook answers a body over the limit with the same 413 JSON', async () => {
    await withSession();
    const response = await app!.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: `{"x":"${'x'.repeat(70 * 1024)}"}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('payload_too_large');
  });

  it("a checkout body its schema refuses is a 400 with the schema's pt-BR message", async () => {
    await withSession();
    const response = await app!.inject({
      method: 'POST',
      url: '/create-checkout-session',
      headers: { authorization: `Bearer ${token}` },
      payload: { products: [{ id: 'vestido', quantity: 0 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_body', message: 'Quantidade inválida no item 1: use um inteiro de 1 a 99.' },
    });
  });

  it("a catalog page over the per-IP limit answers the limit's JSON, as its schema says", async () => {
    const dist = pagesDist();
    try {
      app = await buildTestServer({
        storefrontUrl: STOREFRONT,
        rateLimit: { max: 1, timeWindowMs: 60_000 },
        pages: { distDir: dist, source: memoryPageSource({ products: {}, categories: {} }) },
      });
      const first = await app.inject({ method: 'GET', url: '/product/nenhum' });
      expect(first.statusCode).toBe(404);
      expect(first.body).toContain('Página não encontrada');
      const limited = await app.inject({ method: 'GET', url: '/product/nenhum' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ error: { code: string; message: string } }>().error).toEqual({
        code: 'rate_limited',
        message: expect.stringMatching(/^Muitas requisições/),
      });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('/health answers what its schema says', async () => {
    await withSession();
    const response = await app!.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toEqual({ ok: true, provider: 'simulated' });
  });
});
