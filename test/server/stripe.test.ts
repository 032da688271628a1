// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { buildServer, CHECKOUT_ROUTE } from '../../server/app';
import { createStripeClient, createStripeProvider, MissingPaymentIntentError } from '../../server/payments/stripe';
import { addressFromStripe, reviewReason } from '../../server/routes/stripeWebhook';
import { PaymentProviderError, WrongProviderError } from '../../server/payments/paymentsPort';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { StoreUnavailableError, type CheckoutStore, type Order } from '../../server/store/sessionStorePort';
import { aCategory, aProduct, anOrderDelivery } from '../support/builders';
import { emulatorIdToken, fakeTokenVerifier, startCaptureServer, type CapturedRequest } from './support';

const STOREFRONT = 'http://localhost:4321';
const WEBHOOK_SECRET = 'whsec_test_secret';
const camiseta = aProduct().withId('camiseta-branca').withName('Camiseta Branca').withPrice(99.9).build();
const tenis = aProduct().withId('tenis-corrida').withName('Tênis de Corrida').withPrice(1499).build();
const token = emulatorIdToken({ uid: 'carla', email: 'carla@example.com' });

let answer: (request: CapturedRequest) => { status: number; body: unknown };
const okSession = (request: CapturedRequest) => ({
  status: 200,
  body: {
    id: 'cs_test_a1',
    object: 'checkout.session',
    url: 'https://checkout.stripe.test/c/pay/cs_test_a1',
    success_url: request.form.get('success_url'),
  },
});
/** PaymentIntents the capture server knows (GET /v1/payment_intents/:id). */
const intents = new Map<string, object>();
const lineItemsOf = new Map<string, object[]>();
/** Shipping rates Checkout created from our shipping_rate_data (GET /v1/shipping_rates/:id). */
const shippingRates = new Map<string, object>();
/** POST /v1/refunds: a succeeded refund of what was asked, created at 2023-11-16 01:14:20 UTC. */
const REFUND_CREATED = 1_700_097_260;
const okRefund = (request: CapturedRequest) => ({
  status: 200,
  body: {
    id: 're_3Q0refund',
    object: 'refund',
    amount: Number(request.form.get('amount')),
    currency: 'brl',
    payment_intent: request.form.get('payment_intent'),
    status: 'succeeded',
    created: REFUND_CREATED,
  },
});
const stripeApi = (request: CapturedRequest) => {
  const path = request.path.split('?')[0]!;
  if (path === '/v1/refunds') return okRefund(request);
  const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
  if (intent)
    return intents.has(intent[1]!)
      ? { status: 200, body: intents.get(intent[1]!) }
      : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
  const rate = /^\/v1\/shipping_rates\/([^/]+)$/.exec(path);
  if (rate)
    return shippingRates.has(rate[1]!)
      ? { status: 200, body: shippingRates.get(rate[1]!) }
      : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such shipping_rate' } } };
  const lines = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(path);
  if (lines)
    return {
      status: 200,
      body: { object: 'list', url: path, has_more: false, data: lineItemsOf.get(lines[1]!) ?? [] },
    };
  return okSession(request);
};
let capture: Awaited<ReturnType<typeof startCaptureServer>>;
let stripe: Stripe;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  capture = await startCaptureServer((request) => answer(request));
  stripe = createStripeClient({ secretKey: 'sk_test_123', host: '127.0.0.1', port: capture.port, protocol: 'http' });
});
afterAll(() => capture.close());
afterEach(async () => {
  capture.requests.length = 0;
  answer = stripeApi;
  intents.clear();
  lineItemsOf.clear();
  shippingRates.clear();
  await app?.close();
  app = undefined;
});

async function stripeApp(rateLimit?: { max: number; timeWindowMs: number }, storeOverride?: CheckoutStore) {
  const store = createMemoryStore();
  app = await buildServer({
    storefrontUrl: STOREFRONT,
    catalog: memoryCatalog([aCategory().withProducts([camiseta, tenis]).build()]),
    catalogCacheTtlMs: 60_000,
    payments: createStripeProvider({ stripe }),
    store: storeOverride ?? store,
    verifier: fakeTokenVerifier(),
    stripeWebhook: { stripe, secret: WEBHOOK_SECRET },
    logger: false,
    ...(rateLimit ? { rateLimit } : {}),
  });
  const checkout = (products: object[], delivery?: object) =>
    app!.inject({
      method: 'POST',
      url: CHECKOUT_ROUTE,
      headers: { authorization: `Bearer ${token}` },
      payload: { products, ...(delivery ? { delivery } : {}) },
    });
  return { store, checkout };
}

answer = stripeApi;
/** A one-line cart of R$ 1,00 without a delivery or a customer e-mail: what the provider tests vary from. */
const aBareRequest = (idempotencyKey: string) => ({
  lineItems: [{ productId: 'p', name: 'P', unitAmount: 100, quantity: 1 }],
  delivery: null,
  currency: 'brl' as const,
  customer: { uid: 'u', email: undefined },
  successUrl: 's',
  cancelUrl: 'c',
  idempotencyKey,
});

describe('stripe provider', () => {
  it('sends the exact Checkout Session form body, with an idempotency key', async () => {
    const { checkout } = await stripeApp();
    const before = Date.now();
    const response = await checkout([
      { id: 'camiseta-branca', quantity: 2, price: 0.01, name: 'Grátis', imageUrl: '/images/x.svg' }, // tampered price
      { id: 'tenis-corrida', quantity: 1 },
    ]);
    const after = Date.now();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_a1' });
    expect(capture.requests).toHaveLength(1);
    const request = capture.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe('Bearer sk_test_123');
    expect(request.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const { expires_at: expiresAt, ...form } = Object.fromEntries(request.form);
    // The session's 30 minutes are Stripe's least, counted on Stripe's clock: 31 minutes (1,860 s) from ours.
    expect(Number(expiresAt)).toBeGreaterThanOrEqual(Math.ceil((before + 1_860_000) / 1000));
    expect(Number(expiresAt)).toBeLessThanOrEqual(Math.ceil((after + 1_860_000) / 1000));
    expect(form).toEqual({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'pix',
      'allowed_payment_method_types[2]': 'boleto',
      'payment_method_options[pix][expires_after_seconds]': '3600',
      'payment_method_options[boleto][expires_after_days]': '3',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '9990',
      'line_items[0][price_data][product_data][name]': 'Camiseta Branca',
      'line_items[0][price_data][product_data][metadata][productId]': 'camiseta-branca',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][currency]': 'brl',
      'line_items[1][price_data][unit_amount]': '149900',
      'line_items[1][price_data][product_data][name]': 'Tênis de Corrida',
      'line_items[1][price_data][product_data][metadata][productId]': 'tenis-corrida',
      customer_email: 'carla@example.com',
      client_reference_id: 'carla',
      'metadata[uid]': 'carla',
      success_url: `${STOREFRONT}/payment-confirmation?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${STOREFRONT}/payment-confirmation?canceled=true`,
    });
    // The tampered price and name never reach Stripe.
    expect(request.body).not.toContain('Gr%C3%A1tis');
    expect(request.form.getAll('line_items[0][price_data][unit_amount]')).toEqual(['9990']);
  });

  it('asks Stripe to end the session at its expiry, or a minute past Stripe’s least 30 minutes; keeps Stripe’s', async () => {
    // 2023-11-14 22:13:20 UTC, a whole second.
    const NOW = 1_700_000_000_000;
    answer = (request) => ({
      status: 200,
      body: { ...okSession(request).body, expires_at: Number(request.form.get('expires_at')) },
    });
    const provider = createStripeProvider({ stripe, now: () => NOW });
    const request = aBareRequest('k-expiry');
    expect(await provider.createCheckoutSession({ ...request, expiresAt: NOW + 3_600_000 })).toMatchObject({
      expiresAt: 1_700_003_600_000,
    });
    expect(capture.requests[0]!.form.get('expires_at')).toBe('1700003600');
    expect(await provider.createCheckoutSession({ ...request, expiresAt: NOW + 1_800_000 })).toMatchObject({
      expiresAt: 1_700_001_860_000,
    });
    expect(capture.requests[1]!.form.get('expires_at')).toBe('1700001860');
  });

  it('expireCheckoutSession: expired by Stripe, or already ended; "completed" when it was paid', async () => {
    const statusOf: Record<string, string> = { cs_test_paid: 'complete', cs_test_gone: 'expired', cs_test_odd: 'open' };
    answer = (request) => {
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
      if (expire && expire[1] === 'cs_test_open')
        return { status: 200, body: { id: 'cs_test_open', object: 'checkout.session', status: 'expired' } };
      if (expire)
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } },
        };
      const id = request.path.split('/').pop()!;
      return { status: 200, body: { id, object: 'checkout.session', status: statusOf[id] } };
    };
    const provider = createStripeProvider({ stripe });
    expect(await provider.expireCheckoutSession('cs_test_open')).toBe('expired');
    expect(await provider.expireCheckoutSession('cs_test_gone')).toBe('expired');
    expect(await provider.expireCheckoutSession('cs_test_paid')).toBe('completed');
    await expect(provider.expireCheckoutSession('cs_test_odd')).rejects.toBeInstanceOf(PaymentProviderError);
    expect(capture.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/checkout/sessions/cs_test_open/expire',
      'POST /v1/checkout/sessions/cs_test_gone/expire',
      'GET /v1/checkout/sessions/cs_test_gone',
      'POST /v1/checkout/sessions/cs_test_paid/expire',
      'GET /v1/checkout/sessions/cs_test_paid',
      'POST /v1/checkout/sessions/cs_test_odd/expire',
      'GET /v1/checkout/sessions/cs_test_odd',
    ]);
    answer = () => ({ status: 500, body: { error: { type: 'api_error', message: 'down' } } });
    await expect(provider.expireCheckoutSession('cs_test_open')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('turns a Stripe error into PaymentProviderError (route: 502, nothing stored)', async () => {
    answer = () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Invalid currency: brl' } },
    });
    const provider = createStripeProvider({ stripe });
    const request = { ...aBareRequest('k-1'), expiresAt: Date.now() + 30 * 60_000 };
    await expect(provider.createCheckoutSession(request)).rejects.toSatisfy(
      (error) =>
        error instanceof PaymentProviderError &&
        error.providerCode === 'parameter_invalid' &&
        /invalid_request_error|StripeInvalidRequestError/.test(error.message),
    );
    expect(capture.requests[0]!.form.has('customer_email')).toBe(false);

    const { checkout, store } = await stripeApp();
    const response = await checkout([{ id: 'tenis-corrida', quantity: 1 }]);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: { code: 'payment_provider_error', message: expect.any(String) } });
    expect(response.body).not.toContain('Invalid currency');
    expect(store.sessions.size).toBe(0);
  });

  it('retries a 5xx once with the same idempotency key, then answers 502', async () => {
    answer = () => ({ status: 500, body: { error: { type: 'api_error', message: 'boom' } } });
    const { checkout, store } = await stripeApp();
    const response = await checkout([{ id: 'tenis-corrida', quantity: 1 }]);
    expect(response.statusCode).toBe(502);
    expect(capture.requests).toHaveLength(2);
    expect(capture.requests[0]!.headers['idempotency-key']).toBe(capture.requests[1]!.headers['idempotency-key']);
    expect(store.sessions.size).toBe(0);
  }, 20_000);
});

/**
 * Ana's order paid by card on Stripe: two jackets and a cap (R$ 1.059,70) and R$ 34,90 of frete, canceled before it
 * shipped: R$ 1.094,60 to give back.
 */
const aStripeOrder = (overrides: Partial<Order> = {}): Order => ({
  id: 'cs_test_ana',
  provider: 'stripe',
  uid: 'ana-uid',
  email: 'ana@example.com',
  lineItems: [
    { productId: 'jaqueta-couro', name: 'Jaqueta de Couro Preta', unitAmount: 49990, quantity: 2 },
    { productId: 'bone-branco', name: 'Boné Branco', unitAmount: 5990, quantity: 1 },
  ],
  amountTotal: 105970,
  currency: 'brl',
  delivery: anOrderDelivery({ amount: 3490 }).build(),
  paymentMethod: 'card',
  paidAt: 1_700_000_060_000,
  paymentIntentId: 'pi_3Q0ana',
  fulfilment: {
    status: 'cancelado',
    history: [
      { status: 'pago', at: 1_700_000_060_000 },
      { status: 'cancelado', at: 1_700_014_460_000 },
    ],
    trackingCode: null,
    deliveredAt: null,
    returnReason: null,
  },
  refund: null,
  ...overrides,
});

describe('stripe refund (docs/requirements.md#order-lifecycle)', () => {
  it("refunds the order's PaymentIntent for the products and the frete, keyed by the order", async () => {
    const provider = createStripeProvider({ stripe });
    expect(await provider.refund(aStripeOrder())).toEqual({
      provider: 'stripe',
      id: 're_3Q0refund',
      amount: 109460,
      at: REFUND_CREATED * 1000,
    });
    expect(capture.requests).toHaveLength(1);
    const request = capture.requests[0]!;
    expect([request.method, request.path]).toEqual(['POST', '/v1/refunds']);
    expect(request.headers.authorization).toBe('Bearer sk_test_123');
    expect(request.headers['idempotency-key']).toBe('refund-cs_test_ana');
    expect(Object.fromEntries(request.form)).toEqual({ payment_intent: 'pi_3Q0ana', amount: '109460' });
  });

  it('an order without a PaymentIntent id, or paid through the simulated page: refused, Stripe never asked', async () => {
    const provider = createStripeProvider({ stripe });
    await expect(provider.refund(aStripeOrder({ paymentIntentId: null }))).rejects.toSatisfy(
      (error) =>
        error instanceof MissingPaymentIntentError &&
        error instanceof PaymentProviderError &&
        error.orderId === 'cs_test_ana',
    );
    await expect(provider.refund(aStripeOrder({ provider: 'simulated', paymentIntentId: null }))).rejects.toSatisfy(
      (error) => error instanceof WrongProviderError && error.orderProvider === 'simulated',
    );
    expect(capture.requests).toHaveLength(0);
  });

  it("Stripe's refusal is a PaymentProviderError with its code; a failed refund too", async () => {
    const provider = createStripeProvider({ stripe });
    answer = () => ({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'Charge ch_1 has already been refunded.',
        },
      },
    });
    await expect(provider.refund(aStripeOrder())).rejects.toSatisfy(
      (error) =>
        error instanceof PaymentProviderError &&
        error.providerCode === 'charge_already_refunded' &&
        error.message.includes('already been refunded'),
    );
    answer = (request) => {
      const refunded = okRefund(request);
      return { ...refunded, body: { ...refunded.body, status: 'failed' } };
    };
    await expect(provider.refund(aStripeOrder())).rejects.toSatisfy(
      (error) => error instanceof PaymentProviderError && /re_3Q0refund.*failed/.test(error.message),
    );
  });

  it('a 5xx is retried once with the same key: Stripe makes one refund of it', async () => {
    const provider = createStripeProvider({ stripe });
    let calls = 0;
    answer = (request) =>
      ++calls === 1 ? { status: 500, body: { error: { type: 'api_error', message: 'boom' } } } : okRefund(request);
    expect(await provider.refund(aStripeOrder())).toMatchObject({ id: 're_3Q0refund', amount: 109460 });
    expect(capture.requests.map((request) => request.headers['idempotency-key'])).toEqual([
      'refund-cs_test_ana',
      'refund-cs_test_ana',
    ]);
  }, 20_000);
});

const cardIntent = {
  id: 'pi_card',
  object: 'payment_intent',
  payment_method: { id: 'pm_card', object: 'payment_method', type: 'card' },
};

describe('POST /webhooks/stripe', () => {
  const completedEvent = (sessionId: string, extra: object = {}) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 349680,
          currency: 'brl',
          client_reference_id: 'carla',
          customer_details: { email: 'carla@example.com' },
          ...extra,
        },
      },
    });
  const deliver = (
    payload: string,
    signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  ) =>
    app!.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  it('records the paid order once, with the line items we stored at creation', async () => {
    const { checkout, store } = await stripeApp();
    expect(
      (
        await checkout([
          { id: 'camiseta-branca', quantity: 1 },
          { id: 'tenis-corrida', quantity: 2 },
        ])
      ).statusCode,
    ).toBe(200);
    const payload = completedEvent('cs_test_a1');
    for (let i = 0; i < 2; i++) {
      const response = await deliver(payload); // Stripe retries deliveries: the second must not add an order
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect([...store.orders.values()]).toEqual([
      expect.objectContaining({
        id: 'cs_test_a1',
        provider: 'stripe',
        // The event names no PaymentIntent: none is kept (a refund of this order is refused, not guessed).
        paymentIntentId: null,
        uid: 'carla',
        email: 'carla@example.com',
        amountTotal: 9990 + 2 * 149900,
        lineItems: [
          { productId: 'camiseta-branca', name: 'Camiseta Branca', unitAmount: 9990, quantity: 1 },
          { productId: 'tenis-corrida', name: 'Tênis de Corrida', unitAmount: 149900, quantity: 2 },
        ],
      }),
    ]);
    expect(store.sessions.get('cs_test_a1')!.status).toBe('paid');
  });

  it('records a session it has no record of with its real lines, read from Stripe (listLineItems)', async () => {
    const { store } = await stripeApp();
    lineItemsOf.set('cs_test_unknown', [
      {
        id: 'li_1',
        object: 'item',
        description: 'Tênis de Corrida',
        quantity: 2,
        amount_total: 299800,
        price: {
          id: 'price_1',
          unit_amount: 149900,
          product: { id: 'prod_1', object: 'product', metadata: { productId: 'tenis-corrida' } },
        },
      },
      {
        id: 'li_2',
        object: 'item',
        description: 'Camiseta Branca',
        quantity: 5,
        amount_total: 49950,
        price: {
          id: 'price_2',
          unit_amount: 9990,
          product: { id: 'prod_2', object: 'product', metadata: { productId: 'camiseta-branca' } },
        },
      },
    ]);
    expect((await deliver(completedEvent('cs_test_unknown'))).statusCode).toBe(200);
    expect(store.orders.get('cs_test_unknown')).toMatchObject({
      amountTotal: 349680,
      uid: 'carla',
      email: 'carla@example.com',
      lineItems: [
        { productId: 'tenis-corrida', name: 'Tênis de Corrida', unitAmount: 149900, quantity: 2 },
        { productId: 'camiseta-branca', name: 'Camiseta Branca', unitAmount: 9990, quantity: 5 },
      ],
    });
    const listed = capture.requests.find((r) => r.path.startsWith('/v1/checkout/sessions/cs_test_unknown/line_items'))!;
    expect(listed.method).toBe('GET');
    expect(decodeURIComponent(listed.path)).toContain('expand[0]=data.price.product');
  });

  it('a paid card session keeps its PaymentIntent id, stored or not (checkout.session.completed)', async () => {
    const { checkout, store } = await stripeApp();
    expect((await checkout([{ id: 'camiseta-branca', quantity: 1 }])).statusCode).toBe(200);
    intents.set('pi_card', cardIntent);
    for (const id of ['cs_test_a1', 'cs_test_unstored'])
      expect((await deliver(completedEvent(id, { payment_intent: 'pi_card' }))).statusCode).toBe(200);
    expect(store.orders.get('cs_test_a1')).toMatchObject({ paymentMethod: 'card', paymentIntentId: 'pi_card' });
    expect(store.orders.get('cs_test_unstored')).toMatchObject({ paymentMethod: 'card', paymentIntentId: 'pi_card' });
  });

  it('an order paid through the webhook, canceled, is refunded on its PaymentIntent and recorded once', async () => {
    const { checkout, store } = await stripeApp();
    expect((await checkout([{ id: 'camiseta-branca', quantity: 1 }])).statusCode).toBe(200);
    intents.set('pi_card', cardIntent);
    expect((await deliver(completedEvent('cs_test_a1', { payment_intent: 'pi_card' }))).statusCode).toBe(200);
    await store.stepOrder('cs_test_a1', { type: 'cancelar', at: Date.now() });
    capture.requests.length = 0;
    const refund = await createStripeProvider({ stripe }).refund((await store.getOrder('cs_test_a1'))!);
    expect(Object.fromEntries(capture.requests[0]!.form)).toEqual({ payment_intent: 'pi_card', amount: '9990' });
    expect(await store.recordRefund('cs_test_a1', refund)).toMatchObject({
      kind: 'applied',
      order: { refund, fulfilment: { status: 'reembolsado' } },
    });
    expect(await store.recordRefund('cs_test_a1', refund)).toMatchObject({ kind: 'refused' });
  });

  it('answers 5xx when Stripe cannot list the lines of an unknown session (Stripe retries; nothing half-recorded)', async () => {
    const { store } = await stripeApp();
    answer = (request) =>
      request.path.includes('/line_items')
        ? { status: 500, body: { error: { type: 'api_error', message: 'down' } } }
        : stripeApi(request);
    expect((await deliver(completedEvent('cs_test_lost'))).statusCode).toBeGreaterThanOrEqual(500);
    expect(store.orders.size).toBe(0);
  }, 20_000);

  it.each([
    ['a forged signature', (payload: string) => deliver(payload, 't=1,v1=deadbeef')],
    [
      'a signature made with another secret',
      (payload: string) =>
        deliver(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' })),
    ],
    [
      'a payload changed after signing',
      (payload: string) =>
        deliver(
          payload.replace('349680', '1'),
          stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        ),
    ],
    [
      'no signature header',
      (payload: string) =>
        app!.inject({
          method: 'POST',
          url: '/webhooks/stripe',
          headers: { 'content-type': 'application/json' },
          payload,
        }),
    ],
  ])('rejects %s with 400 and records nothing', async (_name, send) => {
    const { store } = await stripeApp();
    const response = await send(completedEvent('cs_test_a1'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_signature', message: expect.any(String) } });
    expect(store.orders.size).toBe(0);
  });

  it("is not subject to the shoppers' per-IP rate limit", async () => {
    const { store } = await stripeApp({ max: 1, timeWindowMs: 60_000 });
    for (const id of ['cs_test_r1', 'cs_test_r2', 'cs_test_r3'])
      expect((await deliver(completedEvent(id))).statusCode).toBe(200);
    expect(store.orders.size).toBe(3);
  });

  it('does not record an unpaid completed session (async payment pending)', async () => {
    const { store } = await stripeApp();
    expect((await deliver(completedEvent('cs_test_async', { payment_status: 'unpaid' }))).statusCode).toBe(200);
    expect(store.orders.size).toBe(0);
  });

  const event = (type: string, sessionId: string, extra: object = {}, id = `evt_${type}_${sessionId}`) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          amount_total: 9990,
          currency: 'brl',
          client_reference_id: 'carla',
          customer_details: { email: 'carla@example.com' },
          ...extra,
        },
      },
    });
  const pixIntent = {
    id: 'pi_pix',
    object: 'payment_intent',
    payment_method: { id: 'pm_pix', object: 'payment_method', type: 'pix' },
    next_action: {
      type: 'pix_display_qr_code',
      pix_display_qr_code: { data: '00020126580014br.gov.bcb.pix0136x6304ABCD', expires_at: 1_900_000_000 },
    },
  };
  const boletoIntent = {
    id: 'pi_boleto',
    object: 'payment_intent',
    payment_method: { id: 'pm_boleto', object: 'payment_method', type: 'boleto' },
    next_action: {
      type: 'boleto_display_details',
      boleto_display_details: {
        number: '23793.38128 60000.000003 00000.000400 1 84340000009990',
        expires_at: 1_900_000_000,
      },
    },
  };
  const storedStripeSession = async () => {
    const { checkout, store } = await stripeApp();
    expect((await checkout([{ id: 'camiseta-branca', quantity: 1 }])).statusCode).toBe(200);
    return store;
  };

  it('Pix: completed(unpaid) → pending with the QR code; async_payment_succeeded → paid, one order; replays change nothing', async () => {
    const store = await storedStripeSession();
    intents.set('pi_pix', pixIntent);
    const completed = event('checkout.session.completed', 'cs_test_a1', {
      payment_status: 'unpaid',
      payment_intent: 'pi_pix',
    });
    for (let i = 0; i < 2; i++) expect((await deliver(completed)).statusCode).toBe(200);
    expect(store.sessions.get('cs_test_a1')).toMatchObject({
      status: 'pending',
      paymentMethod: 'pix',
      pix: { copyPaste: pixIntent.next_action.pix_display_qr_code.data, expiresAt: 1_900_000_000_000 },
      boleto: null,
    });
    expect(store.orders.size).toBe(0);
    const succeeded = event('checkout.session.async_payment_succeeded', 'cs_test_a1', {
      payment_status: 'paid',
      payment_intent: 'pi_pix',
    });
    for (let i = 0; i < 3; i++) expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(store.sessions.get('cs_test_a1')).toMatchObject({ status: 'paid', paymentMethod: 'pix' });
    expect([...store.orders.values()]).toEqual([
      expect.objectContaining({
        id: 'cs_test_a1',
        paymentMethod: 'pix',
        // What a refund of this order names.
        paymentIntentId: 'pi_pix',
        refund: null,
        lineItems: [expect.objectContaining({ productId: 'camiseta-branca' })],
      }),
    ]);
    // A late replay of completed(unpaid) does not move paid back to pending.
    expect((await deliver(completed)).statusCode).toBe(200);
    expect(store.sessions.get('cs_test_a1')!.status).toBe('paid');
  });

  it('out of order: async_payment_succeeded before completed(unpaid) → paid, and stays paid', async () => {
    const store = await storedStripeSession();
    intents.set('pi_boleto', boletoIntent);
    expect(
      (
        await deliver(
          event('checkout.session.async_payment_succeeded', 'cs_test_a1', {
            payment_status: 'paid',
            payment_intent: 'pi_boleto',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await deliver(
          event('checkout.session.completed', 'cs_test_a1', { payment_status: 'unpaid', payment_intent: 'pi_boleto' }),
        )
      ).statusCode,
    ).toBe(200);
    expect(store.sessions.get('cs_test_a1')).toMatchObject({ status: 'paid', paymentMethod: 'boleto' });
    expect(store.orders.size).toBe(1);
  });

  it('boleto: pending with the linha digitável; async_payment_failed → declined (no order); a later success changes nothing', async () => {
    const store = await storedStripeSession();
    intents.set('pi_boleto', boletoIntent);
    await deliver(
      event('checkout.session.completed', 'cs_test_a1', { payment_status: 'unpaid', payment_intent: 'pi_boleto' }),
    );
    expect(store.sessions.get('cs_test_a1')).toMatchObject({
      status: 'pending',
      paymentMethod: 'boleto',
      boleto: { line: boletoIntent.next_action.boleto_display_details.number, dueAt: 1_900_000_000_000 },
    });
    expect(
      (
        await deliver(
          event('checkout.session.async_payment_failed', 'cs_test_a1', {
            payment_status: 'unpaid',
            payment_intent: 'pi_boleto',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(store.sessions.get('cs_test_a1')).toMatchObject({ status: 'declined', paymentMethod: 'boleto' });
    await deliver(
      event('checkout.session.async_payment_succeeded', 'cs_test_a1', {
        payment_status: 'paid',
        payment_intent: 'pi_boleto',
      }),
    );
    expect(store.sessions.get('cs_test_a1')!.status).toBe('declined');
    expect(store.orders.size).toBe(0);
  });

  it('checkout.session.expired → expired, and a replayed completed(paid) cannot revive it... unless it came first', async () => {
    const store = await storedStripeSession();
    expect(
      (await deliver(event('checkout.session.expired', 'cs_test_a1', { payment_status: 'unpaid', status: 'expired' })))
        .statusCode,
    ).toBe(200);
    expect(store.sessions.get('cs_test_a1')).toMatchObject({ status: 'expired', paymentMethod: null });
    await deliver(event('checkout.session.completed', 'cs_test_a1', { payment_status: 'unpaid' }));
    expect(store.sessions.get('cs_test_a1')!.status).toBe('expired');
    expect(store.orders.size).toBe(0);
  });

  describe('stock (docs/requirements.md#stock)', () => {
    const stocked = async (stock: Record<string, number>) => {
      const store = createMemoryStore({ stock });
      const { checkout } = await stripeApp(undefined, store);
      const stockNow = () => [store.stockOf('camiseta-branca'), store.stockOf('tenis-corrida')];
      return { store, checkout, stockNow };
    };
    const cart = [
      { id: 'camiseta-branca', quantity: 2 },
      { id: 'tenis-corrida', quantity: 1 },
    ];
    const expiredEvent = () =>
      event('checkout.session.expired', 'cs_test_a1', { payment_status: 'unpaid', status: 'expired' });

    it('checkout.session.expired gives the units back once: a replay and a late failure change nothing', async () => {
      const { checkout, stockNow } = await stocked({ 'camiseta-branca': 5, 'tenis-corrida': 1 });
      expect((await checkout(cart)).statusCode).toBe(200);
      expect(stockNow()).toEqual([3, 0]);
      expect((await deliver(expiredEvent())).statusCode).toBe(200);
      expect(stockNow()).toEqual([5, 1]);
      expect((await deliver(expiredEvent())).statusCode).toBe(200);
      await deliver(event('checkout.session.async_payment_failed', 'cs_test_a1', { payment_status: 'unpaid' }));
      expect(stockNow()).toEqual([5, 1]);
    });

    it('a paid session keeps its units sold; an expired event after it changes nothing', async () => {
      const { store, checkout, stockNow } = await stocked({ 'camiseta-branca': 5, 'tenis-corrida': 1 });
      expect((await checkout(cart)).statusCode).toBe(200);
      expect((await deliver(completedEvent('cs_test_a1'))).statusCode).toBe(200);
      expect((await deliver(expiredEvent())).statusCode).toBe(200);
      expect(store.sessions.get('cs_test_a1')!.status).toBe('paid');
      expect(stockNow()).toEqual([3, 0]);
    });

    it('too few units: 409 in pt-BR, the Stripe session is expired at Stripe, nothing stored', async () => {
      const { store, checkout, stockNow } = await stocked({ 'camiseta-branca': 5, 'tenis-corrida': 0 });
      const response = await checkout(cart);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'insufficient_stock',
          message: 'Tênis de Corrida esgotou. Remova o produto do carrinho para continuar.',
        },
      });
      expect(capture.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'POST /v1/checkout/sessions',
        'POST /v1/checkout/sessions/cs_test_a1/expire',
      ]);
      expect(store.sessions.size).toBe(0);
      expect(stockNow()).toEqual([5, 0]);
    });
  });

  it('events for sessions we never stored: only a payment records anything', async () => {
    const { store } = await stripeApp();
    for (const type of ['checkout.session.expired', 'checkout.session.async_payment_failed', 'customer.created']) {
      expect((await deliver(event(type, 'cs_test_nobody'))).statusCode).toBe(200);
    }
    expect(
      (await deliver(event('checkout.session.completed', 'cs_test_nobody', { payment_status: 'unpaid' }))).statusCode,
    ).toBe(200);
    expect(store.sessions.size).toBe(0);
    expect(store.orders.size).toBe(0);
  });

  it('rejects a replayed delivery signed more than 5 minutes ago', async () => {
    const { store } = await stripeApp();
    const payload = completedEvent('cs_test_old');
    const old = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const response = await deliver(payload, old);
    expect(response.statusCode).toBe(400);
    expect(store.orders.size).toBe(0);
  });

  it('Firestore down while a webhook arrives: 503 (Stripe retries), and the retry records the order', async () => {
    const store = createMemoryStore();
    let down = true;
    const flaky: CheckoutStore = {
      ...store,
      settle: (...args) =>
        down ? Promise.reject(new StoreUnavailableError('emulated outage')) : store.settle(...args),
      recordOrder: (...args) =>
        down ? Promise.reject(new StoreUnavailableError('emulated outage')) : store.recordOrder(...args),
    };
    await stripeApp(undefined, flaky);
    const payload = completedEvent('cs_test_down');
    const failed = await deliver(payload);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    expect(store.orders.size).toBe(0);
    down = false;
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(store.orders.get('cs_test_down')).toMatchObject({ amountTotal: 349680 });
  });
});

describe('Stripe delivery: shipping options from our quote, the collected address from the webhook', () => {
  // 2 camisetas + 1 tênis in a category without a listed weight: 3 × 600 g + 200 g = 2,000 g. R$ 1.698,80 makes
  // Econômica free; Expressa to the Southeast is R$ 29,90 + 2 further 500 g steps of R$ 5,00 = R$ 39,90.
  const cart = [
    { id: 'camiseta-branca', quantity: 2 },
    { id: 'tenis-corrida', quantity: 1 },
  ];
  const rioExpressa = { cep: '20040-002', service: 'expressa' };
  const DAY = /^\d{4}-\d{2}-\d{2}$/;

  it('sends shipping_address_collection (BR) and both services as fixed-amount rates, the chosen one first', async () => {
    const { checkout, store } = await stripeApp();
    expect((await checkout(cart, rioExpressa)).statusCode).toBe(200);
    const form = Object.fromEntries(capture.requests[0]!.form);
    const shipping = Object.fromEntries(Object.entries(form).filter(([key]) => key.startsWith('shipping')));
    expect(shipping).toEqual({
      'shipping_address_collection[allowed_countries][0]': 'BR',
      'shipping_options[0][shipping_rate_data][type]': 'fixed_amount',
      'shipping_options[0][shipping_rate_data][fixed_amount][amount]': '3990',
      'shipping_options[0][shipping_rate_data][fixed_amount][currency]': 'brl',
      'shipping_options[0][shipping_rate_data][display_name]': 'Expressa',
      // Southeast Expressa: 1–3 business days of transit after 1 of handling.
      'shipping_options[0][shipping_rate_data][delivery_estimate][minimum][unit]': 'business_day',
      'shipping_options[0][shipping_rate_data][delivery_estimate][minimum][value]': '2',
      'shipping_options[0][shipping_rate_data][delivery_estimate][maximum][unit]': 'business_day',
      'shipping_options[0][shipping_rate_data][delivery_estimate][maximum][value]': '4',
      'shipping_options[0][shipping_rate_data][metadata][service]': 'expressa',
      'shipping_options[0][shipping_rate_data][metadata][cep]': '20040002',
      'shipping_options[0][shipping_rate_data][metadata][business_days_min]': '1',
      'shipping_options[0][shipping_rate_data][metadata][business_days_max]': '3',
      'shipping_options[0][shipping_rate_data][metadata][window_from]': expect.stringMatching(DAY),
      'shipping_options[0][shipping_rate_data][metadata][window_to]': expect.stringMatching(DAY),
      'shipping_options[1][shipping_rate_data][type]': 'fixed_amount',
      'shipping_options[1][shipping_rate_data][fixed_amount][amount]': '0',
      'shipping_options[1][shipping_rate_data][fixed_amount][currency]': 'brl',
      'shipping_options[1][shipping_rate_data][display_name]': 'Econômica',
      // Southeast Econômica: 3–6 + 1.
      'shipping_options[1][shipping_rate_data][delivery_estimate][minimum][unit]': 'business_day',
      'shipping_options[1][shipping_rate_data][delivery_estimate][minimum][value]': '4',
      'shipping_options[1][shipping_rate_data][delivery_estimate][maximum][unit]': 'business_day',
      'shipping_options[1][shipping_rate_data][delivery_estimate][maximum][value]': '7',
      'shipping_options[1][shipping_rate_data][metadata][service]': 'economica',
      'shipping_options[1][shipping_rate_data][metadata][cep]': '20040002',
      'shipping_options[1][shipping_rate_data][metadata][business_days_min]': '3',
      'shipping_options[1][shipping_rate_data][metadata][business_days_max]': '6',
      'shipping_options[1][shipping_rate_data][metadata][window_from]': expect.stringMatching(DAY),
      'shipping_options[1][shipping_rate_data][metadata][window_to]': expect.stringMatching(DAY),
    });
    // The products are still the line items, at catalog prices; the frete is not a line item.
    expect(form['line_items[2][quantity]']).toBeUndefined();
    expect(store.sessions.get('cs_test_a1')).toMatchObject({
      amountTotal: 2 * 9990 + 149900,
      delivery: { service: 'expressa', amount: 3990, uf: 'RJ', address: null },
    });
  });

  it('without a delivery nothing about shipping is sent (the request as before)', async () => {
    const { checkout } = await stripeApp();
    expect((await checkout(cart)).statusCode).toBe(200);
    expect([...capture.requests[0]!.form.keys()].filter((key) => key.startsWith('shipping'))).toEqual([]);
  });

  const rate = (id: string, service: string, from: string, to: string, min: number, max: number, name: string) => ({
    id,
    object: 'shipping_rate',
    display_name: name,
    type: 'fixed_amount',
    metadata: {
      service,
      cep: '20040002',
      business_days_min: String(min),
      business_days_max: String(max),
      window_from: from,
      window_to: to,
    },
  });
  const shippingDetails = (address: object, name = 'Carla Dias') => ({
    collected_information: { shipping_details: { name, address: { country: 'BR', ...address } } },
  });
  const paidEvent = (sessionId: string, extra: object) =>
    JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 169880 + 3990,
          currency: 'brl',
          client_reference_id: 'carla',
          customer_details: { email: 'carla@example.com' },
          ...extra,
        },
      },
    });
  const deliver = (payload: string) =>
    app!.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  const rioAddress = {
    line1: 'Avenida Rio Branco, 156',
    line2: 'sala 1201',
    city: 'Rio de Janeiro',
    state: 'RJ',
    postal_code: '20040-002',
  };
  const expressaCost = {
    shipping_cost: { amount_subtotal: 3990, amount_tax: 0, amount_total: 3990, shipping_rate: 'shr_expressa' },
  };

  it('the paid order keeps the collected address (collected_information.shipping_details) and the rate kept', async () => {
    const { checkout, store } = await stripeApp();
    expect((await checkout(cart, rioExpressa)).statusCode).toBe(200);
    shippingRates.set('shr_expressa', rate('shr_expressa', 'expressa', '2026-12-01', '2026-12-03', 1, 3, 'Expressa'));
    const payload = paidEvent('cs_test_a1', { ...shippingDetails(rioAddress), ...expressaCost });
    for (let i = 0; i < 2; i++) expect((await deliver(payload)).statusCode).toBe(200);
    expect([...store.orders.values()]).toEqual([
      expect.objectContaining({
        id: 'cs_test_a1',
        amountTotal: 169880,
        delivery: {
          cep: '20040002',
          uf: 'RJ',
          service: 'expressa',
          serviceName: 'Expressa',
          amount: 3990,
          businessDays: { min: 1, max: 3 },
          window: { from: '2026-12-01', to: '2026-12-03' },
          address: {
            recipient: 'Carla Dias',
            cep: '20040002',
            street: 'Avenida Rio Branco',
            number: '156',
            complement: 'sala 1201',
            neighborhood: '',
            city: 'Rio de Janeiro',
            uf: 'RJ',
          },
          review: null,
        },
      }),
    ]);
    expect(
      capture.requests.filter((request) => request.path.startsWith('/v1/shipping_rates/shr_expressa')),
    ).not.toHaveLength(0);
  });

  it('a shopper who switched to Econômica on Stripe gets Econômica and its amount', async () => {
    const { checkout, store } = await stripeApp();
    await checkout(cart, rioExpressa);
    shippingRates.set(
      'shr_economica',
      rate('shr_economica', 'economica', '2026-12-02', '2026-12-07', 3, 6, 'Econômica'),
    );
    await deliver(
      paidEvent('cs_test_a1', {
        ...shippingDetails(rioAddress),
        shipping_cost: { amount_subtotal: 0, amount_tax: 0, amount_total: 0, shipping_rate: 'shr_economica' },
      }),
    );
    expect(store.orders.get('cs_test_a1')!.delivery).toMatchObject({
      service: 'economica',
      serviceName: 'Econômica',
      amount: 0,
      businessDays: { min: 3, max: 6 },
      window: { from: '2026-12-02', to: '2026-12-07' },
      review: null,
    });
  });

  it('an address in another state than the quote: the order is kept with "Frete em revisão: …"', async () => {
    const { checkout, store } = await stripeApp();
    await checkout(cart, rioExpressa);
    shippingRates.set('shr_expressa', rate('shr_expressa', 'expressa', '2026-12-01', '2026-12-03', 1, 3, 'Expressa'));
    const saoPaulo = {
      line1: 'Rua Augusta, 100 apto 12',
      line2: null,
      city: 'São Paulo',
      state: 'SP',
      postal_code: '01310100',
    };
    expect((await deliver(paidEvent('cs_test_a1', { ...shippingDetails(saoPaulo), ...expressaCost }))).statusCode).toBe(
      200,
    );
    const delivery = store.orders.get('cs_test_a1')!.delivery!;
    expect(delivery.address).toEqual({
      recipient: 'Carla Dias',
      cep: '01310100',
      street: 'Rua Augusta',
      number: '100',
      complement: 'apto 12',
      neighborhood: '',
      city: 'São Paulo',
      uf: 'SP',
    });
    expect(delivery.review).toBe(
      'Frete em revisão: o endereço é em SP (CEP 01310-100), mas o frete foi cotado para RJ (CEP 20040-002).',
    );
    expect(delivery.amount).toBe(3990); // what Stripe charged, as it charged it
  });

  it('Firestore down while the webhook stores the address: 5xx, and the redelivery stores exactly one order, with its address', async () => {
    const store = createMemoryStore();
    let failures = 1;
    const flaky: CheckoutStore = {
      ...store,
      setDelivery: (...args) =>
        failures-- > 0 ? Promise.reject(new StoreUnavailableError('emulated outage')) : store.setDelivery(...args),
    };
    const { checkout } = await stripeApp(undefined, flaky);
    expect((await checkout(cart, rioExpressa)).statusCode).toBe(200);
    shippingRates.set('shr_expressa', rate('shr_expressa', 'expressa', '2026-12-01', '2026-12-03', 1, 3, 'Expressa'));
    const payload = paidEvent('cs_test_a1', { ...shippingDetails(rioAddress), ...expressaCost });
    const failed = await deliver(payload);
    expect(failed.statusCode).toBe(503);
    expect(store.orders.size).toBe(0);
    expect(store.sessions.get('cs_test_a1')).toMatchObject({ status: 'open', delivery: { address: null } });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await deliver(payload)).statusCode).toBe(200);
    expect([...store.orders.values()]).toEqual([
      expect.objectContaining({
        id: 'cs_test_a1',
        delivery: expect.objectContaining({
          address: expect.objectContaining({ recipient: 'Carla Dias', cep: '20040002' }),
        }),
      }),
    ]);
  });

  it('a Pix session: the address is kept when it goes pending, and the order has it when the Pix is paid', async () => {
    const { checkout, store } = await stripeApp();
    await checkout(cart, rioExpressa);
    shippingRates.set('shr_expressa', rate('shr_expressa', 'expressa', '2026-12-01', '2026-12-03', 1, 3, 'Expressa'));
    intents.set('pi_pix', {
      id: 'pi_pix',
      object: 'payment_intent',
      payment_method: { id: 'pm_pix', object: 'payment_method', type: 'pix' },
      next_action: { type: 'pix_display_qr_code', pix_display_qr_code: { data: '000201x', expires_at: 1_900_000_000 } },
    });
    const extra = { ...shippingDetails(rioAddress), ...expressaCost, payment_intent: 'pi_pix' };
    await deliver(paidEvent('cs_test_a1', { ...extra, payment_status: 'unpaid' }));
    expect(store.sessions.get('cs_test_a1')).toMatchObject({
      status: 'pending',
      delivery: { address: { city: 'Rio de Janeiro' } },
    });
    const succeeded = JSON.stringify({
      id: 'evt_ok',
      object: 'event',
      type: 'checkout.session.async_payment_succeeded',
      data: { object: { id: 'cs_test_a1', object: 'checkout.session', payment_status: 'paid', ...extra } },
    });
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(store.orders.get('cs_test_a1')).toMatchObject({
      paymentMethod: 'pix',
      delivery: { address: { recipient: 'Carla Dias' }, amount: 3990 },
    });
  });

  it('a session we never stored: the order gets the address and the rate from Stripe, and the products total without the frete', async () => {
    const { store } = await stripeApp();
    lineItemsOf.set('cs_test_lost', [
      {
        id: 'li_1',
        object: 'item',
        description: 'Tênis de Corrida',
        quantity: 1,
        amount_total: 149900,
        price: {
          id: 'price_1',
          unit_amount: 149900,
          product: { id: 'prod_1', object: 'product', metadata: { productId: 'tenis-corrida' } },
        },
      },
    ]);
    shippingRates.set('shr_expressa', rate('shr_expressa', 'expressa', '2026-12-01', '2026-12-03', 1, 3, 'Expressa'));
    const payload = JSON.stringify({
      id: 'evt_lost',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_lost',
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 149900 + 3990,
          currency: 'brl',
          client_reference_id: 'carla',
          ...shippingDetails(rioAddress),
          ...expressaCost,
        },
      },
    });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(store.orders.get('cs_test_lost')).toMatchObject({
      amountTotal: 149900,
      delivery: {
        cep: '20040002',
        uf: 'RJ',
        service: 'expressa',
        amount: 3990,
        address: { street: 'Avenida Rio Branco', number: '156' },
        review: null,
      },
    });
  });
});

describe("Stripe's address as ours", () => {
  const details = (address: Partial<Stripe.Address>) => ({
    name: ' Carla Dias ',
    address: { city: null, country: 'BR', line1: null, line2: null, postal_code: null, state: null, ...address },
  });

  it("line1 without a comma keeps the whole line as the street, number S/N; no state → the CEP's", () => {
    expect(
      addressFromStripe(details({ line1: 'Avenida Paulista 1578', postal_code: '01310-100', city: 'São Paulo' }), 'RJ'),
    ).toEqual({
      recipient: 'Carla Dias',
      cep: '01310100',
      street: 'Avenida Paulista 1578',
      number: 'S/N',
      complement: '',
      neighborhood: '',
      city: 'São Paulo',
      uf: 'SP',
    });
  });

  it('"Rua 25 de Março, 1000, loja 3" splits at the number after the last comma before it; line2 joins the complement', () => {
    expect(
      addressFromStripe(
        details({ line1: 'Rua 25 de Março, 1000, loja 3', line2: 'fundos', state: 'sp', postal_code: '01021-000' }),
        'SP',
      ),
    ).toMatchObject({
      street: 'Rua 25 de Março',
      number: '1000',
      complement: 'loja 3, fundos',
      uf: 'SP',
    });
  });

  it("a CEP in no Correios range keeps the quote's UF and asks for a review", () => {
    const address = addressFromStripe(details({ line1: 'Rua Sem Nome, 1', postal_code: '00500-000' }), 'RJ');
    expect(address.uf).toBe('RJ');
    expect(reviewReason(address, { cep: '20040002', uf: 'RJ' })).toBe(
      'Frete em revisão: o CEP do endereço (00500000) não está nas faixas dos Correios; o frete foi cotado para RJ.',
    );
    expect(reviewReason({ ...address, cep: '20040002' }, { cep: '20040002', uf: 'RJ' })).toBeNull();
  });
});
