import { expect, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { CartItem } from '../../../src/domain';
import { CheckoutFailedError } from '../../../src/adapters/checkout/checkoutPort';
import { checkoutMachine, createCheckoutActors } from '../../../src/machines/checkoutMachine';
import { fakeCheckout, type FakeCheckout } from '../../support/fakes/fakePorts';
import { tick } from '../../support/fakes/controllable';
import { pathName, shortestPaths, type ModelPath, type TransitionRecorder } from './modelGraph';

const cart: CartItem[] = [
  {
    id: 'jaqueta',
    name: 'Jaqueta de Couro Preta',
    imageUrl: '/images/jaqueta-couro-preta.svg',
    price: 500,
    quantity: 1,
  },
];
const SESSION_URL = 'http://127.0.0.1:5000/pay/session-1';
const DELIVERY = { cep: '20040020', service: 'expressa' } as const;

const AFTER = 'xstate.after.checkoutTimeout.checkout.submitting';
/** The agreed deadline: the message within 8 s of the press (written here, not read from the machine). */
const DEADLINE_MS = 8_000;

export const checkoutPaths = shortestPaths(checkoutMachine, {
  // Offered in every state, so "a second click while submitting does nothing" is a generated path too.
  offerEverywhere: ['checkout.submit'],
  variants: (type) => {
    switch (type) {
      case 'checkout.submit':
        return [
          { type, items: cart },
          { type, items: cart, delivery: DELIVERY },
          { type, items: [] },
        ];
      case 'xstate.done.actor.createSession':
        return [{ type, output: { url: SESSION_URL } }];
      case 'xstate.error.actor.createSession':
        return [{ type, error: new CheckoutFailedError('http', 'backend answered 500', { status: 500 }) }];
      case AFTER:
        return [{ type }];
      default:
        return undefined;
    }
  },
});

export const checkoutPathName = (path: ModelPath<typeof checkoutMachine>) =>
  pathName(path, (event) => {
    const e = event as EventObject & { items?: CartItem[]; delivery?: unknown };
    return e.items ? (e.items.length ? `${e.items.length} line${e.delivery ? ' + delivery' : ''}` : 'empty cart') : '';
  });

export type CheckoutWiring = (checkout: FakeCheckout) => ReturnType<typeof createCheckoutActors>;
export const productionCheckoutWiring: CheckoutWiring = (checkout) => createCheckoutActors({ checkout: checkout.port });

/** docs/requirements.md#checkout as the test reads it: one session per click, unless one is under way. */
export async function runCheckoutPath(
  path: ModelPath<typeof checkoutMachine>,
  wiring: CheckoutWiring = productionCheckoutWiring,
  recorder?: TransitionRecorder,
) {
  const checkout = fakeCheckout();
  const redirectTo = vi.fn();
  const logError = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    checkoutMachine
      .provide({
        actions: { redirectTo: (_, params) => redirectTo(params.url), logError: (_, params) => logError(params) },
      })
      .provide({ actors: wiring(checkout) }),
    { inspect: recorder?.inspect, clock },
  );
  const ref = {
    phase: 'idle' as 'idle' | 'submitting' | 'redirecting' | 'failed',
    calls: 0,
    /** The delivery each call must carry (undefined: none chosen), as the submit that started it said. */
    deliveries: [] as Array<typeof DELIVERY | undefined>,
    redirects: [] as string[],
    errors: 0,
    message: null as string | null,
  };
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const e = event as EventObject & {
        items?: CartItem[];
        delivery?: typeof DELIVERY;
        output?: { url: string };
        error?: unknown;
      };
      if (e.type === 'xstate.init') {
        actor.start();
      } else if (e.type === 'xstate.done.actor.createSession') {
        checkout.createSession.latest().resolve(e.output!);
        await tick();
        ref.phase = 'redirecting';
        ref.redirects.push(e.output!.url);
      } else if (e.type === 'xstate.error.actor.createSession') {
        checkout.createSession.latest().reject(e.error);
        await tick();
        ref.phase = 'failed';
        ref.errors += 1;
        ref.message = 'Não foi possível iniciar o pagamento. Tente novamente em instantes.';
      } else if (e.type === AFTER) {
        clock.increment(DEADLINE_MS - 1);
        expect(actor.getSnapshot().value, `step ${index}: before the deadline`).toBe('submitting');
        clock.increment(1);
        ref.phase = 'failed';
        ref.errors += 1;
        ref.message = 'Não foi possível iniciar o pagamento. Tente novamente em instantes.';
        // The backend answers after the machine gave up: the shopper is not sent away.
        checkout.createSession.latest().resolve({ url: `${SESSION_URL}-late` });
        await tick();
      } else {
        actor.send(event as never);
        if ((ref.phase === 'idle' || ref.phase === 'failed') && e.items!.length > 0) {
          ref.phase = 'submitting';
          ref.calls += 1;
          ref.deliveries.push(e.delivery);
          ref.message = null;
        }
      }
      const at = `step ${index} (${e.type})`;
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.status, at).toBe(expected.status);
      expect(checkout.createSession.calls.length, at).toBe(ref.calls);
      for (const call of checkout.createSession.calls) expect(call.args[0], at).toEqual(cart);
      expect(
        checkout.createSession.calls.map((call) => call.args[1]?.delivery),
        `${at}: deliveries sent`,
      ).toEqual(ref.deliveries);
      expect(
        redirectTo.mock.calls.map(([url]) => url),
        at,
      ).toEqual(ref.redirects);
      expect(logError, at).toHaveBeenCalledTimes(ref.errors);
      expect(snapshot.context.errorMessage, at).toBe(ref.message);
      // The button is busy while a session is being created and while the browser leaves.
      expect(snapshot.hasTag('busy'), at).toBe(ref.phase === 'submitting' || ref.phase === 'redirecting');
    }
  } finally {
    actor.stop();
  }
}
