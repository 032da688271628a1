import { fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** docs/requirements.md#checkout: a logged-out visitor of /checkout is sent to /login after 3 seconds. */
export const LOGIN_REDIRECT_DELAY_MS = 3000;

export type CheckoutGuardEvent = { type: 'guard.loggedIn' } | { type: 'guard.loggedOut' };

/** What the guard reads of the auth actor: its tags (authMachine's AuthTag), as the UI's selectors do. */
export interface AuthSource {
  getSnapshot(): { hasTag(tag: 'unknown' | 'signedIn'): boolean };
  subscribe(listener: (snapshot: { hasTag(tag: 'unknown' | 'signedIn'): boolean }) => void): { unsubscribe(): void };
}

export const checkoutGuardMachine = setup({
  types: {
    events: {} as CheckoutGuardEvent,
  },
  actors: {
    /** Provided by createCheckoutGuardActors: sends guard.loggedIn / guard.loggedOut as auth becomes known and changes. */
    followAuth: fromCallback<CheckoutGuardEvent>(() => {}),
  },
  actions: {
    /** Provided from outside: the router's navigate('/login'). */
    navigateToLogin: () => {},
  },
  delays: {
    loginRedirectDelay: LOGIN_REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'checkoutGuard',
  // For as long as the guard runs (until the redirect), it follows the auth actor itself.
  invoke: { id: 'followAuth', src: 'followAuth' },
  initial: 'unknown',
  states: {
    /** Auth is not known yet: the loading overlay. */
    unknown: {
      on: { 'guard.loggedIn': 'allowed', 'guard.loggedOut': 'waiting' },
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

/**
 * Production actors: the guard follows the auth actor the way the search service follows the catalog, forwarding
 * "signed in" or "signed out" once auth is known and each time that changes (a sign-out on its way still counts
 * as signed in, as the header shows it).
 */
export function createCheckoutGuardActors({ auth }: { auth: AuthSource }) {
  return {
    followAuth: fromCallback<CheckoutGuardEvent>(({ sendBack }) => {
      let forwarded: boolean | null = null;
      const forward = (snapshot: ReturnType<AuthSource['getSnapshot']>) => {
        if (snapshot.hasTag('unknown')) return;
        const loggedIn = snapshot.hasTag('signedIn');
        if (loggedIn === forwarded) return;
        forwarded = loggedIn;
        sendBack({ type: loggedIn ? 'guard.loggedIn' : 'guard.loggedOut' });
      };
      forward(auth.getSnapshot());
      const watch = auth.subscribe(forward);
      return () => watch.unsubscribe();
    }),
  };
}
