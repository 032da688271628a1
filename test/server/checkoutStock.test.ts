// @vitest-environment node
// POST /create-checkout-session with stock (docs/requirements.md#stock), in-process on the memory store: the 409's
// pt-BR text, one reservation per attempt however often it is sent, and a store that hangs mid-reservation. The
// messages and counts are written out here, not read from the code under test.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CHECKOUT_ROUTE } from '../../server/app';
import type { PaymentProvider } from '../../server/payments/paymentsPort';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import type { CheckoutStore } from '../../server/store/sessionStorePort';
import { aCategory, aProduct } from '../support/builders';
import { controllable } from '../support/fakes/controllable';
import { buildTestServer, emulatorIdToken, openPayPage } from './support';

const jaqueta = aProduct().withId('jaqueta-couro').withName('Jaqueta de Couro Preta').withPrice(499.9).build();
const bone = aProduct().withId('bone-branco').withName('Boné Branco').withPrice(60).build();
const boina = aProduct().withId('boina-la-marrom').withName('Boina de Lã Marrom').withPrice(89.9).build();
const catalog = memoryCatalog([aCategory().withProducts([jaqueta, bone, boina]).build()]);
const token = emulatorIdToken({ uid: 'bia-uid', email: 'bia@example.com' });

/** The simulated provider, with every session it was asked to end. */
function expiringProvider(): PaymentProvider & { expired: string[] } {
  const simulated = createSimulatedProvider({ publicUrl: 'http://backend.test' });
  const expired: string[] = [];
  return { ...simulated, expired, expireCheckoutSession: async (id) => (expired.push(id), 'expired') };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setup(stock: Record<string, number>, wrap: (store: CheckoutStore) => CheckoutStore = (s) => s) {
  const store = createMemoryStore({ stock });
  const payments = expiringProvider();
  app = await buildTestServer({
    catalog,
    store: wrap(store),
    payments,
    rateLimit: false,
    checkoutStoreDeadlineMs: 300,
  });
  const checkout = (products: Array<{ id: string; quantity: number }>, key?: string) =>
    app!.inject({
      method: 'POST',
      url: CHECKOUT_ROUTE,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { products },
    });
  return { store, payments, checkout };
}

describe('checkout with stock', () => {
  it('reserves the units of a checkout it opens; an untracked product is sold as before', async () => {
    const { store, checkout } = await setup({ 'jaqueta-couro': 5 });
    const response = await checkout([
      { id: 'jaqueta-couro', quantity: 2 },
      { id: 'bone-branco', quantity: 3 },
    ]);
    expect(response.statusCode).toBe(200);
    expect(store.stockOf('jaqueta-couro')).toBe(3);
    expect(store.stockOf('bone-branco')).toBeNull();
    const [session] = store.sessions.values();
    expect(session?.reserved).toEqual([{ productId: 'jaqueta-couro', quantity: 2 }]);
  });

  it('too few units: 409 insufficient_stock naming the product and what is left; nothing stored, the provider session ended', async () => {
    const { store, payments, checkout } = await setup({ 'jaqueta-couro': 1, 'bone-branco': 4 });
    const response = await checkout([
      { id: 'jaqueta-couro', quantity: 2 },
      { id: 'bone-branco', quantity: 1 },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'insufficient_stock',
        message: 'Só temos 1 unidade de Jaqueta de Couro Preta. Ajuste a quantidade no carrinho para continuar.',
      },
    });
    expect(store.sessions.size).toBe(0);
    expect([store.stockOf('jaqueta-couro'), store.stockOf('bone-branco')]).toEqual([1, 4]);
    expect(payments.expired).toHaveLength(1);
  });

  it('sold out, and two lines short: each named in one answer', async () => {
    const { checkout } = await setup({ 'boina-la-marrom': 0, 'jaqueta-couro': 2 });
    const soldOut = await checkout([{ id: 'boina-la-marrom', quantity: 1 }]);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({
      error: {
        code: 'insufficient_stock',
        message: 'Boina de Lã Marrom esgotou. Remova o produto do carrinho para continuar.',
      },
    });
    const both = await checkout([
      { id: 'jaqueta-couro', quantity: 3 },
      { id: 'boina-la-marrom', quantity: 2 },
    ]);
    expect(both.json()).toEqual({
      error: {
        code: 'insufficient_stock',
        message:
          'Só temos 2 unidades de Jaqueta de Couro Preta. Ajuste a quantidade no carrinho para continuar. ' +
          'Boina de Lã Marrom esgotou. Remova o produto do carrinho para continuar.',
      },
    });
  });

  it('a double click (two requests with one key at once) and a later retry: one session, one reservation', async () => {
    const { store, checkout } = await setup({ 'jaqueta-couro': 5 });
    const cart = [{ id: 'jaqueta-couro', quantity: 2 }];
    const [first, second] = await Promise.all([checkout(cart, 'attempt-double'), checkout(cart, 'attempt-double')]);
    const retry = await checkout(cart, 'attempt-double');
    expect([first.statusCode, second.statusCode, retry.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([first.json(), second.json(), retry.json()].map((answer) => answer.url)).size).toBe(1);
    expect(store.sessions.size).toBe(1);
    expect(store.stockOf('jaqueta-couro')).toBe(3);
  });

  it('after a 409 the same key is free again: the fixed cart opens a checkout, with a provider session of its own', async () => {
    const { store, payments, checkout } = await setup({ 'jaqueta-couro': 1 });
    const refused = await checkout([{ id: 'jaqueta-couro', quantity: 2 }], 'attempt-fixed');
    expect(refused.statusCode).toBe(409);
    const fixed = await checkout([{ id: 'jaqueta-couro', quantity: 1 }], 'attempt-fixed');
    expect(fixed.statusCode).toBe(200);
    expect(store.stockOf('jaqueta-couro')).toBe(0);
    expect(store.sessions.size).toBe(1);
    // The refused attempt's session was ended; the open one is another.
    expect(payments.expired).toHaveLength(1);
    expect(store.sessions.has(payments.expired[0]!)).toBe(false);
  });

  it('the last unit: of 5 shoppers at once exactly one gets it, 4 read that it sold out', async () => {
    const { store, checkout } = await setup({ 'boina-la-marrom': 1 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => checkout([{ id: 'boina-la-marrom', quantity: 1 }], `attempt-shopper-${i}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    expect(store.stockOf('boina-la-marrom')).toBe(0);
  });

  it('Cancelar on the pay page gives the units back; Pagar keeps them sold', async () => {
    const { store } = await setup({ 'jaqueta-couro': 3 });
    const canceled = await openPayPage(app!, token, { products: [{ id: 'jaqueta-couro', quantity: 2 }] });
    expect(store.stockOf('jaqueta-couro')).toBe(1);
    expect((await canceled.press('cancel')).statusCode).toBe(303);
    expect(store.stockOf('jaqueta-couro')).toBe(3);
    expect((await canceled.press('cancel')).statusCode).toBe(303);
    expect(store.stockOf('jaqueta-couro')).toBe(3);
  });

  it('the store hangs while reserving: a pt-BR 503 by the deadline; once it answers, the late checkout is expired and its units are back, and the retry reserves once', async () => {
    const opening = controllable<
      Parameters<CheckoutStore['openSession']>,
      Awaited<ReturnType<CheckoutStore['openSession']>>
    >('openSession');
    let hang = true;
    const { store, payments, checkout } = await setup({ 'jaqueta-couro': 4 }, (inner) => ({
      ...inner,
      openSession: (session) => (hang ? opening.fn(session) : inner.openSession(session)),
    }));
    const cart = [{ id: 'jaqueta-couro', quantity: 2 }];
    const started = Date.now();
    const answer = await checkout(cart, 'attempt-hung');
    // The deadline is 300 ms here; the storefront gives up at 8 s.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      error: {
        code: 'unavailable',
        message: 'Não foi possível reservar os produtos agora. Tente novamente em instantes.',
      },
    });
    // The store comes back and commits the reservation it was given.
    hang = false;
    opening.latest().resolve(await store.openSession(opening.latest().args[0]));
    await expect.poll(() => store.stockOf('jaqueta-couro')).toBe(4);
    const late = [...store.sessions.values()][0]!;
    expect(late.status).toBe('expired');
    expect(payments.expired).toEqual([late.id]);

    const retry = await checkout(cart, 'attempt-hung');
    expect(retry.statusCode).toBe(200);
    expect(store.stockOf('jaqueta-couro')).toBe(2);
    expect([...store.sessions.values()].map((session) => session.status).sort()).toEqual(['expired', 'open']);
  });
});
