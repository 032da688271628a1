import { expect, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import type { LoginForm, SignUpForm, UserProfile } from '../../../src/domain';
import {
  AuthUnavailableError,
  EmailInUseError,
  SignInCancelledError,
  UserNotFoundError,
  WrongPasswordError,
  type AuthUser,
} from '../../../src/adapters/auth/port';
import { ProfileWriteError, UsersUnavailableError } from '../../../src/adapters/users/port';
import { authMachine, createAuthActors } from '../../../src/machines/authMachine';
import { fakeAuth, fakeUsers, type FakeAuth, type FakeUsers } from '../../support/fakes/ports';
import { tick } from '../../support/fakes/controllable';
import { pathName, shortestPaths, type ModelPath, type TransitionRecorder } from './graph';

// The cast of the auth story. Stored documents differ from what the auth user alone would give, so a test
// can tell "loaded the document" from "fell back to the auth user".
const ana: AuthUser = { uid: 'uid-ana', email: 'ana@example.com', displayName: 'Ana Souza', provider: 'firebase' };
const bruno: AuthUser = { uid: 'uid-bruno', email: 'bruno@example.com', displayName: null, provider: 'firebase' };
const carla: AuthUser = { uid: 'uid-carla', email: 'carla@example.com', displayName: null, provider: 'firebase' };
const gabi: AuthUser = { uid: 'uid-gabi', email: 'gabi@example.com', displayName: 'Gabi Rocha', provider: 'google' };
const helena: AuthUser = { uid: 'uid-helena', email: 'helena@example.com', displayName: 'Helena Maria Costa', provider: 'google' };

const storedDocuments: Record<string, UserProfile> = {
  'uid-ana': { id: 'uid-ana', email: 'ana@example.com', firstName: 'Ana Clara', lastName: 'Souza', provider: 'firebase' },
  'uid-bruno': { id: 'uid-bruno', email: 'bruno@example.com', firstName: 'Bruno', lastName: 'Lima', provider: 'firebase' },
  'uid-gabi': { id: 'uid-gabi', email: 'gabi@example.com', firstName: 'Gabriela', lastName: 'Rocha', provider: 'google' },
};
/** What the header shows when a user's document is missing or unreadable (from the auth user alone). */
const fallbackProfiles: Record<string, UserProfile> = {
  'uid-ana': { id: 'uid-ana', email: 'ana@example.com', firstName: 'Ana', lastName: 'Souza', provider: 'firebase' },
  'uid-bruno': { id: 'uid-bruno', email: 'bruno@example.com', firstName: '', lastName: '', provider: 'firebase' },
};
const carlaProfile: UserProfile = { id: 'uid-carla', email: 'carla@example.com', firstName: 'Carla', lastName: 'Dias', provider: 'firebase' };
const helenaProfile: UserProfile = { id: 'uid-helena', email: 'helena@example.com', firstName: 'Helena', lastName: 'Maria Costa', provider: 'google' };

const validLogin: LoginForm = { email: ' ana@example.com ', password: 'segredo1' };
const invalidLogin: LoginForm = { email: '', password: '' };
const validSignUp: SignUpForm = { firstName: 'Carla', lastName: 'Dias', email: 'carla@example.com', password: 'segredo1', passwordConfirmation: 'segredo1' };
const invalidSignUp: SignUpForm = { firstName: '', lastName: '', email: '', password: '', passwordConfirmation: '' };

// SPEC §5 and §8, copied here on purpose (not imported from the domain).
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

export const authPaths = shortestPaths(authMachine, {
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
        return [{ type, output: uid ? (storedDocuments[uid] ?? null) : null }, { type, output: null }];
      case 'xstate.error.actor.loadProfile':
        return [{ type, error: new UsersUnavailableError('offline') }];
      case 'xstate.done.actor.signIn':
        return [{ type, output: ana }];
      case 'xstate.error.actor.signIn':
        return [new WrongPasswordError(), new UserNotFoundError(), new AuthUnavailableError('network')].map((error) => ({ type, error }));
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

export const authPathName = (path: ModelPath<typeof authMachine>) =>
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
export const productionAuthWiring: AuthWiring = ({ auth, users }) => createAuthActors({ auth: auth.port, users: users.port });

const googleUserOf = (profileId: string) => (profileId === gabi.uid ? gabi : helena);

/**
 * Drives a real auth actor (production machine + production actors over controllable fakes) along one model
 * path. Settling a done/error step settles the fakes' pending calls the way the provider and the database
 * would; after each step the test checks the ports' calls, the profile shown, the messages and the log.
 */
export async function runAuthPath(path: ModelPath<typeof authMachine>, wiring: AuthWiring = productionAuthWiring, recorder?: TransitionRecorder) {
  const auth = fakeAuth();
  const users = fakeUsers();
  const logError = vi.fn();
  const actor = createActor(
    authMachine.provide({ actors: wiring({ auth, users }), actions: { logError: (_, params) => logError(params) } }),
    { inspect: recorder?.inspect },
  );
  const ref = {
    uid: null as string | null,
    /** The user the provider reported while a sign-in/sign-up flow was running. */
    reported: null as string | null,
    user: null as UserProfile | null,
    fieldErrors: {} as Record<string, string>,
    errors: 0,
    calls: { signIn: 0, signUp: 0, google: 0, signOut: 0, findById: 0, create: 0 },
  };
  const created: UserProfile[] = [];
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
          ref.user = (e.output as UserProfile | null) ?? fallbackProfiles[ref.uid!]!;
          break;
        case 'xstate.error.actor.loadProfile':
          users.findById.latest().reject(e.error);
          await tick();
          ref.user = fallbackProfiles[ref.uid!]!;
          ref.errors += 1;
          break;
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
          users.create.latest().resolve();
          await tick();
          ref.calls.create += 1;
          created.push(carlaProfile);
          ref.uid = carla.uid;
          ref.user = carlaProfile;
          break;
        case 'xstate.error.actor.signUp':
          if (e.error!.code === 'users/write-failed') {
            auth.signUp.latest().resolve(carla);
            await tick();
            users.create.latest().reject(e.error);
            ref.calls.create += 1;
            created.push(carlaProfile);
          } else {
            auth.signUp.latest().reject(e.error);
          }
          await tick();
          ref.fieldErrors = signUpErrorMessages[e.error!.code] ?? {};
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
          ref.user = existing ?? helenaProfile;
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
        }
      }
      if (after({ loggedOut: 'signingIn' }) && e.type === 'auth.signIn') ref.calls.signIn += 1;
      if (after({ loggedOut: 'signingUp' }) && e.type === 'auth.signUp') ref.calls.signUp += 1;
      if (after({ loggedOut: 'signingInWithGoogle' }) && e.type === 'auth.signInWithGoogle') ref.calls.google += 1;
      if (after('signingOut') && e.type === 'auth.signOut') ref.calls.signOut += 1;
      // A flow that failed after the provider reported its user: the shopper is signed in, so the profile loads.
      if (e.type.startsWith('xstate.error.actor.sign') && after('loadingProfile')) {
        expect(ref.reported, `${at}: only when the provider reported a user`).not.toBeNull();
        ref.uid = ref.reported;
        ref.user = null;
        ref.calls.findById += 1;
      }
      if (!after('loggedOut')) ref.reported = null;
      if (after('loggedOut')) ref.uid = null;

      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.status, at).toBe(expected.status);

      // What the shopper sees: who is logged in, and the messages under the form fields.
      expect(snapshot.context.user, at).toEqual(ref.user);
      if (snapshot.matches('loggedIn')) expect(ref.user?.id, `${at}: logged in with a profile`).toBe(ref.uid);
      if (snapshot.matches({ loggedOut: 'idle' })) expect(snapshot.context.authUser, at).toBeNull();
      if (snapshot.matches('loggedOut')) expect(snapshot.context.user, at).toBeNull();
      expect(snapshot.context.fieldErrors, at).toEqual(ref.fieldErrors);
      expect(logError, at).toHaveBeenCalledTimes(ref.errors);

      // What the ports saw: each call exactly once, with the shopper's input.
      expect(auth.signIn.calls.map((c) => c.args), at).toEqual(Array.from({ length: ref.calls.signIn }, () => ['ana@example.com', 'segredo1']));
      expect(auth.signUp.calls.map((c) => c.args), at).toEqual(
        Array.from({ length: ref.calls.signUp }, () => [{ email: 'carla@example.com', password: 'segredo1' }]),
      );
      expect(auth.signInWithGoogle.calls.length, at).toBe(ref.calls.google);
      expect(auth.signOut.calls.length, at).toBe(ref.calls.signOut);
      expect(users.findById.calls.length, at).toBe(ref.calls.findById);
      expect(users.create.calls.map((c) => c.args[0]), at).toEqual(created);
      expect(auth.listenerCount(), `${at}: one auth-state subscription`).toBe(1);
    }
  } finally {
    actor.stop();
  }
}
