import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import {
  daysSinceDelivery,
  FULFILMENT_MESSAGES,
  isCorreiosTrackingCode,
  isReturnReason,
  RETURN_WINDOW_DAYS,
  withinReturnWindow,
  type Fulfilment,
  type FulfilmentStatus,
  type ReturnReason,
} from '../domain/fulfilment';

/** The steps the shop owner (and, for a return, the shopper) asks an order to take; `at` is when, in epoch ms. */
export type OrderLifecycleEvent =
  | { type: 'separar'; at: number }
  | { type: 'enviar'; at: number; trackingCode: string }
  | { type: 'entregar'; at: number }
  | { type: 'cancelar'; at: number }
  | { type: 'solicitarDevolucao'; at: number; reason: ReturnReason }
  | { type: 'reembolsar'; at: number };

/** The verb of each step, as the refusals say it ("Não é possível enviar um pedido…"). */
const STEP_VERBS: Record<OrderLifecycleEvent['type'], string> = {
  separar: 'separar',
  enviar: 'enviar',
  entregar: 'entregar',
  cancelar: 'cancelar',
  solicitarDevolucao: 'solicitar a devolução de',
  reembolsar: 'reembolsar',
};

const step =
  (status: FulfilmentStatus) =>
  ({ context, event }: { context: Fulfilment; event: OrderLifecycleEvent }) => [
    ...context.history,
    { status, at: event.at },
  ];

/**
 * The life of a paid order (docs/requirements.md#order-lifecycle): pago → em separação → enviado (with its
 * tracking code) → entregue, a cancellation before it ships, a return asked within 7 days of the delivery and
 * its refund. Pure: no actors, no clock (each event says when it happened). The backend runs it through
 * applyOrderStep on the stored fulfilment; only a step the machine takes is stored, with its time.
 */
export const orderLifecycleMachine = setup({
  types: { context: {} as Fulfilment, input: {} as Fulfilment, events: {} as OrderLifecycleEvent },
  guards: {
    validTrackingCode: ({ event }) => event.type === 'enviar' && isCorreiosTrackingCode(event.trackingCode),
    returnAllowed: ({ context, event }) =>
      event.type === 'solicitarDevolucao' &&
      isReturnReason(event.reason) &&
      context.deliveredAt !== null &&
      withinReturnWindow(context.deliveredAt, event.at),
  },
}).createMachine({
  id: 'orderLifecycle',
  context: ({ input }) => input,
  initial: 'pago',
  states: {
    pago: {
      on: {
        separar: {
          target: 'em_separacao',
          actions: assign({ status: 'em_separacao', history: step('em_separacao') }),
        },
        cancelar: { target: 'cancelado', actions: assign({ status: 'cancelado', history: step('cancelado') }) },
      },
    },
    em_separacao: {
      on: {
        enviar: {
          guard: 'validTrackingCode',
          target: 'enviado',
          actions: assign({
            status: 'enviado',
            history: step('enviado'),
            trackingCode: ({ event }) => (event.type === 'enviar' ? event.trackingCode : null),
          }),
        },
        cancelar: { target: 'cancelado', actions: assign({ status: 'cancelado', history: step('cancelado') }) },
      },
    },
    enviado: {
      on: {
        entregar: {
          target: 'entregue',
          actions: assign({ status: 'entregue', history: step('entregue'), deliveredAt: ({ event }) => event.at }),
        },
      },
    },
    entregue: {
      on: {
        solicitarDevolucao: {
          guard: 'returnAllowed',
          target: 'devolucao_solicitada',
          actions: assign({
            status: 'devolucao_solicitada',
            history: step('devolucao_solicitada'),
            returnReason: ({ event }) => (event.type === 'solicitarDevolucao' ? event.reason : null),
          }),
        },
      },
    },
    devolucao_solicitada: {
      on: {
        reembolsar: {
          target: 'reembolsado',
          actions: assign({ status: 'reembolsado', history: step('reembolsado') }),
        },
      },
    },
    /** Canceled before it shipped: the payment goes back (reembolsar). */
    cancelado: {
      on: {
        reembolsar: {
          target: 'reembolsado',
          actions: assign({ status: 'reembolsado', history: step('reembolsado') }),
        },
      },
    },
    reembolsado: { type: 'final' },
  },
});

export type OrderLifecycleSnapshot = SnapshotFrom<typeof orderLifecycleMachine>;

/** The outcome of asking an order to take a step: its next fulfilment, or why not in pt-BR. */
export type OrderStepResult = { ok: true; fulfilment: Fulfilment } | { ok: false; message: string };

/**
 * The stored fulfilment after `event`, when the machine takes it from the stored status; otherwise the reason,
 * in the shopper's and the shop owner's language. Nothing is read from a clock: `event.at` is the step's time.
 */
export function applyOrderStep(fulfilment: Fulfilment, event: OrderLifecycleEvent): OrderStepResult {
  const stored = orderLifecycleMachine.resolveState({ value: fulfilment.status, context: fulfilment });
  if (!stored.can(event)) return { ok: false, message: refusal(fulfilment, event) };
  const [next] = transition(orderLifecycleMachine, stored, event);
  return { ok: true, fulfilment: next.context };
}

function refusal(fulfilment: Fulfilment, event: OrderLifecycleEvent): string {
  if (event.type === 'enviar' && fulfilment.status === 'em_separacao' && !isCorreiosTrackingCode(event.trackingCode))
    return FULFILMENT_MESSAGES.invalidTrackingCode(event.trackingCode);
  if (event.type === 'solicitarDevolucao' && fulfilment.status === 'entregue') {
    if (!isReturnReason(event.reason)) return FULFILMENT_MESSAGES.invalidReason;
    const days = fulfilment.deliveredAt === null ? null : daysSinceDelivery(fulfilment.deliveredAt, event.at);
    if (days !== null && days > RETURN_WINDOW_DAYS) return FULFILMENT_MESSAGES.returnWindowClosed(days);
  }
  return FULFILMENT_MESSAGES.invalidTransition(fulfilment.status, STEP_VERBS[event.type]);
}
