// The checkout machine with the in-memory checkout fake, shared by the unit tests and the mutation-run tests.
import { vi } from 'vitest';
import { createActor } from 'xstate';
import { checkoutMachine, createCheckoutActors } from '../../../src/machines/checkoutMachine';
import { fakeCheckout } from '../../support/fakes/fakePorts';

/** A started checkout actor; `redirectTo` and `logError` record what the machine asks of the page. */
export function startCheckout() {
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
