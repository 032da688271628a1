// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ky from 'ky';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpCheckout } from '../../src/adapters/checkout/httpCheckout';
import { findFreePort } from '../../scripts/lib/emulators';
import { testCheckoutPort, type CheckoutScenario } from './checkout.contract';

// A real local backend stand-in on a free port; each request's behaviour comes from the scenario in its path.
interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  idempotencyKey: string | null;
  body: unknown;
}
const received = new Map<string, Received[]>();
const sockets = new Set<import('node:net').Socket>();
let server: Server;
let baseUrl = '';
let runs = 0;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const [, run = '', scenario = ''] = (request.url ?? '').split('/');
    const body = await readBody(request);
    const log = received.get(run) ?? [];
    log.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      idempotencyKey:
        typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null,
      body: JSON.parse(body || 'null'),
    });
    received.set(run, log);
    const json = (status: number, payload: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    switch (scenario as CheckoutScenario) {
      // Like the backend: a key already seen answers its session again.
      case 'success':
        return json(200, { url: `${baseUrl}/pay/cs_test_${run}_${log.at(-1)?.idempotencyKey ?? log.length}` });
      case 'conflict':
        return json(409, {
          error: {
            code: 'idempotency-conflict',
            message: 'Este pedido já está sendo processado. Aguarde um instante.',
          },
        });
      case 'server-error':
        return json(500, { error: { code: 'internal', message: 'boom' } });
      case 'answer-without-url':
        return json(200, { id: 'cs_test' });
      case 'timeout':
        return; // never answers
      case 'signed-out':
        return json(401, { error: { code: 'unauthenticated', message: 'bad token' } });
      default:
        return json(404, { error: { code: 'not-found', message: request.url } });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

testCheckoutPort('createHttpCheckout (ky → local node:http server)', async (scenario) => {
  const run = String(++runs);
  const prefixUrl =
    scenario === 'network-down' ? `http://127.0.0.1:${await findFreePort()}` : `${baseUrl}/${run}/${scenario}`;
  const checkout = createHttpCheckout({
    http: ky.create({ prefixUrl }),
    idToken: async () => (scenario === 'signed-out' ? null : 'token-of-ana'),
    // Long enough for a first request on a loaded machine (300 ms failed at a load average of 10–20 with
    // two workers); the 'timeout' scenario never answers, so it still ends in a timeout.
    timeoutMs: 1_500,
  });
  return {
    checkout,
    received: () => (received.get(run) ?? []).map((r) => (r.body as { products: unknown[] }).products),
    keys: () => (received.get(run) ?? []).map((r) => r.idempotencyKey),
    deliveries: () => (received.get(run) ?? []).map((r) => (r.body as { delivery?: unknown }).delivery ?? null),
  };
});

describe('createHttpCheckout request', () => {
  it('POSTs JSON { products } to create-checkout-session with the Bearer token', async () => {
    const checkout = createHttpCheckout({
      http: ky.create({ prefixUrl: `${baseUrl}/req/success` }),
      idToken: async () => 'token-of-ana',
    });
    await checkout.createSession([
      { id: 'p1', name: 'Boné Branco', imageUrl: '/images/bone.svg', price: 59.9, quantity: 3 },
    ]);
    const [request] = received.get('req') ?? [];
    expect(request).toMatchObject({
      method: 'POST',
      url: '/req/success/create-checkout-session',
      authorization: 'Bearer token-of-ana',
      body: { products: [{ id: 'p1', name: 'Boné Branco', imageUrl: '/images/bone.svg', price: 59.9, quantity: 3 }] },
    });
    expect(request?.contentType).toMatch(/^application\/json/);
    // Without a chosen delivery the body is exactly the plain call's (docs/requirements.md#calls): no `delivery` key at all.
    expect(Object.keys(request?.body as object)).toEqual(['products']);
  });

  it('adds { delivery: { cep, service } } beside the products when the shopper chose one', async () => {
    const checkout = createHttpCheckout({
      http: ky.create({ prefixUrl: `${baseUrl}/delivery/success` }),
      idToken: async () => 'token-of-ana',
    });
    await checkout.createSession(
      [{ id: 'p1', name: 'Boné Branco', imageUrl: '/images/bone.svg', price: 59.9, quantity: 1 }],
      {
        delivery: { cep: '20040020', service: 'economica' },
      },
    );
    const [request] = received.get('delivery') ?? [];
    expect(request?.body).toEqual({
      products: [{ id: 'p1', name: 'Boné Branco', imageUrl: '/images/bone.svg', price: 59.9, quantity: 1 }],
      delivery: { cep: '20040020', service: 'economica' },
    });
  });

  it('maps a 401 (token refused by the backend) to unauthenticated', async () => {
    const checkout = createHttpCheckout({
      http: ky.create({ prefixUrl: `${baseUrl}/r401/signed-out` }),
      idToken: async () => 'expired',
    });
    await expect(
      checkout.createSession([{ id: 'p1', name: 'x', imageUrl: '/i.svg', price: 1, quantity: 1 }]),
    ).rejects.toMatchObject({ reason: 'unauthenticated', status: 401 });
  });

  it('refuses an answer whose url is not http(s)', async () => {
    const checkout = createHttpCheckout({
      http: ky.create({
        prefixUrl: baseUrl,
        fetch: async () =>
          new Response(JSON.stringify({ url: 'javascript:alert(1)' }), {
            headers: { 'content-type': 'application/json' },
          }),
      }),
      idToken: async () => 't',
    });
    await expect(
      checkout.createSession([{ id: 'p1', name: 'x', imageUrl: '/i.svg', price: 1, quantity: 1 }]),
    ).rejects.toMatchObject({ reason: 'invalid-response' });
  });
});
