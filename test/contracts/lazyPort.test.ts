// lazyPort (src/lazyPort.ts) is how main.tsx loads the HTTP checkout: every argument must reach the port.
import { describe, expect, it } from 'vitest';
import {
  CheckoutFailedError,
  type CheckoutPort,
  type CreateSessionOptions,
} from '../../src/adapters/checkout/checkoutPort';
import type { CartItem } from '../../src/domain';
import { lazyPort } from '../../src/lazyPort';

const items: CartItem[] = [
  { id: 'bone-branco', name: 'Boné Branco', imageUrl: '/images/bone.svg', price: 59.9, quantity: 2 },
];
const unavailable = (cause: unknown) =>
  new CheckoutFailedError('network', 'the checkout code could not be loaded', { cause });

function recordingCheckout() {
  const calls: Array<[readonly CartItem[], CreateSessionOptions | undefined]> = [];
  const port: CheckoutPort = {
    async createSession(received, options) {
      calls.push([received, options]);
      return { url: `http://127.0.0.1:5000/pay/s-${calls.length}` };
    },
  };
  return { port, calls };
}

describe('lazyPort', () => {
  it('forwards every argument createSession takes: the items, the Idempotency-Key and the delivery', async () => {
    const { port, calls } = recordingCheckout();
    const checkout: CheckoutPort = lazyPort(async () => port, ['createSession'], unavailable);
    const options: CreateSessionOptions = {
      idempotencyKey: 'attempt-1',
      delivery: { cep: '01310100', service: 'expressa' },
    };
    await expect(checkout.createSession(items, options)).resolves.toEqual({ url: 'http://127.0.0.1:5000/pay/s-1' });
    expect(calls).toEqual([[items, options]]);
  });

  it('loads the implementation once, on the first call', async () => {
    const { port } = recordingCheckout();
    let loads = 0;
    const checkout: CheckoutPort = lazyPort(async () => (loads++, port), ['createSession'], unavailable);
    expect(loads).toBe(0);
    await checkout.createSession(items);
    await checkout.createSession(items);
    expect(loads).toBe(1);
  });

  it("turns a failed download into the port's error and tries again on the next call", async () => {
    const { port, calls } = recordingCheckout();
    let loads = 0;
    const checkout: CheckoutPort = lazyPort(
      async () => {
        if (++loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return port;
      },
      ['createSession'],
      unavailable,
    );
    await expect(checkout.createSession(items)).rejects.toMatchObject({ reason: 'network', code: 'checkout/network' });
    await expect(checkout.createSession(items, { idempotencyKey: 'k' })).resolves.toMatchObject({
      url: expect.any(String),
    });
    expect(loads).toBe(2);
    expect(calls).toEqual([[items, { idempotencyKey: 'k' }]]);
  });
});

describe('lazyPort offline', () => {
  it('does not start the download while offline (the bundler would keep that failure), and the next call online loads it', async () => {
    const { port, calls } = recordingCheckout();
    let online = false;
    let loads = 0;
    const checkout: CheckoutPort = lazyPort(
      async () => (loads++, port),
      ['createSession'],
      unavailable,
      () => online,
    );
    await expect(checkout.createSession(items, { idempotencyKey: 'a' })).rejects.toMatchObject({ reason: 'network' });
    expect(loads).toBe(0);
    online = true;
    await expect(checkout.createSession(items, { idempotencyKey: 'a' })).resolves.toMatchObject({
      url: expect.any(String),
    });
    expect(loads).toBe(1);
    expect(calls).toEqual([[items, { idempotencyKey: 'a' }]]);
  });
});
