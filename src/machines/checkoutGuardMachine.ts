import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** SPEC §9: a logged-out visitor of /checkout is sent to /login after 3 seconds. */
export const LOGIN_REDIRECT_DELAY_MS = 3000;

export type CheckoutGuardEvent = { type: 'guard.loggedIn' } | { type: 'guard.loggedOut' };

export const checkoutGuardMachine = setup({
  types: {
    input: {} as { isLoggedIn: boolean },
    context: {} as { isLoggedIn: boolean },
    events: {} as CheckoutGuardEvent,
  },
  actions: {
    /** Provided from outside: the router's navigate('/login'). */
    navigateToLogin: () => {},
  },
  guards: {
    isLoggedIn: ({ context }) => context.isLoggedIn,
  },
  delays: {
    loginRedirectDelay: LOGIN_REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'checkoutGuard',
  context: ({ input }) => ({ isLoggedIn: input.isLoggedIn }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isLoggedIn', target: 'allowed' }, { target: 'waiting' }],
    },
    /** The checkout page itself. */
    allowed: {
      on: { 'guard.loggedOut': 'waiting' },
    },
    /** The "you need to log in" message, counting down. */
    waiting: {
      after: { loginRedirectDelay: 'redirected' },
      on: { 'guard.loggedIn': 'allowed' },
    },
    redirected: {
      type: 'final',
      entry: 'navigateToLogin',
    },
  },
});

export type CheckoutGuardActorRef = ActorRefFrom<typeof checkoutGuardMachine>;
export type CheckoutGuardSnapshot = SnapshotFrom<typeof checkoutGuardMachine>;
