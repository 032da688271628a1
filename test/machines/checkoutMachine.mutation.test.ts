// checkoutMachine and checkoutGuardMachine behaviour the mutation run (npm run test:mutation) showed untested.
// Events in; state, tags, port calls and the text a shopper reads out, written here by hand.
import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../src/domain';
import { expectRedirectAfterThreeSeconds, startGuard } from './support/startGuard';
import { CheckoutFailedError } from '../../src/adapters/checkout/checkoutPort';
import { tick } from '../support/fakes/controllable';
import { startCheckout } from './support/startCheckout';

const items: CartItem[] = [
  { id: 'jaqueta', name: 'Jaqueta Jeans', imageUrl: '/images/jaqueta.webp', price: 89.9, quantity: 2 },
];

describe('checkoutMachine (mutation run)', () => {
  it('starts idle, not busy, with no message', () => {
    const { snap } = startCheckout();
    expect(snap().value).toBe('idle');
    expect(snap().hasTag('busy')).toBe(false);
    expect(snap().context).toEqual({ errorMessage: null });
  });

  it('a failure shows the shopper this exact text', async () => {
    const { actor, checkout, snap } = startCheckout();
    actor.send({ type: 'checkout.submit', items });
    checkout.createSession.latest().reject(new CheckoutFailedError('network', 'offline'));
    await tick();
    expect(snap().context.errorMessage).toBe('Não foi possível iniciar o pagamento. Tente novamente em instantes.');
  });

  it('after a failure, an empty cart submit is still ignored (message kept, no call)', async () => {
    const { actor, checkout, snap } = startCheckout();
    actor.send({ type: 'checkout.submit', items });
    checkout.createSession.latest().reject(new CheckoutFailedError('http', 'boom', { status: 502 }));
    await tick();
    actor.send({ type: 'checkout.submit', items: [] });
    expect(snap().value).toBe('failed');
    expect(snap().context.errorMessage).not.toBeNull();
    expect(checkout.createSession.calls).toHaveLength(1);
  });

  it('the items of the submit that started it are the ones sent', async () => {
    const { actor, checkout } = startCheckout();
    const other: CartItem[] = [{ ...items[0]!, id: 'bone', name: 'Boné', price: 0.1, quantity: 3 }];
    actor.send({ type: 'checkout.submit', items: other });
    actor.send({ type: 'checkout.submit', items });
    expect(checkout.createSession.calls.map((call) => call.args[0])).toEqual([other]);
  });
});

describe('checkoutGuardMachine (mutation run)', () => {
  it('logged out, the redirect happens once, 3 s later', () => {
    const { clock, navigateToLogin, actor } = startGuard(false);
    expectRedirectAfterThreeSeconds({ clock, navigateToLogin });
    expect(actor.getSnapshot().value).toBe('redirected');
    clock.increment(3000);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it('logged in, a second signed-in notice changes nothing and nobody is redirected', () => {
    const { clock, navigateToLogin, set, actor } = startGuard(true);
    set('signedIn');
    expect(actor.getSnapshot().value).toBe('allowed');
    clock.increment(3000);
    expect(navigateToLogin).not.toHaveBeenCalled();
  });
});
