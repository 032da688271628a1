// POST /create-checkout-session with an Idempotency-Key, over any CheckoutStore: the memory store
// (checkoutIdempotency.test.ts) and the Firestore emulator (checkoutStore.firestore.emulators.test.ts).
import { describe, expect, it } from 'vitest';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CHECKOUT_ROUTE } from '../../server/app';
import type { CheckoutRequest, CreatedSession, PaymentProvider } from '../../server/payments/paymentsPort';
import { createSimulatedProvider, newSimulatedSessionId } from '../../server/payments/simulated';
import type { CheckoutStore } from '../../server/store/sessionStorePort';
import { aCategory, aProduct } from '../support/builders';
import { buildTestServer, emulatorIdToken } from './support';

const STOREFRONT = 'http://localhost:4321';
const camiseta = aProduct().withId('camiseta').withName('Camiseta').withPrice(59.9).build();
const calca = aProduct().withId('calca').withName('Calça').withPrice(129).build();

/** A simulated provider that counts sessions and answers slowly (concurrent repeats overlap). */
function countingProvider(delayMs = 20): PaymentProvider & { requests: CheckoutRequest[] } {
  const requests: CheckoutRequest[] = [];
  return {
    name: 'simulated',
    requests,
    async createCheckoutSession(request): Promise<CreatedSession> {
      requests.push(request);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const id = newSimulatedSessionId();
      return { id, url: `http://backend.test/pay/${id}` };
    },
    refund: createSimulatedProvider({ publicUrl: 'http://backend.test' }).refund,
    expireCheckoutSession: async () => 'expired',
  };
}

export function testIdempotentCheckout(name: string, makeStore: () => Promise<CheckoutStore>) {
  describe(`Idempotency-Key on ${CHECKOUT_ROUTE}: ${name}`, () => {
    let run = 0;
    const setup = async (payments: PaymentProvider = countingProvider()) => {
      const store = await makeStore();
      const app = await buildTestServer({
        storefrontUrl: STOREFRONT,
        catalog: memoryCatalog([aCategory().withProducts([camiseta, calca]).build()]),
        payments,
        store,
        rateLimit: false,
        // These tests are about one session per attempt, not the store's deadline (test/server/checkoutStock.test.ts):
        // on a loaded machine 50 concurrent requests on the emulator may take longer than the production 5 s.
        checkoutStoreDeadlineMs: 60_000,
      });
      const uid = `ida-${process.pid}-${Date.now()}-${++run}`;
      const token = emulatorIdToken({ uid, email: 'ida@example.com' });
      const checkout = (
        key: string | undefined,
        products: object[] = [
          { id: 'camiseta', quantity: 2 },
          { id: 'calca', quantity: 1 },
        ],
        bearer = token,
      ) =>
        app.inject({
          method: 'POST',
          url: CHECKOUT_ROUTE,
          headers: { authorization: `Bearer ${bearer}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
          payload: { products },
        });
      return { app, store, checkout, uid };
    };

    it('a repeated key answers the same { url } without a second session; the key is stored on the session', async () => {
      const payments = countingProvider();
      const { app, store, checkout } = await setup(payments);
      const first = await checkout('attempt-0001');
      // Same cart in another order is the same attempt.
      const second = await checkout('attempt-0001', [
        { id: 'calca', quantity: 1 },
        { id: 'camiseta', quantity: 2 },
      ]);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(payments.requests).toHaveLength(1);
      // The scoped key and a part of its own per claim (a refused attempt claimed again gets a new session).
      expect(payments.requests[0]!.idempotencyKey).toMatch(/^checkout_[0-9a-f]{40}_[0-9a-f]{8}$/);
      const id = decodeURIComponent(first.json<{ url: string }>().url.split('/').pop()!);
      expect(await store.getSession(id)).toMatchObject({
        status: 'open',
        idempotencyKey: 'attempt-0001',
        paymentMethod: null,
        pix: null,
        boleto: null,
      });
      await app.close();
    });

    it('50 concurrent requests with one key → exactly one session, 50 identical answers', async () => {
      const payments = countingProvider(50);
      const { app, checkout } = await setup(payments);
      const answers = await Promise.all(Array.from({ length: 50 }, () => checkout('attempt-concurrent-1')));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
      expect(new Set(answers.map((a) => a.json<{ url: string }>().url)).size).toBe(1);
      expect(payments.requests).toHaveLength(1);
      await app.close();
    }, 60_000);

    it('the same key with another cart → 409 in pt-BR, no new session', async () => {
      const payments = countingProvider();
      const { app, checkout } = await setup(payments);
      expect((await checkout('attempt-0002')).statusCode).toBe(200);
      const other = await checkout('attempt-0002', [{ id: 'camiseta', quantity: 3 }]);
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({
        error: {
          code: 'idempotency_key_reused',
          message: 'Esta tentativa de pagamento já foi usada com outro carrinho. Atualize a página e tente de novo.',
        },
      });
      expect(payments.requests).toHaveLength(1);
      await app.close();
    });

    it('keys are scoped per shopper; no key → a fresh session each time (the plain call)', async () => {
      const payments = countingProvider();
      const { app, checkout } = await setup(payments);
      const other = emulatorIdToken({ uid: `other-${Date.now()}`, email: 'o@example.com' });
      const mine = await checkout('attempt-shared');
      const theirs = await checkout('attempt-shared', undefined, other);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json()).not.toEqual(mine.json());
      expect(payments.requests[0]!.idempotencyKey).not.toBe(payments.requests[1]!.idempotencyKey);
      const a = await checkout(undefined);
      const b = await checkout(undefined);
      expect(a.json()).not.toEqual(b.json());
      expect(payments.requests).toHaveLength(4);
      await app.close();
    });

    it('a provider failure releases the key: the retry with the same key creates the session', async () => {
      const inner = countingProvider();
      let fail = true;
      const payments: PaymentProvider = {
        name: 'simulated',
        refund: inner.refund,
        expireCheckoutSession: inner.expireCheckoutSession,
        createCheckoutSession: async (request) => {
          if (fail) {
            fail = false;
            const { PaymentProviderError } = await import('../../server/payments/paymentsPort');
            throw new PaymentProviderError('down');
          }
          return inner.createCheckoutSession(request);
        },
      };
      const { app, checkout } = await setup(payments);
      expect((await checkout('attempt-retry1')).statusCode).toBe(502);
      expect((await checkout('attempt-retry1')).statusCode).toBe(200);
      await app.close();
    });

    it.each([
      ['too short', 'abc1234'],
      ['too long', 'a'.repeat(201)],
      ['a forbidden character', 'attempt 0001'],
      ['a slash', 'attempt/0001'],
      ['empty', ''],
    ])('refuses a key that is %s with 400 in pt-BR', async (_name, key) => {
      const payments = countingProvider();
      const { app, checkout } = await setup(payments);
      const response = await checkout(key);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'invalid_idempotency_key', message: expect.stringMatching(/^Chave de idempotência inválida/) },
      });
      expect(payments.requests).toHaveLength(0);
      await app.close();
    });
  });
}
