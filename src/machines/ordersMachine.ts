import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Order } from '../domain/order';
import type { OrdersPort } from '../adapters/orders/port';

/** Shown on "Meus pedidos" when the read fails, above "Tentar novamente". */
export const ORDERS_FAILED_MESSAGE = 'Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.';

/** What to read: the shopper's orders, or (confirmation page) the one of a checkout session. */
export interface OrdersQuery {
  uid: string;
  sessionId?: string | null;
}

export interface OrdersContext {
  query: OrdersQuery | null;
  orders: Order[];
  errorMessage: string | null;
}

export type OrdersEvent = { type: 'orders.load'; uid: string; sessionId?: string | null } | { type: 'orders.retry' };

export const ordersMachine = setup({
  types: {
    context: {} as OrdersContext,
    events: {} as OrdersEvent,
  },
  actors: {
    loadOrders: fromPromise<Order[], OrdersQuery>(async () => {
      throw new Error('loadOrders not provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown; during: string }) => {},
    rememberQuery: assign({
      query: ({ event }) => {
        assertEvent(event, 'orders.load');
        return { uid: event.uid, sessionId: event.sessionId ?? null };
      },
    }),
  },
}).createMachine({
  id: 'orders',
  context: { query: null, orders: [], errorMessage: null },
  initial: 'idle',
  // A new shopper (or session) at any moment reads again; the answer of the old read is dropped with it.
  on: { 'orders.load': { target: '.loading', actions: 'rememberQuery' } },
  states: {
    idle: {},
    loading: {
      tags: ['busy'],
      entry: assign({ errorMessage: null }),
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        input: ({ context }) => context.query ?? { uid: '' },
        onDone: { target: 'loaded', actions: assign({ orders: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'loadOrders' }) },
            assign({ orders: [], errorMessage: ORDERS_FAILED_MESSAGE }),
          ],
        },
      },
    },
    loaded: {},
    failed: {
      on: { 'orders.retry': 'loading' },
    },
  },
});

export type OrdersActorRef = ActorRefFrom<typeof ordersMachine>;
export type OrdersSnapshot = SnapshotFrom<typeof ordersMachine>;

/** The production actor: the shopper's list, or the session's order when it is theirs (none otherwise). */
export function createOrdersActors({ orders }: { orders: OrdersPort }) {
  return {
    loadOrders: fromPromise<Order[], OrdersQuery>(async ({ input }) => {
      if (!input.sessionId) return orders.listMine(input.uid);
      const order = await orders.getForConfirmation(input.sessionId);
      return order && order.uid === input.uid ? [order] : [];
    }),
  };
}
