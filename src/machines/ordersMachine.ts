import { assertEvent, assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Order } from '../domain/order';
import type { OrdersPort } from '../adapters/orders/ordersPort';

/** Shown on "Meus pedidos" when the read fails, above "Tentar novamente". */
export const ORDERS_FAILED_MESSAGE = 'Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.';

/** How long "Meus pedidos" waits for the read before it offers "Tentar novamente". */
export const ORDERS_TIMEOUT_MS = 8_000;

/** What to read: the shopper's orders, or (confirmation page) the one of a checkout session. */
export interface OrdersQuery {
  uid: string;
  sessionId?: string | null;
}

export interface OrdersContext {
  /** The checkout session whose order the confirmation page shows; null on "Meus pedidos". */
  sessionId: string | null;
  query: OrdersQuery | null;
  orders: Order[];
  errorMessage: string | null;
}

export type OrdersEvent =
  | { type: 'orders.load'; uid: string; sessionId?: string | null }
  | { type: 'orders.signedOut' }
  | { type: 'orders.retry' };

export interface OrdersInput {
  sessionId?: string | null;
}

export const ordersMachine = setup({
  types: {
    context: {} as OrdersContext,
    events: {} as OrdersEvent,
    input: {} as OrdersInput | void,
  },
  actors: {
    /**
     * Follows who is signed in: sends `orders.load` with the shopper's uid (and the checkout session id) each time it
     * changes, `orders.signedOut` when nobody is. Provided by createOrdersActors over the auth actor.
     */
    followShopper: fromCallback<OrdersEvent, { sessionId: string | null }>(() => () => {}),
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
  delays: { ordersTimeout: ORDERS_TIMEOUT_MS },
}).createMachine({
  id: 'orders',
  context: ({ input }) => ({ sessionId: input?.sessionId ?? null, query: null, orders: [], errorMessage: null }),
  invoke: { id: 'followShopper', src: 'followShopper', input: ({ context }) => ({ sessionId: context.sessionId }) },
  initial: 'idle',
  // A new shopper (or session) at any moment reads again; the answer of the old read is dropped with it.
  on: {
    'orders.load': { target: '.loading', actions: 'rememberQuery' },
    'orders.signedOut': { target: '.idle', actions: assign({ query: null, orders: [], errorMessage: null }) },
  },
  states: {
    idle: {},
    loading: {
      tags: ['busy'],
      entry: assign({ errorMessage: null }),
      // No answer in time: the same message as a failure; the late answer is dropped with the read.
      after: {
        ordersTimeout: {
          target: 'failed',
          actions: [
            {
              type: 'logError',
              params: () => ({ error: new Error(`no answer in ${ORDERS_TIMEOUT_MS} ms`), during: 'loadOrders' }),
            },
            assign({ orders: [], errorMessage: ORDERS_FAILED_MESSAGE }),
          ],
        },
      },
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

/** What the orders actor reads of the auth actor: whether auth is known yet, and who is signed in. */
export interface ShopperSnapshot {
  hasTag(tag: 'unknown'): boolean;
  context: { authUser: { uid: string } | null };
}
export interface ShopperSource {
  getSnapshot(): ShopperSnapshot;
  subscribe(listener: (snapshot: ShopperSnapshot) => void): { unsubscribe(): void };
}

/**
 * Production actors: the shopper's list, or the paid checkout's order when it is theirs (none otherwise); and the orders
 * actor follows the auth actor itself (as the checkout guard does), so "Meus pedidos" and the confirmation page
 * only render its state. One event per change of uid, once auth is known.
 */
export function createOrdersActors({ orders, auth }: { orders: OrdersPort; auth: ShopperSource }) {
  return {
    followShopper: fromCallback<OrdersEvent, { sessionId: string | null }>(({ sendBack, input }) => {
      let forwarded: string | null | undefined;
      const forward = (snapshot: ShopperSnapshot) => {
        if (snapshot.hasTag('unknown')) return;
        const uid = snapshot.context.authUser?.uid ?? null;
        if (uid === forwarded) return;
        forwarded = uid;
        sendBack(uid ? { type: 'orders.load', uid, sessionId: input.sessionId } : { type: 'orders.signedOut' });
      };
      forward(auth.getSnapshot());
      const watch = auth.subscribe(forward);
      return () => watch.unsubscribe();
    }),
    loadOrders: fromPromise<Order[], OrdersQuery>(async ({ input }) => {
      if (!input.sessionId) return orders.listMine(input.uid);
      const order = await orders.getForConfirmation(input.sessionId);
      return order && order.uid === input.uid ? [order] : [];
    }),
  };
}
