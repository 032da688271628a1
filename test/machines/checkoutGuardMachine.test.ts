import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { checkoutGuardMachine, LOGIN_REDIRECT_DELAY_MS } from '../../src/machines/checkoutGuardMachine';

function startGuard(isLoggedIn: boolean) {
  const clock = new SimulatedClock();
  const navigateToLogin = vi.fn();
  const actor = createActor(checkoutGuardMachine.provide({ actions: { navigateToLogin } }), {
    input: { isLoggedIn },
    clock,
  }).start();
  return { actor, clock, navigateToLogin };
}

describe('checkoutGuardMachine', () => {
  it('SPEC §9: the redirect delay is 3 seconds', () => {
    expect(LOGIN_REDIRECT_DELAY_MS).toBe(3000);
  });

  it('logged out: waits, and navigates to /login once after 3000 ms (not at 2999 ms)', () => {
    const { actor, clock, navigateToLogin } = startGuard(false);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(2999);
    expect(navigateToLogin).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
    clock.increment(10_000);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it('logged in: allowed, never navigates', () => {
    const { actor, clock, navigateToLogin } = startGuard(true);
    expect(actor.getSnapshot().value).toBe('allowed');
    clock.increment(60_000);
    expect(navigateToLogin).not.toHaveBeenCalled();
  });

  it('logging in during the countdown cancels the redirect', () => {
    const { actor, clock, navigateToLogin } = startGuard(false);
    clock.increment(2000);
    actor.send({ type: 'guard.loggedIn' });
    expect(actor.getSnapshot().value).toBe('allowed');
    clock.increment(5000);
    expect(navigateToLogin).not.toHaveBeenCalled();
  });

  it('logging out on the checkout page starts a fresh 3 s countdown', () => {
    const { actor, clock, navigateToLogin } = startGuard(true);
    clock.increment(1000);
    actor.send({ type: 'guard.loggedOut' });
    clock.increment(2999);
    expect(navigateToLogin).not.toHaveBeenCalled();
    clock.increment(1);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });
});
