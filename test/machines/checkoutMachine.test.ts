import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CHECKOUT_FAILED_MESSAGE, checkoutMachine, createCheckoutActors } from '../../src/machines/checkoutMachine';
import { CheckoutFailedError } from '../../src/adapters/checkout/port';
import { aCartItem } from '../support/builders';
import { fakeCheckout } from '../support/fakes/ports';
import { tick } from '../support/fakes/controllable';

const items = [aCartItem().withQuantity(2).build(), aCartItem().build()];

function startCheckout() {
  const checkout = fakeCheckout();
  const redirectTo = vi.fn();
  const logError = vi.fn();
  const actor = createActor(
    checkoutMachine.provide({
      actors: createCheckoutActors({ checkout: checkout.port }),
      actions: { redirectTo: (_, params) => redirectTo(params.url), logError: (_, params) => logError(params) },
    }),
  ).start();
  return { actor, checkout, redirectTo, logError, snap: () => actor.getSnapshot() };
}

describe('checkoutMachine', () => {
  it('submit → busy → redirects the browser to the session url', async () => {
    const { actor, checkout, redirectTo, snap } = startCheckout();
    actor.send({ type: 'checkout.submit', items });
    expect(snap().value).toBe('submitting');
    expect(snap().hasTag('busy')).toBe(true);
    expect(checkout.createSession.latest().args).toEqual([items]);
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
