// authActors behaviour the mutation run (npm run test:mutation) showed untested: the actors on their own, over the
// port fakes, with expectations written out.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { accountProfile, createAuthActors } from '../../src/machines/authActors';
import { tick } from '../support/fakes/controllable';
import { fakeAuth, fakeUsers } from '../support/fakes/fakePorts';

describe('authActors (mutation run): accountProfile', () => {
  it('an account without an e-mail never takes a typed name', () => {
    const typedName = { firstName: 'Carla', lastName: 'Dias', email: 'carla@example.com' };
    expect(
      accountProfile({ uid: 'uid-x', email: null, displayName: 'Xis Ypsilon', provider: 'google' }, typedName),
    ).toEqual({ id: 'uid-x', email: '', firstName: 'Xis', lastName: 'Ypsilon', provider: 'google' });
  });

  it('takes the typed name for the account of that e-mail, whatever its case', () => {
    const typedName = { firstName: 'Carla', lastName: 'Dias', email: 'carla@example.com' };
    expect(
      accountProfile({ uid: 'uid-c', email: 'Carla@Example.com', displayName: null, provider: 'firebase' }, typedName),
    ).toEqual({ id: 'uid-c', email: 'Carla@Example.com', firstName: 'Carla', lastName: 'Dias', provider: 'firebase' });
  });
});

describe('authActors (mutation run): signUp', () => {
  it('a form without a last name: the account is named by the first name alone', async () => {
    const auth = fakeAuth();
    const users = fakeUsers();
    const actor = createActor(createAuthActors({ auth: auth.port, users: users.port }).signUp, {
      input: {
        firstName: ' Carla ',
        lastName: '',
        email: 'carla@example.com',
        password: 'segredo1',
        passwordConfirmation: 'segredo1',
      },
    }).start();
    auth.signUp
      .latest()
      .resolve({ uid: 'uid-carla', email: 'carla@example.com', displayName: null, provider: 'firebase' });
    await tick();
    expect(auth.updateDisplayName.calls.map((call) => call.args)).toEqual([['Carla']]);
    auth.updateDisplayName.latest().resolve();
    await tick();
    users.create.latest().resolve();
    await tick();
    expect(actor.getSnapshot().output).toEqual({
      id: 'uid-carla',
      firstName: 'Carla',
      lastName: '',
      email: 'carla@example.com',
      provider: 'firebase',
    });
  });
});
