import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CartItem } from '../domain';
import type { CheckoutPort, CheckoutSession } from '../adapters/checkout/port';

/** Shown under the button when the backend fails (the spec only logs; we also tell the shopper). */
export const CHECKOUT_FAILED_MESSAGE = 'Não foi possível iniciar o pagamento. Tente novamente em instantes.';

export interface CheckoutContext {
  errorMessage: string | null;
}

export type CheckoutEvent = { type: 'checkout.submit'; items: CartItem[] };

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    createSession: fromPromise<CheckoutSession, CartItem[]>(async () => {
      throw new Error('createSession not provided');
    }),
  },
  actions: {
    /** Provided from outside: window.location.assign(url). */
    redirectTo: (_, _params: { url: string }) => {},
    logError: (_, _params: { error: unknown; during: string }) => {},
  },
  guards: {
    hasItems: ({ event }) => {
      assertEvent(event, 'checkout.submit');
      return event.items.length > 0;
    },
  },
}).createMachine({
  id: 'checkout',
  context: { errorMessage: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'checkout.submit': { guard: 'hasItems', target: 'submitting' } },
    },
    // No `checkout.submit` here: a second click while submitting does nothing.
    submitting: {
      tags: ['busy'],
      entry: assign({ errorMessage: null }),
      invoke: {
        id: 'createSession',
        src: 'createSession',
        input: ({ event }) => {
          assertEvent(event, 'checkout.submit');
          return event.items;
        },
        onDone: {
          target: 'redirecting',
          actions: { type: 'redirectTo', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'createSession' }) },
            assign({ errorMessage: CHECKOUT_FAILED_MESSAGE }),
          ],
        },
      },
    },
    /** The browser is leaving for the payment page; the button stays busy. */
    redirecting: {
      tags: ['busy'],
    },
    failed: {
      on: { 'checkout.submit': { guard: 'hasItems', target: 'submitting' } },
    },
  },
});

export type CheckoutActorRef = ActorRefFrom<typeof checkoutMachine>;
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export function createCheckoutActors({ checkout }: { checkout: CheckoutPort }) {
  return {
    createSession: fromPromise<CheckoutSession, CartItem[]>(({ input }) => checkout.createSession(input)),
  };
}
