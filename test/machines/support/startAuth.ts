// The auth machine with the in-memory fakes, shared by the unit tests and the mutation-run tests.
import { vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { AuthUser } from '../../../src/adapters/auth/authPort';
import { authMachine, createAuthActors } from '../../../src/machines/authMachine';
import { fakeAuth, fakeUsers } from '../../support/fakes/fakePorts';

export const ana: AuthUser = {
  uid: 'uid-ana',
  email: 'ana@example.com',
  displayName: 'Ana Souza',
  provider: 'firebase',
};
export const bruno: AuthUser = {
  uid: 'uid-bruno',
  email: 'bruno@example.com',
  displayName: 'Bruno Lima',
  provider: 'firebase',
};

/** A started auth actor over fake ports; `logError` records what the machine reports. */
export function startAuth(clock: SimulatedClock = new SimulatedClock()) {
  const auth = fakeAuth();
  const users = fakeUsers();
  const logError = vi.fn();
  const actor = createActor(
    authMachine.provide({
      actors: createAuthActors({ auth: auth.port, users: users.port }),
      actions: { logError: (_, params) => logError(params) },
    }),
    { clock },
  ).start();
  return { actor, auth, users, logError, clock, snap: () => actor.getSnapshot() };
}
