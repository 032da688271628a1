import { expect, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { checkoutGuardMachine, createCheckoutGuardActors } from '../../../src/machines/checkoutGuardMachine';
import { fakeAuth, type AuthState } from '../model/checkoutGuardModel';

export /** A guard over the production actors, following a fake auth actor that is already known (or not). */
function startGuard(isLoggedIn: boolean | null) {
  const clock = new SimulatedClock();
  const navigateToLogin = vi.fn();
  const auth = fakeAuth(isLoggedIn === null ? 'unknown' : isLoggedIn ? 'signedIn' : 'signedOut');
  const actor = createActor(
    checkoutGuardMachine.provide({ actors: createCheckoutGuardActors({ auth }), actions: { navigateToLogin } }),
    {
      clock,
    },
  ).start();
  const set = (state: AuthState) => auth.set(state);
  return { actor, clock, navigateToLogin, set };
}

/** The countdown just started: nothing at 2999 ms, one navigation to /login at 3000 ms. */
export function expectRedirectAfterThreeSeconds({
  clock,
  navigateToLogin,
}: Pick<ReturnType<typeof startGuard>, 'clock' | 'navigateToLogin'>) {
  clock.increment(2999);
  expect(navigateToLogin).not.toHaveBeenCalled();
  clock.increment(1);
  expect(navigateToLogin).toHaveBeenCalledTimes(1);
}
