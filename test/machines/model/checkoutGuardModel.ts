import { expect, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import {
  checkoutGuardMachine,
  createCheckoutGuardActors,
  type AuthSource,
} from '../../../src/machines/checkoutGuardMachine';
import { handMoved } from '../../support/fakes/handMoved';
import { pathName, shortestPaths, type ModelPath, type TransitionRecorder } from './modelGraph';

type GuardPath = ModelPath<typeof checkoutGuardMachine>;
const AFTER = 'xstate.after.loginRedirectDelay.checkoutGuard.waiting';

export type AuthState = 'unknown' | 'signedIn' | 'signedOut';

/** An auth actor as the guard reads it (its tags), moved by hand. */
export function fakeAuth(
  initial: AuthState = 'unknown',
): AuthSource & ReturnType<typeof handMoved<AuthState, ReturnType<AuthSource['getSnapshot']>>> {
  return handMoved<AuthState, ReturnType<AuthSource['getSnapshot']>>(initial, (state) => ({
    hasTag: (tag) => tag === state,
  }));
}

/** Paths from a fresh guard (auth not known yet): logging in, out, and 3 s passing at any moment. */
export const checkoutGuardPaths: GuardPath[] = shortestPaths(checkoutGuardMachine, {
  offerEverywhere: ['guard.loggedIn', 'guard.loggedOut', AFTER],
  variants: (type) => (type === AFTER ? [{ type }] : undefined),
});

export const checkoutGuardPathName = (path: GuardPath) => pathName(path);

export type GuardWiring = { navigateToLogin?: () => void; delayMs?: number; actors?: typeof createCheckoutGuardActors };

/**
 * docs/requirements.md#checkout as the test reads it: the production guard follows a (fake) auth actor; the overlay while auth is
 * unknown; a logged-out visitor is sent to /login exactly once, 3 s after the message appears (not a millisecond
 * earlier); a logged-in one never is. The walk's guard.loggedIn / guard.loggedOut are auth changes, not events
 * sent to the guard.
 */
export async function runCheckoutGuardPath(path: GuardPath, wiring: GuardWiring = {}, recorder?: TransitionRecorder) {
  const clock = new SimulatedClock();
  const navigations = vi.fn();
  const auth = fakeAuth('unknown');
  let machine = checkoutGuardMachine.provide({
    actors: (wiring.actors ?? createCheckoutGuardActors)({ auth }),
    actions: { navigateToLogin: () => navigations('/login') },
  });
  if (wiring.navigateToLogin) machine = machine.provide({ actions: { navigateToLogin: wiring.navigateToLogin } });
  if (wiring.delayMs !== undefined) machine = machine.provide({ delays: { loginRedirectDelay: wiring.delayMs } });
  const actor = createActor(machine, { clock, inspect: recorder?.inspect });
  const ref = { known: false, counting: false, navigated: 0 };
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
        auth.set(e.type === 'guard.loggedIn' ? 'signedIn' : 'signedOut');
        if (ref.navigated === 0) {
          ref.known = true;
          ref.counting = e.type === 'guard.loggedOut';
        }
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.status, at).toBe(expected.status);
      expect(navigations.mock.calls, at).toEqual(Array.from({ length: ref.navigated }, () => ['/login']));
      // The overlay until auth is known; the checkout page only when allowed; the "log in" message while counting.
      expect(snapshot.matches('unknown'), at).toBe(!ref.known);
      expect(snapshot.matches('allowed'), at).toBe(ref.known && !ref.counting && ref.navigated === 0);
      expect(snapshot.matches('waiting'), at).toBe(ref.counting);
      // The guard stops following auth once it has redirected.
      expect(auth.listeners(), `${at}: auth listeners`).toBe(ref.navigated === 0 ? 1 : 0);
    }
  } finally {
    actor.stop();
  }
}
