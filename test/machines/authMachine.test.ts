import { describe, expect, it } from 'vitest';
import {
  AuthUnavailableError,
  EmailInUseError,
  SignInCancelledError,
  UserNotFoundError,
  WrongPasswordError,
  type AuthUser,
} from '../../src/adapters/auth/authPort';
import { ProfileWriteError, UsersUnavailableError } from '../../src/adapters/users/usersPort';
import type { SignUpForm } from '../../src/domain';
import {
  LOGIN_FAILED_MESSAGE,
  LOGIN_TIMEOUT_MS,
  PROFILE_FAILED_MESSAGE,
  PROFILE_TIMEOUT_MS,
  SIGN_UP_FAILED_MESSAGE,
  SIGN_UP_TIMEOUT_MS,
} from '../../src/machines/authMachine';
import { aUserProfile } from '../support/builders';
import { tick } from '../support/fakes/controllable';
import { ana, bruno, startAuth } from './support/startAuth';

const anaProfile = aUserProfile({ id: ana.uid, email: ana.email!, firstName: 'Ana', lastName: 'Souza' }).build();
const validSignUp: SignUpForm = {
  firstName: ' Carla ',
  lastName: 'Dias',
  email: ' carla@example.com ',
  password: 'segredo1',
  passwordConfirmation: 'segredo1',
};

async function startLoggedOut() {
  const t = startAuth();
  t.auth.emit(null);
  return t;
}

describe('authMachine: following the auth-state stream', () => {
  it('is unknown (busy) until the stream speaks, then logged out on null', () => {
    const { auth, snap } = startAuth();
    expect(snap().value).toBe('unknown');
    expect(snap().hasTag('busy')).toBe(true);
    auth.emit(null);
    expect(snap().matches('loggedOut')).toBe(true);
    expect(snap().hasTag('busy')).toBe(false);
  });

  it('loads the users document of the signed-in uid, then is logged in with it', async () => {
    const { auth, users, snap } = startAuth();
    auth.emit(ana);
    expect(snap().value).toBe('loadingProfile');
    expect(users.findById.calls.map((c) => c.args)).toEqual([[ana.uid]]);
    users.findById.latest().resolve(anaProfile);
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(anaProfile);
  });

  it('repairs a missing document from the auth account (create-if-missing), then is logged in with it', async () => {
    const { auth, users, snap, logError } = startAuth();
    auth.emit(ana);
    users.findById.latest().resolve(null);
    await tick();
    expect(snap().value).toBe('repairingProfile');
    const rebuilt = {
      id: ana.uid,
      email: ana.email!,
      firstName: 'Ana',
      lastName: 'Souza',
      provider: 'firebase',
    } as const;
    expect(users.createIfMissing.calls.map((c) => c.args)).toEqual([[rebuilt]]);
    users.createIfMissing.latest().resolve(rebuilt);
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(rebuilt);
    expect(logError).not.toHaveBeenCalled();
  });

  it('a refused repair: logged in with the profile from the auth account, logged, no banner', async () => {
    const { auth, users, snap, logError } = startAuth();
    auth.emit(ana);
    users.findById.latest().resolve(null);
    await tick();
    const error = new ProfileWriteError('denied');
    users.createIfMissing.latest().reject(error);
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual({
      id: ana.uid,
      email: ana.email,
      firstName: 'Ana',
      lastName: 'Souza',
      provider: 'firebase',
    });
    expect(logError).toHaveBeenCalledWith({ error, during: 'repairProfile' });
  });

  it('an unreadable document: signed in with the auth account profile, the banner state, logged; a retry reads again', async () => {
    const { actor, auth, users, snap, logError } = startAuth();
    auth.emit(ana);
    const error = new UsersUnavailableError('offline');
    users.findById.latest().reject(error);
    await tick();
    expect(snap().value).toBe('profileUnavailable');
    expect(snap().hasTag('signedIn')).toBe(true);
    expect(snap().hasTag('blocking')).toBe(false);
    expect(snap().context.user?.firstName).toBe('Ana');
    expect(logError).toHaveBeenCalledWith({ error, during: 'loadProfile' });
    actor.send({ type: 'auth.profile.retry' });
    expect(snap().value).toBe('loadingProfile');
    expect(users.findById.calls).toHaveLength(2);
    users.findById.latest().resolve(anaProfile);
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(anaProfile);
  });

  it('clears the user when the stream reports a sign-out', async () => {
    const { auth, users, snap } = startAuth();
    auth.emit(ana);
    users.findById.latest().resolve(anaProfile);
    await tick();
    auth.emit(null);
    expect(snap().matches('loggedOut')).toBe(true);
    expect(snap().context.user).toBeNull();
    expect(snap().context.authUser).toBeNull();
  });

  it('loads the new profile when another user signs in (e.g. in another tab)', async () => {
    const { auth, users, snap } = startAuth();
    auth.emit(ana);
    users.findById.latest().resolve(anaProfile);
    await tick();
    auth.emit(bruno);
    expect(snap().value).toBe('loadingProfile');
    expect(snap().context.user).toBeNull();
    expect(users.findById.latest().args).toEqual([bruno.uid]);
  });

  it('ignores a repeated report of the same user', async () => {
    const { auth, users, snap } = startAuth();
    auth.emit(ana);
    users.findById.latest().resolve(anaProfile);
    await tick();
    auth.emit(ana);
    expect(snap().value).toBe('loggedIn');
    expect(users.findById.calls).toHaveLength(1);
  });
});

describe('authMachine: e-mail sign-in', () => {
  it('shows the validation messages of docs/requirements.md#validation without calling the provider', async () => {
    const { actor, auth, snap } = await startLoggedOut();
    actor.send({ type: 'auth.signIn', form: { email: '', password: '' } });
    expect(snap().context.fieldErrors).toEqual({
      email: 'O e-mail é obrigatório.',
      password: 'A senha é obrigatória.',
    });
    actor.send({ type: 'auth.signIn', form: { email: 'ana@', password: 'x' } });
    expect(snap().context.fieldErrors).toEqual({ email: 'Por favor, insira um e-mail válido.' });
    expect(auth.signIn.calls).toHaveLength(0);
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
  });

  it('signs in with the trimmed e-mail and loads the profile', async () => {
    const { actor, auth, users, snap } = await startLoggedOut();
    actor.send({ type: 'auth.signIn', form: { email: ' ana@example.com ', password: 'segredo1' } });
    expect(snap().matches({ loggedOut: 'signingIn' })).toBe(true);
    expect(snap().hasTag('busy')).toBe(true);
    expect(auth.signIn.latest().args).toEqual(['ana@example.com', 'segredo1']);
    auth.signIn.latest().resolve(ana);
    await tick();
    expect(snap().value).toBe('loadingProfile');
    auth.emit(ana); // the stream confirms the same user: nothing reloads
    users.findById.latest().resolve(anaProfile);
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(users.findById.calls).toHaveLength(1);
  });

  it.each([
    ['WrongPasswordError', new WrongPasswordError(), { password: 'A senha é inválida.' }],
    ['UserNotFoundError', new UserNotFoundError(), { email: 'O e-mail não foi encontrado.' }],
    ['another error (only logged)', new AuthUnavailableError('network'), {}],
  ])('maps %s to the field messages of docs/requirements.md#errors and logs it', async (_name, error, fieldErrors) => {
    const { actor, auth, snap, logError } = await startLoggedOut();
    actor.send({ type: 'auth.signIn', form: { email: 'ana@example.com', password: 'errada' } });
    auth.signIn.latest().reject(error);
    await tick();
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().context.fieldErrors).toEqual(fieldErrors);
    expect(logError).toHaveBeenCalledWith({ error, during: 'signIn' });
  });

  it('clears the messages on request and on the next valid attempt', async () => {
    const { actor, auth, snap } = await startLoggedOut();
    actor.send({ type: 'auth.signIn', form: { email: '', password: '' } });
    actor.send({ type: 'auth.clearErrors' });
    expect(snap().context.fieldErrors).toEqual({});
    actor.send({ type: 'auth.signIn', form: { email: 'ana@example.com', password: 'errada' } });
    auth.signIn.latest().reject(new WrongPasswordError());
    await tick();
    actor.send({ type: 'auth.signIn', form: { email: 'ana@example.com', password: 'segredo1' } });
    expect(snap().context.fieldErrors).toEqual({});
  });
});

describe('authMachine: sign-up', () => {
  it('shows every sign-up validation message without calling the provider', async () => {
    const { actor, auth, users, snap } = await startLoggedOut();
    actor.send({
      type: 'auth.signUp',
      form: { firstName: '', lastName: ' ', email: '', password: '123', passwordConfirmation: '' },
    });
    expect(snap().context.fieldErrors).toEqual({
      firstName: 'O campo nome é obrigatório',
      lastName: 'O campo sobrenome é obrigatório',
      email: 'O campo e-mail é obrigatório',
      password: 'A senha precisa ter pelo menos 6 caracteres.',
      passwordConfirmation: 'O campo confirmação de senha é obrigatório',
    });
    actor.send({ type: 'auth.signUp', form: { ...validSignUp, passwordConfirmation: '12345' } });
    expect(snap().context.fieldErrors).toEqual({
      passwordConfirmation: 'A confirmação de senha precisa ter pelo menos 6 caracteres.',
    });
    actor.send({ type: 'auth.signUp', form: { ...validSignUp, passwordConfirmation: 'outra-senha' } });
    expect(snap().context.fieldErrors).toEqual({
      passwordConfirmation: 'A confirmação de senha precisa ser igual a senha',
    });
    expect(auth.signUp.calls).toHaveLength(0);
    expect(users.create.calls).toHaveLength(0);
  });

  it('creates the account, keeps the name in it, then writes the users document (provider firebase), and is logged in', async () => {
    const { actor, auth, users, snap } = await startLoggedOut();
    actor.send({ type: 'auth.signUp', form: validSignUp });
    expect(auth.signUp.latest().args).toEqual([{ email: 'carla@example.com', password: 'segredo1' }]);
    auth.signUp
      .latest()
      .resolve({ uid: 'uid-carla', email: 'carla@example.com', displayName: null, provider: 'firebase' });
    await tick();
    expect(users.create.calls).toHaveLength(0);
    expect(auth.updateDisplayName.calls.map((c) => c.args)).toEqual([['Carla Dias']]);
    auth.updateDisplayName.latest().resolve();
    await tick();
    const expected = {
      id: 'uid-carla',
      firstName: 'Carla',
      lastName: 'Dias',
      email: 'carla@example.com',
      provider: 'firebase',
    };
    expect(users.create.latest().args).toEqual([expected]);
    users.create.latest().resolve();
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(expected);
  });

  it("shows 'Este e-mail já está sendo utilizado.' for an e-mail in use, and writes no document", async () => {
    const { actor, auth, users, snap, logError } = await startLoggedOut();
    actor.send({ type: 'auth.signUp', form: validSignUp });
    auth.signUp.latest().reject(new EmailInUseError());
    await tick();
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().context.fieldErrors).toEqual({ email: 'Este e-mail já está sendo utilizado.' });
    expect(users.create.calls).toHaveLength(0);
    expect(logError).toHaveBeenCalledTimes(1);
  });

  it('other sign-up errors: no field message, the form-wide message, logged', async () => {
    const { actor, auth, snap, logError } = await startLoggedOut();
    actor.send({ type: 'auth.signUp', form: validSignUp });
    auth.signUp.latest().reject(new AuthUnavailableError('quota'));
    await tick();
    expect(snap().context.fieldErrors).toEqual({});
    expect(snap().context.formError).toBe(
      'Não foi possível concluir o cadastro agora. Verifique sua conexão e tente novamente.',
    );
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'signUp' }));
  });
});

describe('authMachine: a flow that fails after the provider signed the shopper in', () => {
  it('sign-up whose users document is refused: logged in (profile from the auth user), not shown as logged out', async () => {
    const { actor, auth, users, snap, logError } = await startLoggedOut();
    const carla: AuthUser = { uid: 'uid-carla', email: 'carla@example.com', displayName: null, provider: 'firebase' };
    actor.send({ type: 'auth.signUp', form: validSignUp });
    auth.signUp.latest().resolve(carla);
    auth.emit(carla); // Firebase reports the new user before the document is written
    await tick();
    auth.updateDisplayName.latest().resolve();
    await tick();
    users.create.latest().reject(new ProfileWriteError('denied'));
    await tick();
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'signUp' }));
    expect(snap().value).toBe('loadingProfile');
    expect(users.findById.latest().args).toEqual(['uid-carla']);
    users.findById.latest().resolve(null);
    await tick();
    // The repair writes the profile with the name typed (the stream's user predates updateDisplayName).
    const repaired = {
      id: 'uid-carla',
      email: 'carla@example.com',
      firstName: 'Carla',
      lastName: 'Dias',
      provider: 'firebase',
    } as const;
    expect(users.createIfMissing.latest().args).toEqual([repaired]);
    users.createIfMissing.latest().resolve(repaired);
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(repaired);
  });

  it('an e-mail already in use (no user reported) stays logged out', async () => {
    const { actor, auth, snap } = await startLoggedOut();
    actor.send({ type: 'auth.signUp', form: validSignUp });
    auth.signUp.latest().reject(new EmailInUseError());
    await tick();
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().context.authUser).toBeNull();
  });
});

describe('authMachine: Google sign-in', () => {
  const google: AuthUser = {
    uid: 'uid-g',
    email: 'ana.g@example.com',
    displayName: 'Ana Maria Souza',
    provider: 'google',
  };

  it('creates the users document on the first sign-in (provider google)', async () => {
    const { actor, auth, users, snap } = await startLoggedOut();
    actor.send({ type: 'auth.signInWithGoogle' });
    auth.signInWithGoogle.latest().resolve(google);
    await tick();
    expect(users.findById.latest().args).toEqual(['uid-g']);
    users.findById.latest().resolve(null);
    await tick();
    const expected = {
      id: 'uid-g',
      email: 'ana.g@example.com',
      firstName: 'Ana',
      lastName: 'Maria Souza',
      provider: 'google',
    };
    expect(users.create.calls.map((c) => c.args)).toEqual([[expected]]);
    users.create.latest().resolve();
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(expected);
  });

  it('does not create a document when one exists', async () => {
    const { actor, auth, users, snap } = await startLoggedOut();
    const existing = aUserProfile({ id: 'uid-g', provider: 'google' }).build();
    actor.send({ type: 'auth.signInWithGoogle' });
    auth.signInWithGoogle.latest().resolve(google);
    await tick();
    users.findById.latest().resolve(existing);
    await tick();
    expect(users.create.calls).toHaveLength(0);
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(existing);
  });

  it('only logs a cancelled or failed Google sign-in', async () => {
    const { actor, auth, snap, logError } = await startLoggedOut();
    actor.send({ type: 'auth.signInWithGoogle' });
    auth.signInWithGoogle.latest().reject(new SignInCancelledError());
    await tick();
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().context.fieldErrors).toEqual({});
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'signInWithGoogle' }));
  });
});

describe('authMachine: sign-out', () => {
  async function startLoggedIn() {
    const t = startAuth();
    t.auth.emit(ana);
    t.users.findById.latest().resolve(anaProfile);
    await tick();
    return t;
  }

  it('signs out through the port and clears the user', async () => {
    const { actor, auth, snap } = await startLoggedIn();
    actor.send({ type: 'auth.signOut' });
    expect(snap().value).toBe('signingOut');
    expect(auth.signOut.calls).toHaveLength(1);
    auth.signOut.latest().resolve();
    await tick();
    expect(snap().matches('loggedOut')).toBe(true);
    expect(snap().context.user).toBeNull();
  });

  it('stays logged in (and logs) when signing out fails', async () => {
    const { actor, auth, snap, logError } = await startLoggedIn();
    actor.send({ type: 'auth.signOut' });
    auth.signOut.latest().reject(new AuthUnavailableError('network'));
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(anaProfile);
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'signOut' }));
  });

  it('unsubscribes from the stream when stopped', () => {
    const { actor, auth } = startAuth();
    expect(auth.listenerCount()).toBe(1);
    actor.stop();
    expect(auth.listenerCount()).toBe(0);
  });
});

// The deadlines as the shopper lives them; the numbers and texts are the agreed ones, written here on purpose.
describe('authMachine: every wait ends', () => {
  const profileMessage = 'Não foi possível carregar seu perfil. Verifique sua conexão e tente novamente.';
  const signUpMessage = 'Não foi possível concluir o cadastro agora. Verifique sua conexão e tente novamente.';
  const loginMessage = 'Não foi possível entrar agora. Verifique sua conexão e tente novamente.';

  it('exports the agreed texts and deadlines', () => {
    expect([PROFILE_FAILED_MESSAGE, SIGN_UP_FAILED_MESSAGE, LOGIN_FAILED_MESSAGE]).toEqual([
      profileMessage,
      signUpMessage,
      loginMessage,
    ]);
    expect([PROFILE_TIMEOUT_MS, SIGN_UP_TIMEOUT_MS, LOGIN_TIMEOUT_MS]).toEqual([8_000, 10_000, 10_000]);
  });

  it('a profile read with no answer gives up at 8 s (not before): signed in, banner state, the late answer dropped', async () => {
    const { actor, auth, users, snap, clock, logError } = startAuth();
    auth.emit(ana);
    clock.increment(7_999);
    expect(snap().value).toBe('loadingProfile');
    clock.increment(1);
    expect(snap().value).toBe('profileUnavailable');
    expect(snap().hasTag('signedIn')).toBe(true);
    expect(snap().context.user).toEqual({
      id: ana.uid,
      email: ana.email,
      firstName: 'Ana',
      lastName: 'Souza',
      provider: 'firebase',
    });
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'loadProfile' }));
    users.findById.calls[0]!.resolve(anaProfile);
    await tick();
    expect(snap().value).toBe('profileUnavailable');
    actor.send({ type: 'auth.profile.retry' });
    users.findById.latest().resolve(anaProfile);
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(anaProfile);
  });

  it('a repair with no answer also gives up at 8 s', async () => {
    const { auth, users, snap, clock } = startAuth();
    auth.emit(ana);
    clock.increment(5_000);
    users.findById.latest().resolve(null);
    await tick();
    expect(snap().value).toBe('repairingProfile');
    clock.increment(7_999);
    expect(snap().value).toBe('repairingProfile');
    clock.increment(1);
    expect(snap().value).toBe('profileUnavailable');
  });

  it('a sign-up with no answer gives up at 10 s with the sign-up message; the typed name then repairs the profile', async () => {
    const { actor, auth, users, snap, clock } = await startLoggedOut();
    const carla: AuthUser = { uid: 'uid-carla', email: 'carla@example.com', displayName: null, provider: 'firebase' };
    actor.send({ type: 'auth.signUp', form: validSignUp });
    auth.signUp.latest().resolve(carla);
    auth.emit(carla);
    await tick();
    auth.updateDisplayName.latest().resolve();
    await tick();
    expect(users.create.calls).toHaveLength(1); // and the database hangs
    clock.increment(9_999);
    expect(snap().matches({ loggedOut: 'signingUp' })).toBe(true);
    clock.increment(1);
    expect(snap().context.formError).toBe(signUpMessage);
    expect(snap().value).toBe('loadingProfile');
    users.findById.latest().resolve(null);
    await tick();
    const repaired = {
      id: 'uid-carla',
      email: 'carla@example.com',
      firstName: 'Carla',
      lastName: 'Dias',
      provider: 'firebase',
    } as const;
    expect(users.createIfMissing.latest().args).toEqual([repaired]);
    users.createIfMissing.latest().resolve(repaired);
    users.create.calls[0]!.reject(new ProfileWriteError('late, refused'));
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(repaired);
    expect(snap().context.formError).toBeNull();
  });

  it('a sign-up the provider never answers: logged out at 10 s with the message, the form usable again', async () => {
    const { actor, auth, snap, clock } = await startLoggedOut();
    actor.send({ type: 'auth.signUp', form: validSignUp });
    clock.increment(10_000);
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().hasTag('busy')).toBe(false);
    expect(snap().context.formError).toBe(signUpMessage);
    auth.signUp.calls[0]!.reject(new AuthUnavailableError('late'));
    await tick();
    expect(snap().context.formError).toBe(signUpMessage);
    actor.send({ type: 'auth.signUp', form: validSignUp });
    expect(snap().context.formError).toBeNull();
    expect(auth.signUp.calls).toHaveLength(2);
  });

  it.each([
    [
      'e-mail',
      (actor: ReturnType<typeof startAuth>['actor']) =>
        actor.send({ type: 'auth.signIn', form: { email: 'ana@example.com', password: 'segredo1' } }),
    ],
    ['Google', (actor: ReturnType<typeof startAuth>['actor']) => actor.send({ type: 'auth.signInWithGoogle' })],
  ])('a %s log-in with no answer gives up at 10 s with the log-in message', async (_name, start) => {
    const { actor, snap, clock } = await startLoggedOut();
    start(actor);
    clock.increment(9_999);
    expect(snap().hasTag('busy')).toBe(true);
    clock.increment(1);
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().context.formError).toBe(loginMessage);
    actor.send({ type: 'auth.clearErrors' });
    expect(snap().context.formError).toBeNull();
  });
});
