import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CHECKOUT_FAILED_MESSAGE, checkoutMachine, createCheckoutActors } from '../../src/machines/checkoutMachine';
import { CheckoutFailedError } from '../../src/adapters/checkout/checkoutPort';
import { aCartItem } from '../support/builders';
import { fakeCheckout } from '../support/fakes/fakePorts';
import { tick } from '../support/fakes/controllable';
import { startCheckout } from './support/startCheckout';

const items = [aCartItem().withQuantity(2).build(), aCartItem().build()];

describe('checkoutMachine', () => {
  it('submit → busy → redirects the browser to the session url', async () => {
    const { actor, checkout, redirectTo, snap } = startCheckout();
    actor.send({ type: 'checkout.submit', items });
    expect(snap().value).toBe('submitting');
    expect(snap().hasTag('busy')).toBe(true);
    expect(checkout.createSession.latest().args[0]).toEqual(items);
    checkout.createSession.latest().resolve({ url: 'http://127.0.0.1:5000/pay/s-1' });
    await tick();
    expect(redirectTo).toHaveBeenCalledExactlyOnceWith('http://127.0.0.1:5000/pay/s-1');
    expect(snap().value).toBe('redirecting');
    expect(snap().hasTag('busy')).toBe(true);
  });

  it('a second submit while submitting does nothing', async () => {
    const { actor, checkout, redirectTo } = startCheckout();
    actor.send({ type: 'checkout.submit', items });
    actor.send({ type: 'checkout.submit', items });
    actor.send({ type: 'checkout.submit', items });
    expect(checkout.createSession.calls).toHaveLength(1);
    checkout.createSession.latest().resolve({ url: 'http://127.0.0.1:5000/pay/s-1' });
    await tick();
    actor.send({ type: 'checkout.submit', items });
    expect(checkout.createSession.calls).toHaveLength(1);
    expect(redirectTo).toHaveBeenCalledTimes(1);
  });

  it('failure: logged, message shown, button usable again (the next submit works)', async () => {
    const { actor, checkout, redirectTo, logError, snap } = startCheckout();
    actor.send({ type: 'checkout.submit', items });
    const error = new CheckoutFailedError('http', 'boom', { status: 500 });
    checkout.createSession.latest().reject(error);
    await tick();
    expect(snap().value).toBe('failed');
    expect(snap().hasTag('busy')).toBe(false);
    expect(snap().context.errorMessage).toBe(CHECKOUT_FAILED_MESSAGE);
    expect(logError).toHaveBeenCalledWith({ error, during: 'createSession' });
    expect(redirectTo).not.toHaveBeenCalled();

    actor.send({ type: 'checkout.submit', items });
    expect(snap().value).toBe('submitting');
    expect(snap().context.errorMessage).toBeNull();
    expect(checkout.createSession.calls).toHaveLength(2);
    checkout.createSession.latest().resolve({ url: 'http://127.0.0.1:5000/pay/s-2' });
    await tick();
    expect(redirectTo).toHaveBeenCalledExactlyOnceWith('http://127.0.0.1:5000/pay/s-2');
  });

  it('an empty cart submit is ignored', () => {
    const { actor, checkout, snap } = startCheckout();
    actor.send({ type: 'checkout.submit', items: [] });
    expect(snap().value).toBe('idle');
    expect(checkout.createSession.calls).toHaveLength(0);
  });
});

describe('checkoutMachine: one Idempotency-Key per attempt', () => {
  const keyOf = (call: { args: readonly unknown[] }) =>
    (call.args[1] as { idempotencyKey?: string } | undefined)?.idempotencyKey;
  function startWithKeys() {
    const checkout = fakeCheckout();
    let drawn = 0;
    const actor = createActor(
      checkoutMachine.provide({
        actors: createCheckoutActors({ checkout: checkout.port, newKey: () => `key-${++drawn}` }),
      }),
    ).start();
    return { actor, checkout, snap: () => actor.getSnapshot() };
  }

  it('a retry of the same cart after a network failure or a timeout sends the same key', async () => {
    const { actor, checkout } = startWithKeys();
    actor.send({ type: 'checkout.submit', items });
    checkout.createSession.latest().reject(new CheckoutFailedError('network', 'offline'));
    await tick();
    actor.send({ type: 'checkout.submit', items: items.map((item) => ({ ...item })) });
    checkout.createSession.latest().reject(new CheckoutFailedError('timeout', 'slow'));
    await tick();
    actor.send({ type: 'checkout.submit', items });
    expect(checkout.createSession.calls.map(keyOf)).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('the machine gives up at 8 s; a session that arrives later keeps the key, so the retry gets that session back', async () => {
    const checkout = fakeCheckout();
    const clock = new SimulatedClock();
    let drawn = 0;
    const redirects: string[] = [];
    const actor = createActor(
      checkoutMachine.provide({
        actors: createCheckoutActors({ checkout: checkout.port, newKey: () => `key-${++drawn}` }),
        actions: { redirectTo: (_, { url }) => redirects.push(url) },
      }),
      { clock },
    ).start();
    actor.send({ type: 'checkout.submit', items });
    clock.increment(7_999);
    expect(actor.getSnapshot().value).toBe('submitting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorMessage).toBe(
      'Não foi possível iniciar o pagamento. Tente novamente em instantes.',
    );
    checkout.createSession.latest().resolve({ url: 'http://127.0.0.1:5000/pay/late' });
    await tick();
    expect(redirects).toEqual([]);
    actor.send({ type: 'checkout.submit', items });
    expect(checkout.createSession.calls.map(keyOf)).toEqual(['key-1', 'key-1']);
    actor.stop();
  });

  it('a changed cart is a new attempt with a new key', async () => {
    const { actor, checkout } = startWithKeys();
    actor.send({ type: 'checkout.submit', items });
    checkout.createSession.latest().reject(new CheckoutFailedError('network', 'offline'));
    await tick();
    const changed = [{ ...items[0]!, quantity: 3 }, items[1]!];
    actor.send({ type: 'checkout.submit', items: changed });
    expect(checkout.createSession.calls.map(keyOf)).toEqual(['key-1', 'key-2']);
  });

  it('the chosen delivery goes to the backend with the key; another CEP or service is a new attempt', async () => {
    const { actor, checkout } = startWithKeys();
    const deliveryOf = (call: { args: readonly unknown[] }) =>
      (call.args[1] as { delivery?: unknown } | undefined)?.delivery;
    actor.send({ type: 'checkout.submit', items, delivery: { cep: '01310100', service: 'economica' } });
    checkout.createSession.latest().reject(new CheckoutFailedError('network', 'offline'));
    await tick();
    actor.send({ type: 'checkout.submit', items, delivery: { cep: '01310100', service: 'economica' } });
    checkout.createSession.latest().reject(new CheckoutFailedError('network', 'offline'));
    await tick();
    actor.send({ type: 'checkout.submit', items, delivery: { cep: '01310100', service: 'expressa' } });
    checkout.createSession.latest().reject(new CheckoutFailedError('network', 'offline'));
    await tick();
    actor.send({ type: 'checkout.submit', items, delivery: null });
    expect(checkout.createSession.calls.map(keyOf)).toEqual(['key-1', 'key-1', 'key-2', 'key-3']);
    expect(checkout.createSession.calls.map(deliveryOf)).toEqual([
      { cep: '01310100', service: 'economica' },
      { cep: '01310100', service: 'economica' },
      { cep: '01310100', service: 'expressa' },
      undefined,
    ]);
  });

  it('an answer ends the attempt: after a server error the next click draws a new key', async () => {
    const { actor, checkout } = startWithKeys();
    actor.send({ type: 'checkout.submit', items });
    checkout.createSession.latest().reject(new CheckoutFailedError('http', 'boom', { status: 500 }));
    await tick();
    actor.send({ type: 'checkout.submit', items });
    expect(checkout.createSession.calls.map(keyOf)).toEqual(['key-1', 'key-2']);
  });

  it('a success ends the attempt too (the same cart bought again later is a new attempt)', async () => {
    const checkout = fakeCheckout();
    let drawn = 0;
    const actors = createCheckoutActors({ checkout: checkout.port, newKey: () => `key-${++drawn}` });
    const first = createActor(checkoutMachine.provide({ actors })).start();
    first.send({ type: 'checkout.submit', items });
    checkout.createSession.latest().resolve({ url: 'http://127.0.0.1:5000/pay/s-1' });
    await tick();
    const second = createActor(checkoutMachine.provide({ actors })).start();
    second.send({ type: 'checkout.submit', items });
    expect(checkout.createSession.calls.map(keyOf)).toEqual(['key-1', 'key-2']);
  });

  it('without a key generator each attempt draws a random UUID: a new cart, a new one', async () => {
    const checkout = fakeCheckout();
    const actors = createCheckoutActors({ checkout: checkout.port });
    const first = createActor(checkoutMachine.provide({ actors })).start();
    first.send({ type: 'checkout.submit', items });
    checkout.createSession.latest().reject(new CheckoutFailedError('network', 'offline'));
    await tick();
    first.send({ type: 'checkout.submit', items: [items[0]!] });
    const keys = checkout.createSession.calls.map(keyOf);
    const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(keys[0]).not.toBe(keys[1]);
  });

  // Two pages of one shop (two tabs) share the actors: an older attempt that ends late must not end the newer
  // one, or the newer cart's retry after a network failure would draw a new key (and could pay twice).
  describe('an older attempt ending after a newer one started (two tabs, one set of actors)', () => {
    function twoTabs() {
      const checkout = fakeCheckout();
      let drawn = 0;
      const actors = createCheckoutActors({ checkout: checkout.port, newKey: () => `key-${++drawn}` });
      const tab = () => createActor(checkoutMachine.provide({ actors })).start();
      return { checkout, older: tab(), newer: tab() };
    }
    const otherCart = [items[1]!];

    it("the older one's success keeps the newer one's key for its retry", async () => {
      const { checkout, older, newer } = twoTabs();
      older.send({ type: 'checkout.submit', items });
      newer.send({ type: 'checkout.submit', items: otherCart });
      checkout.createSession.calls[0]!.resolve({ url: 'http://127.0.0.1:5000/pay/s-1' });
      await tick();
      checkout.createSession.calls[1]!.reject(new CheckoutFailedError('network', 'offline'));
      await tick();
      newer.send({ type: 'checkout.submit', items: otherCart });
      expect(checkout.createSession.calls.map(keyOf)).toEqual(['key-1', 'key-2', 'key-2']);
    });

    it("the older one's answered failure keeps the newer one's key for its retry", async () => {
      const { checkout, older, newer } = twoTabs();
      older.send({ type: 'checkout.submit', items });
      newer.send({ type: 'checkout.submit', items: otherCart });
      checkout.createSession.calls[0]!.reject(new CheckoutFailedError('http', 'boom', { status: 500 }));
      await tick();
      checkout.createSession.calls[1]!.reject(new CheckoutFailedError('timeout', 'slow'));
      await tick();
      newer.send({ type: 'checkout.submit', items: otherCart });
      expect(checkout.createSession.calls.map(keyOf)).toEqual(['key-1', 'key-2', 'key-2']);
    });
  });

  it("a 409 shows the backend's pt-BR message instead of ours", async () => {
    const { actor, checkout, snap } = startWithKeys();
    actor.send({ type: 'checkout.submit', items });
    checkout.createSession
      .latest()
      .reject(new CheckoutFailedError('conflict', '409', { status: 409, userMessage: 'Este pedido já foi pago.' }));
    await tick();
    expect(snap().context.errorMessage).toBe('Este pedido já foi pago.');
  });
});
