// authMachine behaviour the mutation run (npm run test:mutation) showed untested, at the level of events in and
// state, tags and logged errors out, so the tests hold across a refactor of the machine's internals.
import { describe, expect, it } from 'vitest';
import { EmailInUseError } from '../../src/adapters/auth/authPort';
import type { AuthUser } from '../../src/adapters/auth/authPort';
import type { SignUpForm } from '../../src/domain';
import { tick } from '../support/fakes/controllable';
import { ana, bruno, startAuth } from './support/startAuth';

const carlaForm: SignUpForm = {
  firstName: ' Carla ',
  lastName: ' Dias ',
  email: ' carla@example.com ',
  password: 'segredo1',
  passwordConfirmation: 'segredo1',
};

describe('authMachine (mutation run): busy while waiting for a port', () => {
  it('loading the profile, signing in, signing up and signing out are busy', async () => {
    const { actor, auth, users, snap } = startAuth();
    auth.emit(null);
    expect(snap().hasTag('busy')).toBe(false);

    actor.send({ type: 'auth.signIn', form: { email: 'ana@example.com', password: 'segredo' } });
    expect(snap().hasTag('busy')).toBe(true);
    auth.signIn.latest().resolve(ana);
    await tick();
    expect(snap().value).toBe('loadingProfile');
    expect(snap().hasTag('busy')).toBe(true);
    users.findById.latest().resolve(null);
    await tick();
    expect(snap().value).toBe('repairingProfile');
    expect(snap().hasTag('busy')).toBe(true);
    users.createIfMissing
      .latest()
      .resolve({ id: 'uid-ana', email: 'ana@example.com', firstName: 'Ana', lastName: 'Souza', provider: 'firebase' });
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().hasTag('busy')).toBe(false);

    actor.send({ type: 'auth.signOut' });
    expect(snap().hasTag('busy')).toBe(true);
    auth.signOut.latest().resolve();
    await tick();
    expect(snap().hasTag('busy')).toBe(false);

    actor.send({ type: 'auth.signUp', form: carlaForm });
    expect(snap().hasTag('busy')).toBe(true);
  });

  it('signing in with Google is busy until the provider answers', async () => {
    const { actor, auth, snap } = startAuth();
    auth.emit(null);
    actor.send({ type: 'auth.signInWithGoogle' });
    expect(snap().hasTag('busy')).toBe(true);
    auth.signInWithGoogle.latest().reject(new Error('popup closed'));
    await tick();
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().hasTag('busy')).toBe(false);
  });
});

describe('authMachine (mutation run): the auth stream while the profile loads', () => {
  it('a sign-out reported while the profile loads: logged out, no user', async () => {
    const { auth, snap } = startAuth();
    auth.emit(ana);
    auth.emit(null);
    expect(snap().matches('loggedOut')).toBe(true);
    expect(snap().context.user).toBeNull();
    expect(snap().context.authUser).toBeNull();
  });

  it('another user reported while the profile loads: that user is loaded instead', async () => {
    const { auth, users, snap } = startAuth();
    auth.emit(ana);
    auth.emit(bruno);
    expect(users.findById.calls.map((call) => call.args)).toEqual([['uid-ana'], ['uid-bruno']]);
    users.findById.latest().resolve(null);
    await tick();
    const brunoProfile = {
      id: 'uid-bruno',
      email: 'bruno@example.com',
      firstName: 'Bruno',
      lastName: 'Lima',
      provider: 'firebase',
    } as const;
    expect(users.createIfMissing.calls.map((call) => call.args)).toEqual([[brunoProfile]]);
    users.createIfMissing.latest().resolve(brunoProfile);
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual(brunoProfile);
  });

  it('a user without an e-mail gets an empty e-mail in the fallback profile', async () => {
    const { auth, users, snap } = startAuth();
    auth.emit({ uid: 'uid-x', email: null, displayName: null, provider: 'google' });
    users.findById.latest().resolve(null);
    await tick();
    users.createIfMissing.latest().reject(new Error('refused'));
    await tick();
    expect(snap().context.user).toEqual({ id: 'uid-x', email: '', firstName: '', lastName: '', provider: 'google' });
  });
});

describe('authMachine (mutation run): after a sign-up or a Google sign-in', () => {
  it('sign-up stores trimmed names, the provider e-mail or else the trimmed typed one', async () => {
    const { actor, auth, users, snap } = startAuth();
    auth.emit(null);
    actor.send({ type: 'auth.signUp', form: carlaForm });
    auth.signUp.latest().resolve({ uid: 'uid-carla', email: null, displayName: null, provider: 'firebase' });
    await tick();
    auth.updateDisplayName.latest().resolve();
    await tick();
    const carla = {
      id: 'uid-carla',
      firstName: 'Carla',
      lastName: 'Dias',
      email: 'carla@example.com',
      provider: 'firebase',
    };
    expect(users.create.calls.map((call) => call.args)).toEqual([[carla]]);
    users.create.latest().resolve();
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.authUser).toEqual({
      uid: 'uid-carla',
      email: 'carla@example.com',
      displayName: 'Carla Dias',
      provider: 'firebase',
    });
  });

  it('the stream then reporting the same user reloads nothing', async () => {
    const { actor, auth, users, snap } = startAuth();
    auth.emit(null);
    actor.send({ type: 'auth.signUp', form: carlaForm });
    auth.signUp
      .latest()
      .resolve({ uid: 'uid-carla', email: 'carla@example.com', displayName: null, provider: 'firebase' });
    await tick();
    auth.updateDisplayName.latest().resolve();
    await tick();
    users.create.latest().resolve();
    await tick();
    auth.emit({ uid: 'uid-carla', email: 'carla@example.com', displayName: null, provider: 'firebase' });
    expect(snap().value).toBe('loggedIn');
    expect(users.findById.calls).toHaveLength(0);
  });

  it('Google: a stored profile without a last name, and the stream confirming the same user', async () => {
    const { actor, auth, users, snap } = startAuth();
    auth.emit(null);
    actor.send({ type: 'auth.signInWithGoogle' });
    auth.signInWithGoogle
      .latest()
      .resolve({ uid: 'uid-g', email: 'g@example.com', displayName: 'Gil', provider: 'google' });
    await tick();
    users.findById
      .latest()
      .resolve({ id: 'uid-g', email: 'g@example.com', firstName: 'Gil', lastName: '', provider: 'google' });
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.authUser).toEqual({
      uid: 'uid-g',
      email: 'g@example.com',
      displayName: 'Gil',
      provider: 'google',
    });
    auth.emit({ uid: 'uid-g', email: 'g@example.com', displayName: 'Gil', provider: 'google' });
    expect(snap().value).toBe('loggedIn');
    expect(users.findById.calls).toHaveLength(1);
  });

  it.each(['auth.signIn', 'auth.signUp'] as const)(
    '%s rejected with no error at all: no message, logged',
    async (type) => {
      const { actor, auth, snap, logError } = startAuth();
      auth.emit(null);
      if (type === 'auth.signIn') {
        actor.send({ type, form: { email: 'ana@example.com', password: 'segredo' } });
        auth.signIn.latest().reject(undefined);
      } else {
        actor.send({ type, form: carlaForm });
        auth.signUp.latest().reject(undefined);
      }
      await tick();
      expect(snap().status).toBe('active');
      expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
      expect(snap().context.fieldErrors).toEqual({});
      expect(logError).toHaveBeenCalledTimes(1);
    },
  );
});

describe('authMachine (mutation run): the tags the UI reads in each state', () => {
  it('unknown, loading the profile, logged in, signing out, logged out, signing in', async () => {
    const { actor, auth, users, snap } = startAuth();
    const tags = () => (['busy', 'unknown', 'signedIn', 'blocking'] as const).filter((tag) => snap().hasTag(tag));
    expect(tags()).toEqual(['busy', 'unknown', 'blocking']);

    auth.emit(ana);
    expect(snap().value).toBe('loadingProfile');
    expect(tags()).toEqual(['busy', 'signedIn', 'blocking']);

    users.findById.latest().reject(new Error('offline'));
    await tick();
    expect(snap().value).toBe('profileUnavailable');
    expect(tags()).toEqual(['signedIn']);
    actor.send({ type: 'auth.profile.retry' });
    expect(tags()).toEqual(['busy', 'signedIn', 'blocking']);
    users.findById.latest().resolve(null);
    await tick();
    expect(tags()).toEqual(['busy', 'signedIn', 'blocking']);
    users.createIfMissing
      .latest()
      .resolve({ id: 'uid-ana', email: 'ana@example.com', firstName: 'Ana', lastName: 'Souza', provider: 'firebase' });
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(tags()).toEqual(['signedIn']);

    actor.send({ type: 'auth.signOut' });
    expect(tags()).toEqual(['busy', 'signedIn', 'blocking']);
    auth.signOut.latest().resolve();
    await tick();
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(tags()).toEqual([]);

    actor.send({ type: 'auth.signIn', form: { email: 'ana@example.com', password: 'segredo' } });
    expect(tags()).toEqual(['busy']);
  });
});

describe('authMachine (mutation run): what the log says when a wait ends', () => {
  it('a profile repair with no answer: logged as the repair, after 8000 ms', async () => {
    const { auth, users, snap, clock, logError } = startAuth();
    auth.emit(ana);
    users.findById.latest().resolve(null);
    await tick();
    clock.increment(8_000);
    expect(snap().value).toBe('profileUnavailable');
    expect(logError.mock.calls).toEqual([[{ error: new Error('no answer in 8000 ms'), during: 'repairProfile' }]]);
  });

  it.each([
    ['signIn', { type: 'auth.signIn', form: { email: 'ana@example.com', password: 'segredo1' } }],
    ['signUp', { type: 'auth.signUp', form: carlaForm }],
    ['signInWithGoogle', { type: 'auth.signInWithGoogle' }],
  ] as const)('%s with no answer: logged under that name, after 10000 ms', (during, event) => {
    const { actor, auth, snap, clock, logError } = startAuth();
    auth.emit(null);
    actor.send(event);
    clock.increment(10_000);
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(logError.mock.calls).toEqual([[{ error: new Error('no answer in 10000 ms'), during }]]);
  });

  it('an e-mail in use is logged as a sign-up failure, with its error', async () => {
    const { actor, auth, logError } = startAuth();
    auth.emit(null);
    actor.send({ type: 'auth.signUp', form: carlaForm });
    const error = new EmailInUseError();
    auth.signUp.latest().reject(error);
    await tick();
    expect(logError.mock.calls).toEqual([[{ error, during: 'signUp' }]]);
  });
});

describe('authMachine (mutation run): the auth stream while the profile is repaired or unavailable', () => {
  const anaFallback = {
    id: 'uid-ana',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Souza',
    provider: 'firebase',
  } as const;

  /** Ana's profile unreadable (the banner), then a retry that finds no document: repairing, the fallback shown. */
  async function repairingAfterRetry() {
    const t = startAuth();
    t.auth.emit(ana);
    t.users.findById.latest().reject(new Error('offline'));
    await tick();
    t.actor.send({ type: 'auth.profile.retry' });
    t.users.findById.latest().resolve(null);
    await tick();
    expect(t.snap().value).toBe('repairingProfile');
    expect(t.snap().context.user).toEqual(anaFallback);
    return t;
  }

  it('a sign-out reported during the repair: logged out, no user', async () => {
    const { auth, snap } = await repairingAfterRetry();
    auth.emit(null);
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().context.user).toBeNull();
    expect(snap().context.authUser).toBeNull();
  });

  it('another user reported during the repair: that user is loaded, the old profile dropped', async () => {
    const { auth, users, snap } = await repairingAfterRetry();
    auth.emit(bruno);
    expect(snap().value).toBe('loadingProfile');
    expect(snap().context.user).toBeNull();
    expect(snap().context.authUser).toEqual(bruno);
    expect(users.findById.calls.map((call) => call.args)).toEqual([['uid-ana'], ['uid-ana'], ['uid-bruno']]);
  });

  async function unavailable() {
    const t = startAuth();
    t.auth.emit(ana);
    t.users.findById.latest().reject(new Error('offline'));
    await tick();
    expect(t.snap().value).toBe('profileUnavailable');
    expect(t.snap().context.user).toEqual(anaFallback);
    return t;
  }

  it('a sign-out reported under the banner: logged out, no user', async () => {
    const { auth, snap } = await unavailable();
    auth.emit(null);
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().context.user).toBeNull();
    expect(snap().context.authUser).toBeNull();
  });

  it('another user reported under the banner: that user is loaded, the old profile dropped', async () => {
    const { auth, users, snap } = await unavailable();
    auth.emit(bruno);
    expect(snap().value).toBe('loadingProfile');
    expect(snap().context.user).toBeNull();
    expect(snap().context.authUser).toEqual(bruno);
    expect(users.findById.calls.map((call) => call.args)).toEqual([['uid-ana'], ['uid-bruno']]);
  });
});

describe('authMachine (mutation run): while logged out, the stream reports a user', () => {
  it('someone signs in in another tab: their profile loads', async () => {
    const { auth, users, snap } = startAuth();
    auth.emit(null);
    auth.emit(bruno);
    expect(snap().value).toBe('loadingProfile');
    expect(snap().context.authUser).toEqual(bruno);
    expect(users.findById.calls.map((call) => call.args)).toEqual([['uid-bruno']]);
  });

  it('a repeated sign-out report changes nothing', () => {
    const { auth, users, snap } = startAuth();
    auth.emit(null);
    auth.emit(null);
    expect(snap().status).toBe('active');
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(users.findById.calls).toHaveLength(0);
  });
});

// The name typed in a sign-up is used for the account's profile only while that sign-up may still own it.
describe('authMachine (mutation run): which name a rebuilt profile carries', () => {
  const carlaAccount: AuthUser = {
    uid: 'uid-carla',
    email: 'carla@example.com',
    displayName: 'Carla Antiga',
    provider: 'firebase',
  };
  const fromAccount = {
    id: 'uid-carla',
    email: 'carla@example.com',
    firstName: 'Carla',
    lastName: 'Antiga',
    provider: 'firebase',
  } as const;

  it('a sign-up that timed out after its account signed in: the typed name, trimmed', async () => {
    const { actor, auth, users, snap, clock } = startAuth();
    auth.emit(null);
    actor.send({ type: 'auth.signUp', form: carlaForm });
    auth.signUp.latest().resolve({ ...carlaAccount, displayName: null });
    auth.emit({ ...carlaAccount, displayName: null });
    await tick();
    clock.increment(10_000);
    expect(snap().value).toBe('loadingProfile');
    users.findById.latest().reject(new Error('offline'));
    await tick();
    expect(snap().value).toBe('profileUnavailable');
    expect(snap().context.user).toEqual({
      id: 'uid-carla',
      email: 'carla@example.com',
      firstName: 'Carla',
      lastName: 'Dias',
      provider: 'firebase',
    });
  });

  /** A sign-up of Carla's the provider never answered: logged out, the typed name kept for a repair. */
  function signUpTimedOut() {
    const t = startAuth();
    t.auth.emit(null);
    t.actor.send({ type: 'auth.signUp', form: carlaForm });
    t.clock.increment(10_000);
    expect(t.snap().matches({ loggedOut: 'idle' })).toBe(true);
    return t;
  }

  it('an e-mail sign-in after it: the account name', async () => {
    const { actor, auth, users } = signUpTimedOut();
    actor.send({ type: 'auth.signIn', form: { email: 'carla@example.com', password: 'segredo1' } });
    auth.signIn.latest().resolve(carlaAccount);
    await tick();
    users.findById.latest().resolve(null);
    await tick();
    expect(users.createIfMissing.calls.map((call) => call.args)).toEqual([[fromAccount]]);
  });

  it('a Google sign-in after it that times out once the account signed in: the account name', async () => {
    const { actor, auth, users, snap, clock } = signUpTimedOut();
    actor.send({ type: 'auth.signInWithGoogle' });
    const google: AuthUser = { ...carlaAccount, provider: 'google' };
    auth.signInWithGoogle.latest().resolve(google);
    auth.emit(google);
    await tick();
    clock.increment(10_000);
    expect(snap().value).toBe('loadingProfile');
    users.findById.latest().resolve(null);
    await tick();
    expect(users.createIfMissing.calls.map((call) => call.args)).toEqual([[{ ...fromAccount, provider: 'google' }]]);
  });

  it('an e-mail in use, then that account signing in elsewhere: the account name', async () => {
    const { actor, auth, users } = startAuth();
    auth.emit(null);
    actor.send({ type: 'auth.signUp', form: carlaForm });
    auth.signUp.latest().reject(new EmailInUseError());
    await tick();
    auth.emit(carlaAccount);
    users.findById.latest().resolve(null);
    await tick();
    expect(users.createIfMissing.calls.map((call) => call.args)).toEqual([[fromAccount]]);
  });
});
