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
import type { AuthUser } from '../adapters/auth/authPort';
import { accountProfile } from './authActors';
import type { AuthEvent, RepairInput, TypedName } from './authTypes';

// The actors live in authActors.ts so this file reads as the statechart, the shapes both use in authTypes.ts;
// their names stay importable from here.
export { accountProfile, createAuthActors, profileFromAuthUser } from './authActors';
export type { AuthEvent, RepairInput, TypedName } from './authTypes';

export type AuthFieldErrors = FieldErrors<SignUpForm> & FieldErrors<LoginForm>;

/** How long the shopper waits for each call before the machine gives up on it (the call's late answer is dropped). */
export const PROFILE_TIMEOUT_MS = 8_000;
export const SIGN_UP_TIMEOUT_MS = 10_000;
export const LOGIN_TIMEOUT_MS = 10_000;

/** The profile could not be read in time (or at all): a banner over the page, with "Tentar novamente". */
export const PROFILE_FAILED_MESSAGE = 'Não foi possível carregar seu perfil. Verifique sua conexão e tente novamente.';
/** The sign-up did not finish in time, or failed for a reason the form fields cannot show. */
export const SIGN_UP_FAILED_MESSAGE =
  'Não foi possível concluir o cadastro agora. Verifique sua conexão e tente novamente.';
/** The log-in (e-mail or Google) did not answer in time. */
export const LOGIN_FAILED_MESSAGE = 'Não foi possível entrar agora. Verifique sua conexão e tente novamente.';

export interface AuthContext {
  /** The auth provider's user, once known. */
  authUser: AuthUser | null;
  /** The users document (or, if it cannot be read, a profile derived from the auth user). */
  user: UserProfile | null;
  /** Per-field messages of docs/requirements.md#validation for the form on screen. */
  fieldErrors: AuthFieldErrors;
  /** A message for the whole form (a deadline passed, or a failure no field can show). */
  formError: string | null;
  /** The name of a sign-up that has not stored its profile yet. */
  typedName: TypedName | null;
}

/** Maps a sign-in error to the field message of docs/requirements.md#errors; other errors show nothing (only logged). */
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
  ({
    type: 'logError',
    params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error, during }),
  }) as const;
/** The `logError` action for a call the machine gave up on. */
const logTimeout = (during: string, ms: number) =>
  ({ type: 'logError', params: () => ({ error: new Error(`no answer in ${ms} ms`), during }) }) as const;

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
    /** Writes the missing users document from the auth account (create-if-missing); resolves with the stored one. */
    repairProfile: fromPromise<UserProfile, RepairInput>(async () => {
      throw new Error('repairProfile not provided');
    }),
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
    /** Errors only logged (docs/requirements.md#errors). Provided from outside (console in the app, a spy in tests). */
    logError: (_, _params: { error: unknown; during: string }) => {},
    clearFieldErrors: assign({ fieldErrors: {}, formError: null }),
    clearUser: assign({ authUser: null, user: null, typedName: null }),
    forgetTypedName: assign({ typedName: null }),
    showFormError: assign({ formError: (_, params: { message: string }) => params.message }),
    rememberTypedName: assign({
      typedName: ({ event }) => {
        assertEvent(event, 'auth.signUp');
        const { firstName, lastName, email } = event.form;
        return { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim().toLowerCase() };
      },
    }),
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
      typedName: null,
      formError: null,
    })),
    /** The stored users document: the account and its profile are complete, whatever went wrong before. */
    adoptLoadedProfile: assign((_, params: { profile: UserProfile }) => ({
      user: params.profile,
      typedName: null,
      formError: null,
    })),
    /** No document to show: a profile from the auth account, so the header still greets the shopper. */
    adoptFallbackProfile: assign({ user: ({ context }) => accountProfile(context.authUser!, context.typedName) }),
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
    foundProfile: ({ event }) => (event as { output?: UserProfile | null }).output != null,
    /** A failure the sign-up fields have a message for (the e-mail in use). */
    isFieldFailure: ({ event }) => Object.keys(signUpFieldErrors((event as { error?: unknown }).error)).length > 0,
    isLoginFormValid: ({ event }) => {
      assertEvent(event, 'auth.signIn');
      return !hasErrors(validateLogin(event.form));
    },
    isSignUpFormValid: ({ event }) => {
      assertEvent(event, 'auth.signUp');
      return !hasErrors(validateSignUp(event.form));
    },
  },
  delays: {
    profileTimeout: PROFILE_TIMEOUT_MS,
    signUpTimeout: SIGN_UP_TIMEOUT_MS,
    loginTimeout: LOGIN_TIMEOUT_MS,
  },
}).createMachine({
  id: 'auth',
  context: { authUser: null, user: null, fieldErrors: {}, formError: null, typedName: null },
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
    // The profile: read the users document; if there is none (a sign-up whose write never landed), write it
    // from the auth account (repairingProfile). Each call has a deadline: after it the shopper is signed in with
    // the profile the auth account gives, under a banner that offers "Tentar novamente".
    loadingProfile: {
      tags: ['busy', 'signedIn', 'blocking'],
      after: {
        profileTimeout: {
          target: 'profileUnavailable',
          actions: [logTimeout('loadProfile', PROFILE_TIMEOUT_MS), 'adoptFallbackProfile'],
        },
      },
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => context.authUser!,
        onDone: [
          {
            guard: 'foundProfile',
            target: 'loggedIn',
            actions: { type: 'adoptLoadedProfile', params: ({ event }) => ({ profile: event.output! }) },
          },
          { target: 'repairingProfile' },
        ],
        onError: { target: 'profileUnavailable', actions: [logFailure('loadProfile'), 'adoptFallbackProfile'] },
      },
      on: {
        'auth.changed': [
          { guard: 'isSignedOutEvent', target: 'loggedOut', actions: 'clearUser' },
          {
            guard: 'isAnotherUser',
            target: 'loadingProfile',
            reenter: true,
            actions: ['rememberAuthUser', 'forgetProfile'],
          },
        ],
      },
    },
    repairingProfile: {
      tags: ['busy', 'signedIn', 'blocking'],
      after: {
        profileTimeout: {
          target: 'profileUnavailable',
          actions: [logTimeout('repairProfile', PROFILE_TIMEOUT_MS), 'adoptFallbackProfile'],
        },
      },
      invoke: {
        id: 'repairProfile',
        src: 'repairProfile',
        input: ({ context }) => ({ authUser: context.authUser!, typedName: context.typedName }),
        onDone: {
          target: 'loggedIn',
          actions: { type: 'adoptLoadedProfile', params: ({ event }) => ({ profile: event.output }) },
        },
        // A refused write would be refused again: signed in with the account's profile, logged, no banner.
        onError: { target: 'loggedIn', actions: [logFailure('repairProfile'), 'adoptFallbackProfile'] },
      },
      on: {
        'auth.changed': [
          { guard: 'isSignedOutEvent', target: 'loggedOut', actions: 'clearUser' },
          { guard: 'isAnotherUser', target: 'loadingProfile', actions: ['rememberAuthUser', 'forgetProfile'] },
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
    /** Signed in, but the profile could not be had in time: the page stays usable under a banner. */
    profileUnavailable: {
      tags: ['signedIn'],
      on: {
        'auth.profile.retry': 'loadingProfile',
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
              { guard: 'isLoginFormValid', target: 'signingIn', actions: ['clearFieldErrors', 'forgetTypedName'] },
              { actions: 'showLoginFormErrors' },
            ],
            'auth.signUp': [
              { guard: 'isSignUpFormValid', target: 'signingUp', actions: ['clearFieldErrors', 'rememberTypedName'] },
              { actions: 'showSignUpFormErrors' },
            ],
            'auth.signInWithGoogle': {
              target: 'signingInWithGoogle',
              actions: ['clearFieldErrors', 'forgetTypedName'],
            },
            'auth.clearErrors': { actions: 'clearFieldErrors' },
            'auth.changed': { guard: 'isAnotherUser', target: '#auth.loadingProfile', actions: 'rememberAuthUser' },
          },
        },
        signingIn: {
          tags: ['busy'],
          after: {
            loginTimeout: {
              target: 'idle',
              actions: [
                logTimeout('signIn', LOGIN_TIMEOUT_MS),
                { type: 'showFormError', params: { message: LOGIN_FAILED_MESSAGE } },
              ],
            },
          },
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
              actions: [
                { type: 'showSignInFailure', params: ({ event }) => ({ error: event.error }) },
                logFailure('signIn'),
              ],
            },
          },
        },
        signingUp: {
          tags: ['busy'],
          after: {
            signUpTimeout: {
              target: 'idle',
              actions: [
                logTimeout('signUp', SIGN_UP_TIMEOUT_MS),
                { type: 'showFormError', params: { message: SIGN_UP_FAILED_MESSAGE } },
              ],
            },
          },
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
            onError: [
              {
                guard: 'isFieldFailure',
                target: 'idle',
                actions: [
                  { type: 'showSignUpFailure', params: ({ event }) => ({ error: event.error }) },
                  logFailure('signUp'),
                  'forgetTypedName',
                ],
              },
              // The account may exist already (the profile write failed): keep the name for the repair.
              {
                target: 'idle',
                actions: [logFailure('signUp'), { type: 'showFormError', params: { message: SIGN_UP_FAILED_MESSAGE } }],
              },
            ],
          },
        },
        signingInWithGoogle: {
          tags: ['busy'],
          // The chooser may wait on the shopper, but the popup or the account read then answers within this.
          after: {
            loginTimeout: {
              target: 'idle',
              actions: [
                logTimeout('signInWithGoogle', LOGIN_TIMEOUT_MS),
                { type: 'showFormError', params: { message: LOGIN_FAILED_MESSAGE } },
              ],
            },
          },
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
