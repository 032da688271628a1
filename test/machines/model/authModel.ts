import { expect, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { LoginForm, SignUpForm, UserProfile } from '../../../src/domain';
import {
  AuthUnavailableError,
  EmailInUseError,
  SignInCancelledError,
  UserNotFoundError,
  WrongPasswordError,
  type AuthUser,
} from '../../../src/adapters/auth/authPort';
import { ProfileWriteError, UsersUnavailableError } from '../../../src/adapters/users/usersPort';
import { authMachine, createAuthActors } from '../../../src/machines/authMachine';
import { fakeAuth, fakeUsers, type FakeAuth, type FakeUsers } from '../../support/fakes/fakePorts';
import { tick } from '../../support/fakes/controllable';
import { coveringWalks, pathName, type ModelPath, type TransitionRecorder } from './modelGraph';

// The cast of the auth story. Stored documents differ from what the auth user alone would give, so a test
// can tell "loaded the document" from "fell back to the auth user".
const ana: AuthUser = { uid: 'uid-ana', email: 'ana@example.com', displayName: 'Ana Souza', provider: 'firebase' };
const bruno: AuthUser = { uid: 'uid-bruno', email: 'bruno@example.com', displayName: null, provider: 'firebase' };
const carla: AuthUser = { uid: 'uid-carla', email: 'carla@example.com', displayName: null, provider: 'firebase' };
const gabi: AuthUser = { uid: 'uid-gabi', email: 'gabi@example.com', displayName: 'Gabi Rocha', provider: 'google' };
const helena: AuthUser = {
  uid: 'uid-helena',
  email: 'helena@example.com',
  displayName: 'Helena Maria Costa',
  provider: 'google',
};

const storedDocuments: Record<string, UserProfile> = {
  'uid-ana': {
    id: 'uid-ana',
    email: 'ana@example.com',
    firstName: 'Ana Clara',
    lastName: 'Souza',
    provider: 'firebase',
  },
  'uid-bruno': {
    id: 'uid-bruno',
    email: 'bruno@example.com',
    firstName: 'Bruno',
    lastName: 'Lima',
    provider: 'firebase',
  },
  'uid-gabi': {
    id: 'uid-gabi',
    email: 'gabi@example.com',
    firstName: 'Gabriela',
    lastName: 'Rocha',
    provider: 'google',
  },
};
/** What the header shows when a user's document is missing or unreadable (from the auth user alone). */
const fallbackProfiles: Record<string, UserProfile> = {
  'uid-ana': { id: 'uid-ana', email: 'ana@example.com', firstName: 'Ana', lastName: 'Souza', provider: 'firebase' },
  'uid-bruno': { id: 'uid-bruno', email: 'bruno@example.com', firstName: '', lastName: '', provider: 'firebase' },
  'uid-carla': { id: 'uid-carla', email: 'carla@example.com', firstName: '', lastName: '', provider: 'firebase' },
};
/** The account's profile, with the name typed in this tab's sign-up if it is that account's (what a repair writes). */
const accountProfile = (
  uid: string,
  typed: { firstName: string; lastName: string; email: string } | null,
): UserProfile => {
  const profile = fallbackProfiles[uid]!;
  return typed && typed.email === profile.email
    ? { ...profile, firstName: typed.firstName, lastName: typed.lastName }
    : profile;
};

// The agreed deadlines and texts (msgs), written here on purpose.
const PROFILE_DEADLINE_MS = 8_000;
const SIGN_UP_DEADLINE_MS = 10_000;
const LOGIN_DEADLINE_MS = 10_000;
const SIGN_UP_MESSAGE = 'Não foi possível concluir o cadastro agora. Verifique sua conexão e tente novamente.';
const LOGIN_MESSAGE = 'Não foi possível entrar agora. Verifique sua conexão e tente novamente.';
const AFTER = {
  loadingProfile: 'xstate.after.profileTimeout.auth.loadingProfile',
  repairingProfile: 'xstate.after.profileTimeout.auth.repairingProfile',
  signingIn: 'xstate.after.loginTimeout.auth.loggedOut.signingIn',
  signingUp: 'xstate.after.signUpTimeout.auth.loggedOut.signingUp',
  signingInWithGoogle: 'xstate.after.loginTimeout.auth.loggedOut.signingInWithGoogle',
} as const;
const deadlines: Record<string, number> = {
  [AFTER.loadingProfile]: PROFILE_DEADLINE_MS,
  [AFTER.repairingProfile]: PROFILE_DEADLINE_MS,
  [AFTER.signingIn]: LOGIN_DEADLINE_MS,
  [AFTER.signingUp]: SIGN_UP_DEADLINE_MS,
  [AFTER.signingInWithGoogle]: LOGIN_DEADLINE_MS,
};
const carlaProfile: UserProfile = {
  id: 'uid-carla',
  email: 'carla@example.com',
  firstName: 'Carla',
  lastName: 'Dias',
  provider: 'firebase',
};
const helenaProfile: UserProfile = {
  id: 'uid-helena',
  email: 'helena@example.com',
  firstName: 'Helena',
  lastName: 'Maria Costa',
  provider: 'google',
};

const validLogin: LoginForm = { email: ' ana@example.com ', password: 'segredo1' };
const invalidLogin: LoginForm = { email: '', password: '' };
const validSignUp: SignUpForm = {
  firstName: 'Carla',
  lastName: 'Dias',
  email: 'carla@example.com',
  password: 'segredo1',
  passwordConfirmation: 'segredo1',
};
const invalidSignUp: SignUpForm = { firstName: '', lastName: '', email: '', password: '', passwordConfirmation: '' };

// docs/requirements.md#validation and #errors, copied here on purpose (not imported from the domain).
const loginRequired = { email: 'O e-mail é obrigatório.', password: 'A senha é obrigatória.' };
const signUpRequired = {
  firstName: 'O campo nome é obrigatório',
  lastName: 'O campo sobrenome é obrigatório',
  email: 'O campo e-mail é obrigatório',
  password: 'A senha precisa ter pelo menos 6 caracteres.',
  passwordConfirmation: 'O campo confirmação de senha é obrigatório',
};
const signInErrorMessages: Record<string, Record<string, string>> = {
  'auth/wrong-password': { password: 'A senha é inválida.' },
  'auth/user-not-found': { email: 'O e-mail não foi encontrado.' },
};
const signUpErrorMessages: Record<string, Record<string, string>> = {
  'auth/email-already-in-use': { email: 'Este e-mail já está sendo utilizado.' },
};

// Walks that take every transition of the model (coveringWalks in ./graph) rather than one shortest path per
// (state, event, previous state), which repeat their prefixes over a thousand times.
export const authPaths = coveringWalks(authMachine, {
  maxSteps: 60,
  variants: (type, snapshot) => {
    const uid = snapshot.context.authUser?.uid;
    switch (type) {
      case 'auth.changed':
        return [ana, bruno, null].map((user) => ({ type, user }));
      case 'auth.signIn':
        return [validLogin, invalidLogin].map((form) => ({ type, form }));
      case 'auth.signUp':
        return [validSignUp, invalidSignUp].map((form) => ({ type, form }));
      case 'xstate.done.actor.loadProfile':
        return [
          { type, output: uid ? (storedDocuments[uid] ?? null) : null },
          { type, output: null },
        ];
      case 'xstate.error.actor.loadProfile':
        return [{ type, error: new UsersUnavailableError('offline') }];
      case 'xstate.done.actor.signIn':
        return [{ type, output: ana }];
      case 'xstate.error.actor.signIn':
        return [new WrongPasswordError(), new UserNotFoundError(), new AuthUnavailableError('network')].map(
          (error) => ({ type, error }),
        );
      case 'xstate.done.actor.signUp':
        return [{ type, output: carlaProfile }];
      case 'xstate.error.actor.signUp':
        return [new EmailInUseError(), new ProfileWriteError('denied')].map((error) => ({ type, error }));
      case 'xstate.done.actor.signInWithGoogle':
        return [storedDocuments['uid-gabi']!, helenaProfile].map((output) => ({ type, output }));
      case 'xstate.error.actor.signInWithGoogle':
        return [{ type, error: new SignInCancelledError() }];
      case 'xstate.done.actor.signOut':
        return [{ type, output: undefined }];
      case 'xstate.error.actor.signOut':
        return [{ type, error: new AuthUnavailableError('network') }];
      case 'xstate.done.actor.repairProfile':
        return uid ? [{ type, output: accountProfile(uid, snapshot.context.typedName) }] : [];
      case 'xstate.error.actor.repairProfile':
        return [{ type, error: new ProfileWriteError('denied') }];
      case AFTER.loadingProfile:
      case AFTER.repairingProfile:
      case AFTER.signingIn:
      case AFTER.signingUp:
      case AFTER.signingInWithGoogle:
        return [{ type }];
      default:
        return undefined;
    }
  },
});

type AnyAuthEvent = EventObject & {
  user?: AuthUser | null;
  form?: LoginForm | SignUpForm;
  output?: unknown;
  error?: { code: string };
};

export const authPathName = (path: Pick<ModelPath<typeof authMachine>, 'steps'>) =>
  pathName(path, (event) => {
    const e = event as AnyAuthEvent;
    if ('user' in e) return e.user ? e.user.uid.replace('uid-', '') : 'null';
    if (e.form) return 'password' in e.form && e.form.password ? 'valid' : 'invalid';
    if (e.error) return e.error.code;
    if (e.output && typeof e.output === 'object') {
      const o = e.output as { id?: string; uid?: string };
      return (o.id ?? o.uid ?? '').replace('uid-', '');
    }
    return e.type.startsWith('xstate.done') ? String(e.output) : '';
  });

export type AuthWiring = (ports: { auth: FakeAuth; users: FakeUsers }) => ReturnType<typeof createAuthActors>;
export const productionAuthWiring: AuthWiring = ({ auth, users }) =>
  createAuthActors({ auth: auth.port, users: users.port });

const googleUserOf = (profileId: string) => (profileId === gabi.uid ? gabi : helena);

/**
 * Drives a real auth actor (production machine + production actors over controllable fakes) along one model
 * path. Settling a done/error step settles the fakes' pending calls the way the provider and the database
 * would; after each step the test checks the ports' calls, the profile shown, the messages and the log.
 */
export async function runAuthPath(
  path: ModelPath<typeof authMachine>,
  wiring: AuthWiring = productionAuthWiring,
  recorder?: TransitionRecorder,
) {
  const auth = fakeAuth();
  const users = fakeUsers();
  const logError = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    authMachine.provide({ actors: wiring({ auth, users }), actions: { logError: (_, params) => logError(params) } }),
    { inspect: recorder?.inspect, clock },
  );
  const ref = {
    uid: null as string | null,
    /** The user the provider reported while a sign-in/sign-up flow was running. */
    reported: null as string | null,
    user: null as UserProfile | null,
    fieldErrors: {} as Record<string, string>,
    formError: null as string | null,
    /** The name of a sign-up whose profile is not stored yet. */
    typed: null as { firstName: string; lastName: string; email: string } | null,
    errors: 0,
    calls: { signIn: 0, signUp: 0, google: 0, signOut: 0, findById: 0, create: 0 },
  };
  const created: UserProfile[] = [];
  const repairs: UserProfile[] = [];
  /** The profile is stored and shown: the form-wide message and the typed name are done with. */
  const profileStored = (profile: UserProfile) => {
    ref.user = profile;
    ref.formError = null;
    ref.typed = null;
  };
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const e = event as AnyAuthEvent;
      const after = (value: object | string) => expected.matches(value as never);
      const at = `step ${index} (${e.type})`;
      switch (e.type) {
        case 'xstate.init':
          actor.start();
          break;
        case 'auth.changed':
          auth.emit(e.user!);
          if (after('loggedOut')) ref.reported = e.user?.uid ?? null;
          if (e.user === null && after('loggedOut')) ref.user = null;
          if (e.user && after('loadingProfile') && e.user.uid !== ref.uid) {
            ref.uid = e.user.uid;
            ref.user = null;
            ref.calls.findById += 1;
          }
          break;
        case 'xstate.done.actor.loadProfile':
          expect(users.findById.latest().args, 'profile read for the signed-in uid').toEqual([ref.uid]);
          users.findById.latest().resolve(e.output as UserProfile | null);
          await tick();
          if (e.output) profileStored(e.output as UserProfile);
          else repairs.push(accountProfile(ref.uid!, ref.typed)); // no document: it is written from the account
          break;
        case 'xstate.error.actor.loadProfile':
          users.findById.latest().reject(e.error);
          await tick();
          ref.user = accountProfile(ref.uid!, ref.typed);
          ref.errors += 1;
          break;
        case 'xstate.done.actor.repairProfile':
          users.createIfMissing.latest().resolve(accountProfile(ref.uid!, ref.typed));
          await tick();
          profileStored(accountProfile(ref.uid!, ref.typed));
          break;
        case 'xstate.error.actor.repairProfile':
          users.createIfMissing.latest().reject(e.error);
          await tick();
          ref.user = accountProfile(ref.uid!, ref.typed);
          ref.errors += 1;
          break;
        case AFTER.loadingProfile:
        case AFTER.repairingProfile:
        case AFTER.signingIn:
        case AFTER.signingUp:
        case AFTER.signingInWithGoogle: {
          const before = JSON.stringify(actor.getSnapshot().value);
          clock.increment(deadlines[e.type]! - 1);
          expect(JSON.stringify(actor.getSnapshot().value), `${at}: a millisecond before the deadline`).toBe(before);
          clock.increment(1);
          ref.errors += 1;
          if (e.type === AFTER.loadingProfile || e.type === AFTER.repairingProfile) {
            ref.user = accountProfile(ref.uid!, ref.typed);
            // The abandoned call answers late: nothing changes.
            const late = e.type === AFTER.loadingProfile ? users.findById.latest() : users.createIfMissing.latest();
            late.resolve(storedDocuments[ref.uid!] ?? accountProfile(ref.uid!, null));
          } else {
            ref.formError = e.type === AFTER.signingUp ? SIGN_UP_MESSAGE : LOGIN_MESSAGE;
            const late =
              e.type === AFTER.signingIn
                ? auth.signIn
                : e.type === AFTER.signingUp
                  ? auth.signUp
                  : auth.signInWithGoogle;
            late.latest().reject(new AuthUnavailableError('late'));
          }
          await tick();
          break;
        }
        case 'xstate.done.actor.signIn':
          auth.signIn.latest().resolve(e.output as AuthUser);
          await tick();
          ref.uid = (e.output as AuthUser).uid;
          ref.calls.findById += 1;
          break;
        case 'xstate.error.actor.signIn':
          auth.signIn.latest().reject(e.error);
          await tick();
          ref.fieldErrors = signInErrorMessages[e.error!.code] ?? {};
          ref.errors += 1;
          break;
        case 'xstate.done.actor.signUp':
          auth.signUp.latest().resolve(carla);
          await tick();
          // The name goes into the auth account before the profile is written.
          expect(users.create.calls.length, `${at}: no profile write before the name is in the account`).toBe(
            created.length,
          );
          expect(auth.updateDisplayName.latest().args, at).toEqual(['Carla Dias']);
          auth.updateDisplayName.latest().resolve();
          await tick();
          users.create.latest().resolve();
          await tick();
          ref.calls.create += 1;
          created.push(carlaProfile);
          ref.uid = carla.uid;
          profileStored(carlaProfile);
          break;
        case 'xstate.error.actor.signUp':
          if (e.error!.code === 'users/write-failed') {
            auth.signUp.latest().resolve(carla);
            await tick();
            auth.updateDisplayName.latest().resolve();
            await tick();
            users.create.latest().reject(e.error);
            ref.calls.create += 1;
            created.push(carlaProfile);
          } else {
            auth.signUp.latest().reject(e.error);
          }
          await tick();
          ref.fieldErrors = signUpErrorMessages[e.error!.code] ?? {};
          // A failure no field can show gets the form-wide message; the typed name stays for a repair.
          if (signUpErrorMessages[e.error!.code]) ref.typed = null;
          else ref.formError = SIGN_UP_MESSAGE;
          ref.errors += 1;
          break;
        case 'xstate.done.actor.signInWithGoogle': {
          const profile = e.output as UserProfile;
          const googleUser = googleUserOf(profile.id);
          auth.signInWithGoogle.latest().resolve(googleUser);
          await tick();
          ref.calls.findById += 1;
          expect(users.findById.latest().args, 'looks for an existing users document').toEqual([googleUser.uid]);
          const existing = storedDocuments[googleUser.uid] ?? null;
          users.findById.latest().resolve(existing);
          await tick();
          if (!existing) {
            users.create.latest().resolve();
            await tick();
            ref.calls.create += 1;
            created.push(helenaProfile);
          }
          ref.uid = googleUser.uid;
          profileStored(existing ?? helenaProfile);
          break;
        }
        case 'xstate.error.actor.signInWithGoogle':
          auth.signInWithGoogle.latest().reject(e.error);
          await tick();
          ref.errors += 1;
          break;
        case 'xstate.done.actor.signOut':
          auth.signOut.latest().resolve();
          await tick();
          ref.user = null;
          ref.typed = null;
          break;
        case 'xstate.error.actor.signOut':
          auth.signOut.latest().reject(e.error);
          await tick();
          ref.errors += 1;
          break;
        default: {
          actor.send(event as never);
          const valid = e.form === validLogin || e.form === validSignUp;
          if (e.type === 'auth.signIn') ref.fieldErrors = valid ? {} : loginRequired;
          if (e.type === 'auth.signUp') ref.fieldErrors = valid ? {} : signUpRequired;
          if (e.type === 'auth.signInWithGoogle' || e.type === 'auth.clearErrors') ref.fieldErrors = {};
          if (valid || e.type === 'auth.signInWithGoogle' || e.type === 'auth.clearErrors') ref.formError = null;
          if ((e.type === 'auth.signIn' && valid) || e.type === 'auth.signInWithGoogle') ref.typed = null;
          if (e.type === 'auth.signUp' && valid)
            ref.typed = { firstName: 'Carla', lastName: 'Dias', email: 'carla@example.com' };
          if (e.type === 'auth.profile.retry') ref.calls.findById += 1;
        }
      }
      if (after({ loggedOut: 'signingIn' }) && e.type === 'auth.signIn') ref.calls.signIn += 1;
      if (after({ loggedOut: 'signingUp' }) && e.type === 'auth.signUp') ref.calls.signUp += 1;
      if (after({ loggedOut: 'signingInWithGoogle' }) && e.type === 'auth.signInWithGoogle') ref.calls.google += 1;
      if (after('signingOut') && e.type === 'auth.signOut') ref.calls.signOut += 1;
      // A flow that failed (or ran out of time) after the provider reported its user: the shopper is signed in,
      // so the profile loads.
      const flowEnded =
        e.type.startsWith('xstate.error.actor.sign') ||
        e.type === AFTER.signingIn ||
        e.type === AFTER.signingUp ||
        e.type === AFTER.signingInWithGoogle;
      if (flowEnded && after('loadingProfile')) {
        expect(ref.reported, `${at}: only when the provider reported a user`).not.toBeNull();
        ref.uid = ref.reported;
        ref.user = null;
        ref.calls.findById += 1;
      }
      if (!after('loggedOut')) ref.reported = null;
      if (after('loggedOut')) ref.uid = null;
      // Signed out from a session: nothing of it stays (a sign-up's typed name included).
      if (
        e.type === 'auth.changed' &&
        e.user === null &&
        after('loggedOut') &&
        !path.steps[index - 1]?.state.matches('loggedOut')
      )
        ref.typed = null;

      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.status, at).toBe(expected.status);

      // What the shopper sees: who is logged in, and the messages under the form fields.
      expect(snapshot.context.user, at).toEqual(ref.user);
      if (snapshot.matches('loggedIn')) expect(ref.user?.id, `${at}: logged in with a profile`).toBe(ref.uid);
      if (snapshot.matches({ loggedOut: 'idle' })) expect(snapshot.context.authUser, at).toBeNull();
      if (snapshot.matches('loggedOut')) expect(snapshot.context.user, at).toBeNull();
      expect(snapshot.context.fieldErrors, at).toEqual(ref.fieldErrors);
      expect(snapshot.context.formError, at).toBe(ref.formError);
      expect(logError, at).toHaveBeenCalledTimes(ref.errors);

      // What the ports saw: each call exactly once, with the shopper's input.
      expect(
        auth.signIn.calls.map((c) => c.args),
        at,
      ).toEqual(Array.from({ length: ref.calls.signIn }, () => ['ana@example.com', 'segredo1']));
      expect(
        auth.signUp.calls.map((c) => c.args),
        at,
      ).toEqual(Array.from({ length: ref.calls.signUp }, () => [{ email: 'carla@example.com', password: 'segredo1' }]));
      expect(auth.signInWithGoogle.calls.length, at).toBe(ref.calls.google);
      expect(auth.signOut.calls.length, at).toBe(ref.calls.signOut);
      expect(users.findById.calls.length, at).toBe(ref.calls.findById);
      expect(
        users.create.calls.map((c) => c.args[0]),
        at,
      ).toEqual(created);
      expect(
        users.createIfMissing.calls.map((c) => c.args[0]),
        `${at}: repairs`,
      ).toEqual(repairs);
      expect(auth.listenerCount(), `${at}: one auth-state subscription`).toBe(1);
    }
  } finally {
    actor.stop();
  }
}
