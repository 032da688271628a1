import { describe, expect, it } from 'vitest';
import { CheckoutFailedError, type CheckoutFailure, type CheckoutPort } from '../../src/adapters/checkout/checkoutPort';
import { aCartItem, aProduct } from '../support/builders';

/** What the backend (or the fake) does for this test. */
export type CheckoutScenario =
  'success' | 'server-error' | 'timeout' | 'answer-without-url' | 'network-down' | 'signed-out' | 'conflict';

export interface CheckoutSetup {
  checkout: CheckoutPort;
  /** The product lists the backend received, oldest first. */
  received(): unknown[][];
  /** The Idempotency-Key of each request the backend received (null when there was none), oldest first. */
  keys?(): (string | null)[];
  /** The delivery each request carried (null when it carried none), oldest first. */
  deliveries(): unknown[];
}
export type MakeCheckout = (scenario: CheckoutScenario) => Promise<CheckoutSetup>;

const expectedFailure: Record<Exclude<CheckoutScenario, 'success'>, CheckoutFailure> = {
  'server-error': 'http',
  timeout: 'timeout',
  'answer-without-url': 'invalid-response',
  'network-down': 'network',
  'signed-out': 'unauthenticated',
  conflict: 'conflict',
};

/** The CheckoutPort contract: every implementation must pass it. */
export function testCheckoutPort(name: string, makeAdapter: MakeCheckout, options: { idempotency?: boolean } = {}) {
  const idempotency = options.idempotency ?? true;
  describe(`CheckoutPort contract: ${name}`, () => {
    const items = [
      aCartItem().of(aProduct().withId('jaqueta-couro').withPrice(500).build()).withQuantity(2).build(),
      aCartItem().of(aProduct().withId('bone-branco').withPrice(59.9).build()).build(),
    ];

    it('creates a session and answers the hosted payment page url', async () => {
      const { checkout, received } = await makeAdapter('success');
      const session = await checkout.createSession(items);
      expect(new URL(session.url).protocol).toMatch(/^https?:$/);
      expect(received()).toHaveLength(1);
      expect(received()[0]).toEqual(
        items.map(({ id, name, imageUrl, price, quantity }) => ({ id, name, imageUrl, price, quantity })),
      );
    });

    for (const [scenario, reason] of Object.entries(expectedFailure).filter(([s]) => idempotency || s !== 'conflict')) {
      it(`fails with CheckoutFailedError(${reason}) when ${scenario}`, async () => {
        const { checkout } = await makeAdapter(scenario as CheckoutScenario);
        // A conflict needs a key (one already used for another cart).
        const error = await checkout
          .createSession(items, scenario === 'conflict' ? { idempotencyKey: 'attempt-1' } : undefined)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(CheckoutFailedError);
        expect(error).toMatchObject({ reason, code: `checkout/${reason}` });
      });
    }

    it('reports the HTTP status of a server error', async () => {
      const { checkout } = await makeAdapter('server-error');
      await expect(checkout.createSession(items)).rejects.toMatchObject({ reason: 'http', status: 500 });
    });

    it.runIf(idempotency)(
      "sends the attempt's Idempotency-Key; the same key again answers the same session (the payload is unchanged)",
      async () => {
        const { checkout, received, keys } = await makeAdapter('success');
        const first = await checkout.createSession(items, { idempotencyKey: 'attempt-1' });
        const again = await checkout.createSession(items, { idempotencyKey: 'attempt-1' });
        const other = await checkout.createSession(items, { idempotencyKey: 'attempt-2' });
        expect(keys!()).toEqual(['attempt-1', 'attempt-1', 'attempt-2']);
        expect(again.url).toBe(first.url);
        expect(other.url).not.toBe(first.url);
        expect(received()[0]).toEqual(received()[1]);
      },
    );

    it.runIf(idempotency)('sends no key when none is given', async () => {
      const { checkout, keys } = await makeAdapter('success');
      await checkout.createSession(items);
      expect(keys!()).toEqual([null]);
    });

    it.runIf(idempotency)("a 409 carries the backend's message for the shopper", async () => {
      const { checkout } = await makeAdapter('conflict');
      const error = await checkout.createSession(items, { idempotencyKey: 'attempt-1' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ reason: 'conflict', status: 409 });
      expect((error as CheckoutFailedError).userMessage).toMatch(/\S/);
    });

    it('sends the chosen delivery (CEP and service) with the products', async () => {
      const { checkout, received, deliveries } = await makeAdapter('success');
      await checkout.createSession(items, { delivery: { cep: '01310100', service: 'expressa' } });
      expect(deliveries()).toEqual([{ cep: '01310100', service: 'expressa' }]);
      expect(received()[0]).toEqual(
        items.map(({ id, name, imageUrl, price, quantity }) => ({ id, name, imageUrl, price, quantity })),
      );
    });

    it('sends no delivery when none was chosen', async () => {
      const { checkout, deliveries } = await makeAdapter('success');
      await checkout.createSession(items);
      await checkout.createSession(items, { idempotencyKey: 'attempt-1' });
      expect(deliveries()).toEqual([null, null]);
    });

    it('sends nothing when nobody is signed in', async () => {
      const { checkout, received } = await makeAdapter('signed-out');
      await checkout.createSession(items).catch(() => {});
      expect(received()).toEqual([]);
    });
  });
}
