// @vitest-environment node
// Delivery on POST /create-checkout-session: the server quotes again from its own catalog (category weights, its
// prices) and the rate card. Every expected amount below is worked out by hand from the rate card in
// src/domain/delivery.ts (RATE_CARD, UNIT_WEIGHT_GRAMS, PACKAGING_GRAMS), not by calling quoteDelivery.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CHECKOUT_ROUTE } from '../../server/app';
import type { CheckoutRequest, PaymentProvider } from '../../server/payments/paymentsPort';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { amountDue } from '../../server/store/sessionStorePort';
import { aCategory, aProduct } from '../support/builders';
import { buildTestServer, emulatorIdToken } from './support';

const jaqueta = aProduct().withId('jaqueta-couro').withName('Jaqueta de Couro Preta').withPrice(499.9).build();
const bone = aProduct().withId('bone-branco').withName('Boné Branco').withPrice(60).build();
const categories = [
  aCategory().withId('jackets').withProducts([jaqueta]).build(),
  aCategory().withId('hats').withProducts([bone]).build(),
];
const token = emulatorIdToken({ uid: 'ana-uid', email: 'ana@example.com' });
/** Wednesday 2026-11-25, noon in Brasília. */
const NOW = Date.UTC(2026, 10, 25, 15);

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setup(now = { value: NOW }) {
  const store = createMemoryStore();
  const requests: CheckoutRequest[] = [];
  const simulated = createSimulatedProvider({ publicUrl: 'http://backend.test' });
  const payments: PaymentProvider = {
    ...simulated,
    createCheckoutSession: (request) => (requests.push(request), simulated.createCheckoutSession(request)),
  };
  app = await buildTestServer({
    catalog: memoryCatalog(categories),
    payments,
    store,
    rateLimit: false,
    now: () => now.value,
  });
  const post = (payload: object, headers: Record<string, string> = {}) =>
    app!.inject({
      method: 'POST',
      url: CHECKOUT_ROUTE,
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload,
    });
  return { store, requests, post };
}

describe('create-checkout-session with a delivery', () => {
  it('quotes the frete from the catalog: one jaqueta to São Paulo by Expressa', async () => {
    const { post, store, requests } = await setup();
    const response = await post({
      products: [{ id: 'jaqueta-couro', quantity: 1 }],
      delivery: { cep: '01310-100', service: 'expressa' },
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['url']);
    const [session] = [...store.sessions.values()];
    // 1,200 g + 200 g packaging = 1,400 g: SP Expressa R$ 24,90 + one further 500 g step of R$ 4,00.
    // Transit 1–2 business days after 1 day of handling, from Wednesday 25/11: Friday 27/11 to Monday 30/11.
    expect(session!.delivery).toEqual({
      cep: '01310100',
      uf: 'SP',
      service: 'expressa',
      serviceName: 'Expressa',
      amount: 2890,
      businessDays: { min: 1, max: 2 },
      window: { from: '2026-11-27', to: '2026-11-30' },
      address: null,
      review: null,
    });
    expect(session!.amountTotal).toBe(49990); // the products only
    expect(amountDue(session!)).toBe(49990 + 2890);
    // The provider gets the whole quote (both services) and the choice; Econômica is free from R$ 299,00.
    expect(requests[0]!.delivery!.service).toBe('expressa');
    expect(requests[0]!.delivery!.quote.options.map((option) => [option.service, option.amount])).toEqual([
      ['economica', 0],
      ['expressa', 2890],
    ]);
  });

  it('a light, cheap parcel to Manaus by Econômica pays the North zone base rate', async () => {
    const { post, store } = await setup();
    expect(
      (
        await post({
          products: [{ id: 'bone-branco', quantity: 1 }],
          delivery: { cep: '69005-010', service: 'economica' },
        })
      ).statusCode,
    ).toBe(200);
    // 250 g + 200 g = 450 g (one base step), R$ 60,00 is under R$ 299,00: North Econômica R$ 34,90, 8–12 business
    // days after 1 day of handling: 9 business days after Wed 25/11 is Tue 08/12, 13 is Mon 14/12.
    expect([...store.sessions.values()][0]!.delivery).toMatchObject({
      cep: '69005010',
      uf: 'AM',
      service: 'economica',
      serviceName: 'Econômica',
      amount: 3490,
      businessDays: { min: 8, max: 12 },
      window: { from: '2026-12-08', to: '2026-12-14' },
    });
  });

  it('ignores any amount the client sends: the tampered frete, a price, extra fields', async () => {
    const { post, store } = await setup();
    const response = await post({
      products: [{ id: 'bone-branco', quantity: 2, price: 0.01 }],
      delivery: { cep: '20040-002', service: 'expressa', amount: 1, frete: 0, free: true },
      amount: 1,
      frete: 0,
    });
    expect(response.statusCode).toBe(200);
    // 2 × 250 g + 200 g = 700 g; R$ 120,00: Southeast Expressa R$ 29,90.
    const [session] = [...store.sessions.values()];
    expect(session).toMatchObject({ amountTotal: 12000, delivery: { uf: 'RJ', service: 'expressa', amount: 2990 } });
    expect(JSON.stringify(session)).not.toMatch(/"frete"|"free"/);
  });

  it('a cart changed after the storefront quoted: the server quotes the cart it receives', async () => {
    const { post, store } = await setup();
    // The storefront quoted one jaqueta (R$ 28,90 by Expressa to SP); the cart now holds three.
    expect(
      (
        await post({
          products: [{ id: 'jaqueta-couro', quantity: 3 }],
          delivery: { cep: '01310100', service: 'expressa' },
        })
      ).statusCode,
    ).toBe(200);
    // 3 × 1,200 g + 200 g = 3,800 g: R$ 24,90 + 6 further steps of R$ 4,00.
    expect([...store.sessions.values()][0]!.delivery).toMatchObject({ amount: 4890 });
  });

  it("the same cart and CEP quoted the next day gets the next day's window (quotes are not reused across days)", async () => {
    const now = { value: NOW };
    const { post, store } = await setup(now);
    const body = {
      products: [{ id: 'jaqueta-couro', quantity: 1 }],
      delivery: { cep: '01310-100', service: 'expressa' },
    };
    expect((await post(body)).statusCode).toBe(200);
    now.value += 86_400_000; // Thursday 26/11: 2 and 3 business days later are Monday 30/11 and Tuesday 01/12
    expect((await post(body)).statusCode).toBe(200);
    expect([...store.sessions.values()].map((session) => session.delivery!.window)).toEqual([
      { from: '2026-11-27', to: '2026-11-30' },
      { from: '2026-11-30', to: '2026-12-01' },
    ]);
  });

  it('spaces around the CEP are forgiven', async () => {
    const { post, store } = await setup();
    expect(
      (
        await post({
          products: [{ id: 'bone-branco', quantity: 1 }],
          delivery: { cep: ' 01310-100 ', service: 'economica' },
        })
      ).statusCode,
    ).toBe(200);
    // 450 g, SP Econômica R$ 15,90.
    expect([...store.sessions.values()][0]!.delivery).toMatchObject({ cep: '01310100', amount: 1590 });
  });

  const INVALID = 'CEP inválido. Use 8 números, como 01310-100.';
  it.each([
    ['letters', 'abc', INVALID],
    ['7 digits', '1310100', INVALID],
    ['9 digits', '013101000', INVALID],
    ['all zeros', '00000-000', INVALID],
    [
      'outside every Correios range',
      '00500-000',
      'Não encontramos este CEP nas faixas dos Correios. Confira os números.',
    ],
    ['only spaces', '   ', 'Informe o CEP.'],
    ['a space in the middle', '01310 100', INVALID],
    ['an emoji', '01310-1😀0', INVALID],
    ['too long for any CEP', '0'.repeat(21), INVALID],
    ['a number instead of a string', 1310100, INVALID],
  ])('a CEP with %s → 400 in pt-BR, nothing created', async (_name, cep, message) => {
    const { post, store, requests } = await setup();
    const response = await post({
      products: [{ id: 'bone-branco', quantity: 1 }],
      delivery: { cep, service: 'economica' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: expect.any(String), message } });
    expect(requests).toHaveLength(0);
    expect(store.sessions.size).toBe(0);
  });

  it.each([['sedex'], ['Expressa'], [''], [null], [undefined]])(
    'an unknown service (%j) → 400 with the pt-BR message',
    async (service) => {
      const { post, store } = await setup();
      const response = await post({
        products: [{ id: 'bone-branco', quantity: 1 }],
        delivery: { cep: '01310-100', service },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'invalid_body', message: 'Opção de entrega desconhecida. Escolha Econômica ou Expressa.' },
      });
      expect(store.sessions.size).toBe(0);
    },
  );

  it('without a delivery the call works as before: the session has delivery null', async () => {
    const { post, store, requests } = await setup();
    expect((await post({ products: [{ id: 'bone-branco', quantity: 1 }] })).statusCode).toBe(200);
    expect([...store.sessions.values()][0]).toMatchObject({ amountTotal: 6000, delivery: null });
    expect(requests[0]!.delivery).toBeNull();
  });

  it('a retried attempt with another CEP or service is a conflict, like another cart; the same one gets the same url', async () => {
    const { post, store } = await setup();
    const key = { 'idempotency-key': 'attempt-delivery-1' };
    const body = (cep: string, service: string) => ({
      products: [{ id: 'bone-branco', quantity: 1 }],
      delivery: { cep, service },
    });
    const first = await post(body('01310-100', 'economica'), key);
    expect(first.statusCode).toBe(200);
    expect((await post(body('01310100', 'economica'), key)).json()).toEqual(first.json()); // the same CEP, written without the hyphen
    for (const other of [
      body('20040-002', 'economica'),
      body('01310-100', 'expressa'),
      { products: [{ id: 'bone-branco', quantity: 1 }] },
    ]) {
      const conflict = await post(other, key);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    }
    expect(store.sessions.size).toBe(1);
  });
});
