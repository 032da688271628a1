import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
// Types only from the fulfilment module: it brings the delivery calendar, which belongs to the pages' chunks, and
// this machine is wired in the storefront's entry (createServices).
import type { Fulfilment, ReturnReason } from '../domain/fulfilment';
import { ReturnFailedError, type ReturnsPort } from '../adapters/returns/returnsPort';

/** Shown when the request fails without the backend's own words (network, deadline, a 5xx). */
export const RETURN_FAILED_MESSAGE = 'Não foi possível solicitar a devolução agora. Tente novamente.';

/** Shown once the backend recorded the return. */
export const RETURN_REQUESTED_MESSAGE = 'Recebemos seu pedido de devolução. O reembolso inclui o frete.';

/** "Confirmar devolução" with no reason picked: the lifecycle's own words (FULFILMENT_MESSAGES.invalidReason). */
export const RETURN_REASON_REQUIRED_MESSAGE = 'Escolha um motivo para a devolução.';

/** How long "Confirmar devolução" waits for the backend before the failure shows (as a sign-up does). */
export const RETURN_REQUEST_TIMEOUT_MS = 10_000;

export interface ReturnRequestInput {
  orderId: string;
}

export interface ReturnRequestContext {
  orderId: string;
  /** The reason picked in "Motivo da devolução"; null until one is. */
  reason: ReturnReason | null;
  /** The order's fulfilment as the backend stored it with the return; null until then. */
  fulfilment: Fulfilment | null;
  errorMessage: string | null;
}

export type ReturnRequestEvent =
  | { type: 'return.start' }
  | { type: 'return.choose'; reason: ReturnReason }
  | { type: 'return.confirm' }
  | { type: 'return.back' };

/** What one request asks the backend for. */
export interface ReturnRequest {
  orderId: string;
  reason: ReturnReason;
}

/**
 * "Solicitar devolução" on one delivered order of Meus pedidos (docs/requirements.md#orders, #order-lifecycle):
 * idle (the button) → choosing (the reasons) → sending (one request, with a deadline) → done (the fulfilment the
 * backend stored) or failed (its message, or ours; the reason kept for another try). Pure: the request is the
 * `requestReturn` actor, provided from outside (createReturnRequestActors).
 */
export const returnRequestMachine = setup({
  types: {
    context: {} as ReturnRequestContext,
    events: {} as ReturnRequestEvent,
    input: {} as ReturnRequestInput,
  },
  actors: {
    requestReturn: fromPromise<Fulfilment, ReturnRequest>(async () => {
      throw new Error('requestReturn not provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown; during: string }) => {},
    chooseReason: assign({
      reason: ({ event }) => {
        assertEvent(event, 'return.choose');
        return event.reason;
      },
      errorMessage: null,
    }),
    forgetChoice: assign({ reason: null, errorMessage: null }),
  },
  guards: {
    hasReason: ({ context }) => context.reason !== null,
  },
  delays: { returnTimeout: RETURN_REQUEST_TIMEOUT_MS },
}).createMachine({
  id: 'returnRequest',
  context: ({ input }) => ({ orderId: input.orderId, reason: null, fulfilment: null, errorMessage: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'return.start': 'choosing' },
    },
    choosing: {
      on: {
        'return.choose': { actions: 'chooseReason' },
        'return.confirm': [
          { guard: 'hasReason', target: 'sending' },
          { actions: assign({ errorMessage: RETURN_REASON_REQUIRED_MESSAGE }) },
        ],
        'return.back': { target: 'idle', actions: 'forgetChoice' },
      },
    },
    // Nothing but the answer or the deadline here: a second click on "Confirmar devolução" sends nothing.
    sending: {
      tags: ['busy'],
      entry: assign({ errorMessage: null }),
      after: {
        returnTimeout: {
          target: 'failed',
          actions: [
            {
              type: 'logError',
              params: () => ({
                error: new Error(`no answer in ${RETURN_REQUEST_TIMEOUT_MS} ms`),
                during: 'requestReturn',
              }),
            },
            assign({ errorMessage: RETURN_FAILED_MESSAGE }),
          ],
        },
      },
      invoke: {
        id: 'requestReturn',
        src: 'requestReturn',
        // hasReason let the request in: a reason is chosen.
        input: ({ context }) => ({ orderId: context.orderId, reason: context.reason as ReturnReason }),
        onDone: { target: 'done', actions: assign({ fulfilment: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'requestReturn' }) },
            // A refusal (409) or a missing order (404) carries the backend's pt-BR words; anything else gets ours.
            assign({
              errorMessage: ({ event }) =>
                (event.error instanceof ReturnFailedError ? event.error.userMessage : undefined) ??
                RETURN_FAILED_MESSAGE,
            }),
          ],
        },
      },
    },
    done: { type: 'final' },
    /** The form is kept, with the reason chosen: another reason, another try, or Voltar. */
    failed: {
      on: {
        'return.choose': { actions: 'chooseReason' },
        'return.confirm': { guard: 'hasReason', target: 'sending' },
        'return.back': { target: 'idle', actions: 'forgetChoice' },
      },
    },
  },
});

export type ReturnRequestActorRef = ActorRefFrom<typeof returnRequestMachine>;
export type ReturnRequestSnapshot = SnapshotFrom<typeof returnRequestMachine>;

/** The production actor over ReturnsPort; without one (the prerender), every request fails as unanswered. */
export function createReturnRequestActors({ returns }: { returns?: ReturnsPort }) {
  return {
    requestReturn: fromPromise<Fulfilment, ReturnRequest>(async ({ input }) => {
      if (!returns) throw new ReturnFailedError('network', 'no returns port');
      return returns.requestReturn(input.orderId, input.reason);
    }),
  };
}
