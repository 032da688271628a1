import { describe, expect, it } from 'vitest';
import { CheckoutFailedError, type CheckoutFailure, type CheckoutPort } from '../../src/adapters/checkout/port';
import { aCartItem, aProduct } from '../support/builders';

/** What the backend (or the fake) does for this test. */
export type CheckoutScenario = 'success' | 'server-error' | 'timeout' | 'answer-without-url' | 'network-down' | 'signed-out';

export interface CheckoutSetup {
  checkout: CheckoutPort;
  /** The product lists the backend received, oldest first. */
  received(): unknown[][];
}
export type MakeCheckout = (scenario: CheckoutScenario) => Promise<CheckoutSetup>;

const expectedFailure: Record<Exclude<CheckoutScenario, 'success'>, CheckoutFailure> = {
  'server-error': 'http',
  timeout: 'timeout',
  'answer-without-url': 'invalid-response',
  'network-down': 'network',
  'signed-out': 'unauthenticated',
};

/** The CheckoutPort contract: every implementation must pass it. */
export function testCheckoutPort(name: string, makeAdapter: MakeCheckout) {
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
      expect(received()[0]).toEqual(items.map(({ id, name, imageUrl, price, quantity }) => ({ id, name, imageUrl, price, quantity })));
    });

    for (const [scenario, reason] of Object.entries(expectedFailure)) {
      it(`fails with CheckoutFailedError(${reason}) when ${scenario}`, async () => {
        const { checkout } = await makeAdapter(scenario as CheckoutScenario);
        const error = await checkout.createSession(items).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(CheckoutFailedError);
        expect(error).toMatchObject({ reason, code: `checkout/${reason}` });
      });
    }

    it('reports the HTTP status of a server error', async () => {
      const { checkout } = await makeAdapter('server-error');
      await expect(checkout.createSession(items)).rejects.toMatchObject({ reason: 'http', status: 500 });
    });

    it('sends nothing when nobody is signed in', async () => {
      const { checkout, received } = await makeAdapter('signed-out');
      await checkout.createSession(items).catch(() => {});
      expect(received()).toEqual([]);
    });
  });
}
