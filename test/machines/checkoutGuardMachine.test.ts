import { describe, expect, it } from 'vitest';
import { LOGIN_REDIRECT_DELAY_MS } from '../../src/machines/checkoutGuardMachine';
import { expectRedirectAfterThreeSeconds, startGuard } from './support/startGuard';

describe('checkoutGuardMachine', () => {
  it('the redirect delay is 3 seconds (docs/requirements.md#limits)', () => {
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

  it('auth not known yet: no countdown until it is; then 3 s from that moment', () => {
    const { actor, clock, navigateToLogin, set } = startGuard(null);
    expect(actor.getSnapshot().value).toBe('unknown');
    clock.increment(10_000);
    expect(navigateToLogin).not.toHaveBeenCalled();
    set('signedOut');
    expect(actor.getSnapshot().value).toBe('waiting');
    expectRedirectAfterThreeSeconds({ clock, navigateToLogin });
  });

  it('a repeated "signed out" from auth (another state of the same answer) does not restart the countdown', () => {
    const { clock, navigateToLogin, set } = startGuard(false);
    clock.increment(2000);
    set('signedOut');
    clock.increment(1000);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it('logging in during the countdown cancels the redirect', () => {
    const { actor, clock, navigateToLogin, set } = startGuard(false);
    clock.increment(2000);
    set('signedIn');
    expect(actor.getSnapshot().value).toBe('allowed');
    clock.increment(5000);
    expect(navigateToLogin).not.toHaveBeenCalled();
  });

  it('logging out on the checkout page starts a fresh 3 s countdown', () => {
    const { actor, clock, navigateToLogin, set } = startGuard(true);
    clock.increment(1000);
    set('signedOut');
    expect(actor.getSnapshot().value).toBe('waiting');
    expectRedirectAfterThreeSeconds({ clock, navigateToLogin });
  });
});
