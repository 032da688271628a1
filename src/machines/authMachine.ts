import { assertEvent, assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  hasErrors,
  messages,
  splitDisplayName,
  validateLogin,
  validateSignUp,
  type FieldErrors,
  type LoginForm,
  type SignUpForm,
  type UserProfile,
} from '../domain';
import type { AuthPort, AuthUser } from '../adapters/auth/port';
import type { UsersPort } from '../adapters/users/port';

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

/** A profile when the users document is missing or unreadable: the shopper is still signed in. */
export function profileFromAuthUser(user: AuthUser): UserProfile {
  return { id: user.uid, email: user.email ?? '', ...splitDisplayName(user.displayName), provider: user.provider };
}

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

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
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
      tags: ['busy'],
      on: {
        'auth.changed': [
          { guard: 'isSignedOutEvent', target: 'loggedOut' },
          {
            target: 'loadingProfile',
            actions: assign({ authUser: ({ event }) => event.user }),
          },
        ],
      },
    },
    loadingProfile: {
      tags: ['busy'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => context.authUser!,
        onDone: {
          target: 'loggedIn',
          actions: assign({ user: ({ context, event }) => event.output ?? profileFromAuthUser(context.authUser!) }),
        },
        onError: {
          target: 'loggedIn',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'loadProfile' }) },
            assign({ user: ({ context }) => profileFromAuthUser(context.authUser!) }),
          ],
        },
      },
      on: {
        'auth.changed': [
          { guard: 'isSignedOutEvent', target: 'loggedOut', actions: 'clearUser' },
          {
            guard: 'isAnotherUser',
            target: 'loadingProfile',
            reenter: true,
            actions: assign({ authUser: ({ event }) => event.user }),
          },
        ],
      },
    },
    loggedIn: {
      on: {
        'auth.signOut': 'signingOut',
        'auth.changed': [
          { guard: 'isSignedOutEvent', target: 'loggedOut', actions: 'clearUser' },
          {
            guard: 'isAnotherUser',
            target: 'loadingProfile',
            actions: assign({ authUser: ({ event }) => event.user, user: null }),
          },
        ],
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'loggedOut', actions: 'clearUser' },
        onError: {
          target: 'loggedIn',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'signOut' }) },
        },
      },
    },
    loggedOut: {
      initial: 'idle',
      // While a sign-in/sign-up flow runs, the provider may already report its user (Firebase does, before the
      // users document is written). Remember it: if the flow then fails after the account signed in (e.g. the
      // profile write is refused), `idle` sends us to loadingProfile instead of showing a signed-in shopper as
      // logged out.
      on: { 'auth.changed': { actions: assign({ authUser: ({ event }) => event.user }) } },
      states: {
        idle: {
          always: { guard: 'hasAuthUser', target: '#auth.loadingProfile' },
          on: {
            'auth.signIn': [
              { guard: 'isLoginFormValid', target: 'signingIn', actions: 'clearFieldErrors' },
              { actions: assign({ fieldErrors: ({ event }) => validateLogin(event.form) }) },
            ],
            'auth.signUp': [
              { guard: 'isSignUpFormValid', target: 'signingUp', actions: 'clearFieldErrors' },
              { actions: assign({ fieldErrors: ({ event }) => validateSignUp(event.form) }) },
            ],
            'auth.signInWithGoogle': { target: 'signingInWithGoogle', actions: 'clearFieldErrors' },
            'auth.clearErrors': { actions: 'clearFieldErrors' },
            'auth.changed': {
              guard: 'isAnotherUser',
              target: '#auth.loadingProfile',
              actions: assign({ authUser: ({ event }) => event.user }),
            },
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
              actions: assign({ authUser: ({ event }) => event.output }),
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ fieldErrors: ({ event }) => signInFieldErrors(event.error) }),
                { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'signIn' }) },
              ],
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
              actions: assign({
                user: ({ event }) => event.output,
                authUser: ({ event }) => ({
                  uid: event.output.id,
                  email: event.output.email,
                  displayName: `${event.output.firstName} ${event.output.lastName}`.trim(),
                  provider: event.output.provider,
                }),
              }),
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ fieldErrors: ({ event }) => signUpFieldErrors(event.error) }),
                { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'signUp' }) },
              ],
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
              actions: assign({
                user: ({ event }) => event.output,
                authUser: ({ event }) => ({
                  uid: event.output.id,
                  email: event.output.email,
                  displayName: `${event.output.firstName} ${event.output.lastName}`.trim(),
                  provider: event.output.provider,
                }),
              }),
            },
            onError: {
              target: 'idle',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'signInWithGoogle' }) },
            },
          },
        },
      },
    },
  },
});

export type AuthActorRef = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/**
 * The production actors of authMachine, built over the ports. main.tsx and the model-based tests use
 * the same function; only the port implementations differ.
 */
export function createAuthActors({ auth, users }: { auth: AuthPort; users: UsersPort }) {
  return {
    watchAuthState: fromCallback<AuthEvent>(({ sendBack }) =>
      auth.onAuthStateChanged((user) => sendBack({ type: 'auth.changed', user })),
    ),
    loadProfile: fromPromise<UserProfile | null, AuthUser>(({ input }) => users.findById(input.uid)),
    signIn: fromPromise<AuthUser, LoginForm>(({ input }) => auth.signIn(input.email.trim(), input.password)),
    signUp: fromPromise<UserProfile, SignUpForm>(async ({ input }) => {
      const authUser = await auth.signUp({ email: input.email.trim(), password: input.password });
      const profile: UserProfile = {
        id: authUser.uid,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: authUser.email ?? input.email.trim(),
        provider: 'firebase',
      };
      await users.create(profile);
      return profile;
    }),
    signInWithGoogle: fromPromise<UserProfile, void>(async () => {
      const authUser = await auth.signInWithGoogle();
      const existing = await users.findById(authUser.uid);
      if (existing) return existing;
      const profile: UserProfile = { ...profileFromAuthUser(authUser), provider: 'google' };
      await users.create(profile);
      return profile;
    }),
    signOut: fromPromise<void, void>(() => auth.signOut()),
  };
}
