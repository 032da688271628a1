import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CartItem } from '../domain';
import {
  CheckoutFailedError,
  type CheckoutDelivery,
  type CheckoutPort,
  type CheckoutSession,
} from '../adapters/checkout/checkoutPort';

/** Shown under the button when the backend fails (logged too: docs/requirements.md#checkout). */
export const CHECKOUT_FAILED_MESSAGE = 'Não foi possível iniciar o pagamento. Tente novamente em instantes.';

/**
 * How long "Finalizar Compra" waits for the backend before the message shows. The HTTP adapter's own timeout
 * is longer, a backstop; an attempt given up on keeps its Idempotency-Key, so a retry cannot open a second checkout session.
 */
export const CHECKOUT_TIMEOUT_MS = 8_000;

export interface CheckoutContext {
  errorMessage: string | null;
}

/** `delivery`: the CEP and service the shopper chose (deliveryMachine's selectedDelivery), when a quote was shown. */
export type CheckoutEvent = { type: 'checkout.submit'; items: CartItem[]; delivery?: CheckoutDelivery | null };

/** What one attempt asks the backend for. */
export interface CheckoutRequest {
  items: CartItem[];
  delivery?: CheckoutDelivery;
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    createSession: fromPromise<CheckoutSession, CheckoutRequest>(async () => {
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
  delays: { checkoutTimeout: CHECKOUT_TIMEOUT_MS },
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
      after: {
        checkoutTimeout: {
          target: 'failed',
          actions: [
            {
              type: 'logError',
              params: () => ({ error: new Error(`no answer in ${CHECKOUT_TIMEOUT_MS} ms`), during: 'createSession' }),
            },
            assign({ errorMessage: CHECKOUT_FAILED_MESSAGE }),
          ],
        },
      },
      invoke: {
        id: 'createSession',
        src: 'createSession',
        input: ({ event }) => {
          assertEvent(event, 'checkout.submit');
          return event.delivery ? { items: event.items, delivery: event.delivery } : { items: event.items };
        },
        onDone: {
          target: 'redirecting',
          actions: { type: 'redirectTo', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'createSession' }) },
            // A 409 carries the backend's own pt-BR words for the shopper; anything else gets ours.
            assign({
              errorMessage: ({ event }) =>
                (event.error instanceof CheckoutFailedError ? event.error.userMessage : undefined) ??
                CHECKOUT_FAILED_MESSAGE,
            }),
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

/**
 * What makes two attempts "the same": the lines, their quantities and prices, in cart order, and the delivery
 * chosen (another CEP or service is another order, so it gets a key of its own, not the backend's 409).
 */
export function cartFingerprint(items: readonly CartItem[], delivery?: CheckoutDelivery): string {
  return JSON.stringify([
    items.map(({ id, quantity, price }) => [id, quantity, price]),
    delivery ? [delivery.cep, delivery.service] : null,
  ]);
}

/**
 * The production createSession, with one Idempotency-Key per checkout attempt: drawn when an attempt starts
 * for a cart, kept while that cart is unchanged and its last try ended without an answer (network, timeout:
 * the backend may have created the session), dropped on success, on an answer (the attempt is over) and when
 * the cart changes. Kept here, not in the machine's context, so the statechart stays finite for its model tests.
 */
export function createCheckoutActors({
  checkout,
  newKey = () => crypto.randomUUID(),
}: {
  checkout: CheckoutPort;
  newKey?: () => string;
}) {
  let attempt: { fingerprint: string; key: string } | null = null;
  return {
    createSession: fromPromise<CheckoutSession, CheckoutRequest>(async ({ input, signal }) => {
      const fingerprint = cartFingerprint(input.items, input.delivery);
      if (attempt?.fingerprint !== fingerprint) attempt = { fingerprint, key: newKey() };
      const current = attempt;
      try {
        const options = input.delivery
          ? { idempotencyKey: current.key, delivery: input.delivery }
          : { idempotencyKey: current.key };
        const session = await checkout.createSession(input.items, options);
        // A checkout session that arrives after the machine gave up (signal aborted) was never shown: keep the key, so the
        // retry gets this same checkout session back instead of a second one.
        if (attempt === current && !signal.aborted) attempt = null;
        return session;
      } catch (error) {
        const unanswered =
          error instanceof CheckoutFailedError && (error.reason === 'network' || error.reason === 'timeout');
        if (!unanswered && attempt === current) attempt = null;
        throw error;
      }
    }),
  };
}
