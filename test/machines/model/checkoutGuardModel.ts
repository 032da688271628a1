import { expect, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import { checkoutGuardMachine } from '../../../src/machines/checkoutGuardMachine';
import { pathName, shortestPaths, type ModelPath, type TransitionRecorder } from './graph';

type GuardPath = ModelPath<typeof checkoutGuardMachine> & { isLoggedIn: boolean };
const AFTER = 'xstate.after.loginRedirectDelay.checkoutGuard.waiting';

/** Paths for both ways into /checkout: logged in and logged out. */
export const checkoutGuardPaths: GuardPath[] = [true, false].flatMap((isLoggedIn) =>
  shortestPaths(checkoutGuardMachine, {
    input: { isLoggedIn },
    // Offered everywhere: login/logout at any moment, and 3 s passing on any screen.
    offerEverywhere: ['guard.loggedIn', 'guard.loggedOut', AFTER],
    variants: (type) => (type === AFTER ? [{ type }] : undefined),
  }).map((path) => Object.assign(path, { isLoggedIn })),
);

export const checkoutGuardPathName = (path: GuardPath) =>
  `${path.isLoggedIn ? 'logged in' : 'logged out'}: ${pathName(path)}`;

export type GuardWiring = { navigateToLogin?: () => void; delayMs?: number };

/**
 * SPEC §4/§9 as the test reads them: a logged-out visitor is sent to /login exactly once, 3 s after the
 * message appears (not a millisecond earlier); a logged-in one never is.
 */
export async function runCheckoutGuardPath(path: GuardPath, wiring: GuardWiring = {}, recorder?: TransitionRecorder) {
  const clock = new SimulatedClock();
  const navigations = vi.fn();
  let machine = checkoutGuardMachine.provide({ actions: { navigateToLogin: () => navigations('/login') } });
  if (wiring.navigateToLogin) machine = machine.provide({ actions: { navigateToLogin: wiring.navigateToLogin } });
  if (wiring.delayMs !== undefined) machine = machine.provide({ delays: { loginRedirectDelay: wiring.delayMs } });
  const actor = createActor(machine, { input: { isLoggedIn: path.isLoggedIn }, clock, inspect: recorder?.inspect });
  const ref = { loggedIn: path.isLoggedIn, counting: !path.isLoggedIn, navigated: 0 };
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const at = `step ${index} (${event.type})`;
      const e = event as EventObject;
      if (e.type === 'xstate.init') {
        actor.start();
      } else if (e.type === AFTER) {
        clock.increment(2999);
        expect(navigations, `${at} at 2999 ms`).toHaveBeenCalledTimes(ref.navigated);
        clock.increment(1);
        if (ref.counting && ref.navigated === 0) {
          ref.navigated = 1;
          ref.counting = false;
        }
      } else {
        actor.send(event as never);
        if (ref.navigated === 0) {
          if (e.type === 'guard.loggedIn' && ref.counting) ref.counting = false;
          if (e.type === 'guard.loggedOut' && !ref.counting) ref.counting = true;
        }
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.status, at).toBe(expected.status);
      expect(navigations.mock.calls, at).toEqual(Array.from({ length: ref.navigated }, () => ['/login']));
      // The checkout page shows only when allowed; the "log in" message while counting down.
      expect(snapshot.matches('allowed'), at).toBe(!ref.counting && ref.navigated === 0);
      expect(snapshot.matches('waiting'), at).toBe(ref.counting);
    }
  } finally {
    actor.stop();
  }
}
