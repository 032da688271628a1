import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** Where a new version must never replace the code: an open checkout (and the payment page it leads to). */
export const checkoutOpen = (path: string): boolean => /^\/(checkout|pay)(\/|$)/.test(path);

export type ConnectivityEvent =
  | { type: 'connectivity.online' }
  | { type: 'connectivity.offline' }
  | { type: 'route.changed'; path: string }
  /** A new service worker is installed and waiting for this page to let it take over. */
  | { type: 'update.waiting' }
  /** The shopper pressed "Atualizar". */
  | { type: 'update.accept' }
  /** The new worker controls the page (controllerchange). */
  | { type: 'update.activated' };

export interface ConnectivityInput {
  online: boolean;
  path: string;
}

/**
 * The connection and the app's own version, for the whole visit. Two regions:
 * - network: online or offline, from the browser's online/offline events (the start from navigator.onLine);
 * - update: a new deploy's worker waits until the shopper presses "Atualizar", and its banner waits while a
 *   checkout is open; accepted, the worker is asked to take over and the page reloads when it has.
 * No I/O here: `askToActivate` (post SKIP_WAITING) and `reload` are provided by src/main.tsx.
 */
export const connectivityMachine = setup({
  types: {
    context: {} as { path: string; startedOnline: boolean },
    events: {} as ConnectivityEvent,
    input: {} as ConnectivityInput,
  },
  actions: {
    /** Provided from outside: tells the waiting worker to activate (workbox-window's messageSkipWaiting). */
    askToActivate: () => {},
    /** Provided from outside: location.reload(), so the page runs the new version's code. */
    reload: () => {},
    rememberPath: assign({ path: ({ event }) => (event.type === 'route.changed' ? event.path : '') }),
  },
  guards: {
    startedOnline: ({ context }) => context.startedOnline,
    onCheckout: ({ context }) => checkoutOpen(context.path),
    toCheckout: ({ event }) => event.type === 'route.changed' && checkoutOpen(event.path),
    awayFromCheckout: ({ event }) => event.type === 'route.changed' && !checkoutOpen(event.path),
  },
}).createMachine({
  id: 'connectivity',
  type: 'parallel',
  context: ({ input }) => ({ path: input.path, startedOnline: input.online }),
  on: { 'route.changed': { actions: 'rememberPath' } },
  states: {
    network: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'startedOnline', target: 'online' }, { target: 'offline' }] },
        online: { on: { 'connectivity.offline': 'offline' } },
        /** The banner; the checkout button and the account forms say they need a connection. */
        offline: { tags: ['offline'], on: { 'connectivity.online': 'online' } },
      },
    },
    update: {
      initial: 'current',
      states: {
        /** This page runs the newest version it knows of. */
        current: {
          on: { 'update.waiting': [{ guard: 'onCheckout', target: 'waiting.held' }, { target: 'waiting.announced' }] },
        },
        waiting: {
          // Entered through current's guarded targets; `initial` only names the usual one.
          initial: 'announced',
          states: {
            /** "Nova versão disponível — Atualizar". */
            announced: {
              tags: ['updateAvailable'],
              on: {
                'update.accept': '#connectivity.update.activating',
                'route.changed': { guard: 'toCheckout', target: 'held', actions: 'rememberPath' },
              },
            },
            /** A checkout is open: nothing is said or swapped until the shopper leaves it. */
            held: {
              on: { 'route.changed': { guard: 'awayFromCheckout', target: 'announced', actions: 'rememberPath' } },
            },
          },
        },
        /** The worker was asked to take over; the page reloads once it controls it. */
        activating: { entry: 'askToActivate', on: { 'update.activated': { actions: 'reload' } } },
      },
    },
  },
});

export type ConnectivityActorRef = ActorRefFrom<typeof connectivityMachine>;
export type ConnectivitySnapshot = SnapshotFrom<typeof connectivityMachine>;
