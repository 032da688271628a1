// authMachine behaviour the mutation run (npm run test:mutation) showed untested, at the level of events in and
// state, tags and logged errors out, so the tests hold across a refactor of the machine's internals.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../src/machines/authMachine';
import { tick } from '../support/fakes/controllable';

function startUnprovided() {
  const logError = vi.fn();
  const actor = createActor(authMachine.provide({ actions: { logError: (_, params) => logError(params) } })).start();
  return { actor, logError, snap: () => actor.getSnapshot() };
}

const anaAuthUser = { uid: 'uid-ana', email: 'ana@example.com', displayName: 'Ana Souza', provider: 'firebase' } as const;

describe('authMachine without its actors provided', () => {
  it('a signed-in user with no profile reader is logged in with a profile from the auth user; sign-out works', async () => {
    const { actor, snap } = startUnprovided();
    actor.send({ type: 'auth.changed', user: anaAuthUser });
    await tick();
    expect(snap().value).toBe('loggedIn');
    expect(snap().context.user).toEqual({
      id: 'uid-ana',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Souza',
      provider: 'firebase',
    });
    actor.send({ type: 'auth.signOut' });
    await tick();
    expect(snap().matches('loggedOut')).toBe(true);
    expect(snap().context.user).toBeNull();
  });

  it.each([
    ['auth.signIn', { type: 'auth.signIn', form: { email: 'ana@example.com', password: 'segredo' } }, 'signIn'],
    [
      'auth.signUp',
      {
        type: 'auth.signUp',
        form: {
          firstName: 'Ana',
          lastName: 'Souza',
          email: 'ana@example.com',
          password: 'segredo',
          passwordConfirmation: 'segredo',
        },
      },
      'signUp',
    ],
    ['auth.signInWithGoogle', { type: 'auth.signInWithGoogle' }, 'signInWithGoogle'],
  ] as const)('%s fails loudly: "%s not provided" is logged and the shopper stays logged out', async (_, event, during) => {
    const { actor, logError, snap } = startUnprovided();
    actor.send({ type: 'auth.changed', user: null });
    actor.send(event);
    await tick();
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError).toHaveBeenCalledWith({ error: new Error(`${during} not provided`), during });
    expect(snap().matches({ loggedOut: 'idle' })).toBe(true);
    expect(snap().hasTag('busy')).toBe(false);
  });
});
