import { assertEvent, assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  hasErrors,
  messages,
  validateLogin,
  validateSignUp,
  type FieldErrors,
  type LoginForm,
  type SignUpForm,
  type UserProfile,
} from '../domain';
import type { AuthUser } from '../adapters/auth/port';
import { profileFromAuthUser } from './authActors';

// The actors live in authActors.ts so this file reads as the statechart; their names stay importable from here.
export { createAuthActors, profileFromAuthUser } from './authActors';

export type AuthFieldErrors = FieldErrors<SignUpForm> & FieldErrors<LoginForm>;

export interface AuthContext {
  /** The auth provider's user, once known. */
  authUser: AuthUser | null;
  /** The users document (or, if it cannot be read, a profile derived from the auth user). */
  user: UserProfile | null;
  /** Per-field messages of SPEC §5 and §8 for the form on screen. */
  fieldErrors: AuthFieldErrors;
}

export type AuthEvent =
  | { type: 'auth.changed'; user: AuthUser | null }
  | { type: 'auth.signIn'; form: LoginForm }
  | { type: 'auth.signUp'; form: SignUpForm }
  | { type: 'auth.signInWithGoogle' }
  | { type: 'auth.signOut' }
  | { type: 'auth.clearErrors' };

/** Maps a sign-in error to the field message of SPEC §8; other errors show nothing (only logged). */
function signInFieldErrors(error: unknown): AuthFieldErrors {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'auth/wrong-password') return { password: messages.login.wrongPassword };
  if (code === 'auth/user-not-found') return { email: messages.login.userNotFound };
  return {};
}

function signUpFieldErrors(error: unknown): AuthFieldErrors {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'auth/email-already-in-use') return { email: messages.signUp.emailInUse };
  return {};
}

/** The auth user a stored profile stands for (sign-up and Google resolve with the profile). */
function authUserOfProfile(profile: UserProfile): AuthUser {
  return {
    uid: profile.id,
    email: profile.email,
    displayName: `${profile.firstName} ${profile.lastName}`.trim(),
    provider: profile.provider,
  };
}

/** The `logError` action for a failed actor, named after what failed. */
const logFailure = (during: string) =>
  ({ type: 'logError', params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error, during }) }) as const;

/**
 * Tags the UI reads (src/ui/selectors.ts): `busy` — a request of the shopper's is on its way; `unknown` — the
 * provider has not said yet whether someone is signed in; `signedIn` — a session exists (also while its profile
 * loads or it signs out); `blocking` — the session is changing: the full-screen overlay shows.
 */
export type AuthTag = 'busy' | 'unknown' | 'signedIn' | 'blocking';

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as AuthTag,
  },
  actors: {
    /** Streams the provider's auth state as `auth.changed` events. */
    watchAuthState: fromCallback<AuthEvent>(() => () => {}),
    loadProfile: fromPromise<UserProfile | null, AuthUser>(async () => null),
    signIn: fromPromise<AuthUser, LoginForm>(async () => {
      throw new Error('signIn not provided');
    }),
    /** Creates the account and the users document; resolves with the stored profile. */
    signUp: fromPromise<UserProfile, SignUpForm>(async () => {
      throw new Error('signUp not provided');
    }),
    /** Google sign-in; adds the users document on the first sign-in. */
    signInWithGoogle: fromPromise<UserProfile, void>(async () => {
      throw new Error('signInWithGoogle not provided');
    }),
    signOut: fromPromise<void, void>(async () => {}),
  },
  actions: {
    /** Errors the spec says are "only logged". Provided from outside (console in the app, a spy in tests). */
    logError: (_, _params: { error: unknown; during: string }) => {},
    clearFieldErrors: assign({ fieldErrors: {} }),
    clearUser: assign({ authUser: null, user: null }),
    forgetProfile: assign({ user: null }),
    /** The provider reported a user (`auth.changed`). */
    rememberAuthUser: assign({
      authUser: ({ event }) => {
        assertEvent(event, 'auth.changed');
        return event.user;
      },
    }),
    /** A sign-in resolved with its auth user; the profile loads next. */
    rememberSignedInUser: assign({ authUser: (_, params: { authUser: AuthUser }) => params.authUser }),
    /** Sign-up and Google resolve with the stored profile: the session is complete. */
    adoptProfile: assign((_, params: { profile: UserProfile }) => ({
      user: params.profile,
      authUser: authUserOfProfile(params.profile),
    })),
    /** The users document, or a profile derived from the auth user when there is none. */
    adoptLoadedProfile: assign({
      user: ({ context }, params: { profile: UserProfile | null }) => params.profile ?? profileFromAuthUser(context.authUser!),
    }),
    showLoginFormErrors: assign({
      fieldErrors: ({ event }) => {
        assertEvent(event, 'auth.signIn');
        return validateLogin(event.form);
      },
    }),
    showSignUpFormErrors: assign({
      fieldErrors: ({ event }) => {
        assertEvent(event, 'auth.signUp');
        return validateSignUp(event.form);
      },
    }),
    showSignInFailure: assign({ fieldErrors: (_, params: { error: unknown }) => signInFieldErrors(params.error) }),
    showSignUpFailure: assign({ fieldErrors: (_, params: { error: unknown }) => signUpFieldErrors(params.error) }),
  },
  guards: {
    isSignedOutEvent: ({ event }) => event.type === 'auth.changed' && event.user === null,
    isAnotherUser: ({ context, event }) =>
      event.type === 'auth.changed' && event.user !== null && event.user.uid !== context.authUser?.uid,
    hasAuthUser: ({ context }) => context.authUser !== null,
    isLoginFormValid: ({ event }) => {
      assertEvent(event, 'auth.signIn');
      return !hasErrors(validateLogin(event.form));
    },
    isSignUpFormValid: ({ event }) => {
      assertEvent(event, 'auth.signUp');
      return !hasErrors(validateSignUp(event.form));
    },
  },
}).createMachine({
  id: 'auth',
  context: { authUser: null, user: null, fieldErrors: {} },
  invoke: { id: 'authState', src: 'watchAuthState' },
  initial: 'unknown',
  states: {
    unknown: {
      tags: ['busy', 'unknown', 'blocking'],
      on: {
        'auth.changed': [
          { guard: 'isSignedOutEvent', target: 'loggedOut' },
          { target: 'loadingProfile', actions: 'rememberAuthUser' },
        ],
      },
    },
    loadingProfile: {
      tags: ['busy', 'signedIn', 'blocking'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => context.authUser!,
        onDone: {
          target: 'loggedIn',
          actions: { type: 'adoptLoadedProfile', params: ({ event }) => ({ profile: event.output }) },
        },
        onError: {
          target: 'loggedIn',
          actions: [logFailure('loadProfile'), { type: 'adoptLoadedProfile', params: { profile: null } }],
        },
      },
      on: {
        'auth.changed': [
          { guard: 'isSignedOutEvent', target: 'loggedOut', actions: 'clearUser' },
          { guard: 'isAnotherUser', target: 'loadingProfile', reenter: true, actions: 'rememberAuthUser' },
        ],
      },
    },
    loggedIn: {
      tags: ['signedIn'],
      on: {
        'auth.signOut': 'signingOut',
        'auth.changed': [
          { guard: 'isSignedOutEvent', target: 'loggedOut', actions: 'clearUser' },
          { guard: 'isAnotherUser', target: 'loadingProfile', actions: ['rememberAuthUser', 'forgetProfile'] },
        ],
      },
    },
    signingOut: {
      tags: ['busy', 'signedIn', 'blocking'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'loggedOut', actions: 'clearUser' },
        onError: { target: 'loggedIn', actions: logFailure('signOut') },
      },
    },
    loggedOut: {
      initial: 'idle',
      // While a sign-in/sign-up flow runs, the provider may already report its user (Firebase does, before the
      // users document is written). Remember it: if the flow then fails after the account signed in (e.g. the
      // profile write is refused), `idle` sends us to loadingProfile instead of showing a signed-in shopper as
      // logged out.
      on: { 'auth.changed': { actions: 'rememberAuthUser' } },
      states: {
        idle: {
          always: { guard: 'hasAuthUser', target: '#auth.loadingProfile' },
          on: {
            'auth.signIn': [
              { guard: 'isLoginFormValid', target: 'signingIn', actions: 'clearFieldErrors' },
              { actions: 'showLoginFormErrors' },
            ],
            'auth.signUp': [
              { guard: 'isSignUpFormValid', target: 'signingUp', actions: 'clearFieldErrors' },
              { actions: 'showSignUpFormErrors' },
            ],
            'auth.signInWithGoogle': { target: 'signingInWithGoogle', actions: 'clearFieldErrors' },
            'auth.clearErrors': { actions: 'clearFieldErrors' },
            'auth.changed': { guard: 'isAnotherUser', target: '#auth.loadingProfile', actions: 'rememberAuthUser' },
          },
        },
        signingIn: {
          tags: ['busy'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'auth.signIn');
              return event.form;
            },
            onDone: {
              target: '#auth.loadingProfile',
              actions: { type: 'rememberSignedInUser', params: ({ event }) => ({ authUser: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'showSignInFailure', params: ({ event }) => ({ error: event.error }) }, logFailure('signIn')],
            },
          },
        },
        signingUp: {
          tags: ['busy'],
          invoke: {
            id: 'signUp',
            src: 'signUp',
            input: ({ event }) => {
              assertEvent(event, 'auth.signUp');
              return event.form;
            },
            onDone: {
              target: '#auth.loggedIn',
              actions: { type: 'adoptProfile', params: ({ event }) => ({ profile: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'showSignUpFailure', params: ({ event }) => ({ error: event.error }) }, logFailure('signUp')],
            },
          },
        },
        signingInWithGoogle: {
          tags: ['busy'],
          invoke: {
            id: 'signInWithGoogle',
            src: 'signInWithGoogle',
            onDone: {
              target: '#auth.loggedIn',
              actions: { type: 'adoptProfile', params: ({ event }) => ({ profile: event.output }) },
            },
            onError: { target: 'idle', actions: logFailure('signInWithGoogle') },
          },
        },
      },
    },
  },
});

export type AuthActorRef = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

