import { faker } from '@faker-js/faker';
import { describe, expect, it, vi } from 'vitest';
import {
  EmailInUseError,
  SignInCancelledError,
  UserNotFoundError,
  WeakPasswordError,
  WrongPasswordError,
  type AuthPort,
  type AuthUser,
  type GoogleAccount,
} from '../../src/adapters/auth/authPort';

export interface AuthSetup {
  /** What the shopper picks in the Google account chooser; null = cancels it. */
  chooseGoogleAccount: () => Promise<GoogleAccount | null>;
}
export type MakeAuth = (setup: AuthSetup) => Promise<AuthPort>;

const uniqueEmail = () => `${faker.string.alphanumeric(10).toLowerCase()}@example.com`;
const password = 'segredo123';

/** The AuthPort contract: every implementation must pass it. */
export function testAuthPort(name: string, makeAdapter: MakeAuth) {
  describe(`AuthPort contract: ${name}`, () => {
    const make = (account: GoogleAccount | null = { email: uniqueEmail(), name: 'Ana Maria Souza' }) =>
      makeAdapter({ chooseGoogleAccount: async () => account });

    const record = (auth: AuthPort) => {
      const states: Array<AuthUser | null> = [];
      const unsubscribe = auth.onAuthStateChanged((user) => states.push(user));
      return { states, unsubscribe, last: () => states[states.length - 1] };
    };

    it('reports nobody signed in at first, and has no ID token', async () => {
      const auth = await make();
      const { states, unsubscribe } = record(auth);
      await vi.waitFor(() => expect(states).toEqual([null]));
      unsubscribe();
      await expect(auth.idToken()).resolves.toBeNull();
    });

    it('signs up with e-mail and password: a firebase-provider user, streamed, with an ID token', async () => {
      const auth = await make();
      const { states, last, unsubscribe } = record(auth);
      await vi.waitFor(() => expect(states.length).toBeGreaterThan(0));
      const email = uniqueEmail();
      const user = await auth.signUp({ email, password });
      expect(user).toMatchObject({ email, provider: 'firebase' });
      expect(user.uid).toEqual(expect.any(String));
      await vi.waitFor(() => expect(last()).toMatchObject({ uid: user.uid, email }));
      await expect(auth.idToken()).resolves.toEqual(expect.any(String));
      unsubscribe();
    });

    it('signs out (stream says null, no token) and signs back in as the same user', async () => {
      const auth = await make();
      const email = uniqueEmail();
      const created = await auth.signUp({ email, password });
      const { last, unsubscribe } = record(auth);
      await auth.signOut();
      await vi.waitFor(() => expect(last()).toBeNull());
      await expect(auth.idToken()).resolves.toBeNull();
      const again = await auth.signIn(email, password);
      expect(again).toMatchObject({ uid: created.uid, email, provider: 'firebase' });
      await vi.waitFor(() => expect(last()).toMatchObject({ uid: created.uid }));
      unsubscribe();
    });

    it('keeps the display name set after sign-up in the account: signing in again reports it', async () => {
      const auth = await make();
      const email = uniqueEmail();
      const created = await auth.signUp({ email, password });
      expect(created.displayName).toBeNull();
      await auth.updateDisplayName('Carla Dias');
      await auth.signOut();
      const again = await auth.signIn(email, password);
      expect(again).toMatchObject({ uid: created.uid, displayName: 'Carla Dias' });
    });

    it('refuses to set a display name when nobody is signed in', async () => {
      const auth = await make();
      await expect(auth.updateDisplayName('Carla Dias')).rejects.toMatchObject({ code: 'auth/unavailable' });
    });

    it('refuses a wrong password with WrongPasswordError', async () => {
      const auth = await make();
      const email = uniqueEmail();
      await auth.signUp({ email, password });
      await auth.signOut();
      const error = await auth.signIn(email, 'outra-senha').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongPasswordError);
      expect(error).toMatchObject({ code: 'auth/wrong-password' });
    });

    it('refuses an unknown e-mail with UserNotFoundError', async () => {
      const auth = await make();
      await expect(auth.signIn(uniqueEmail(), password)).rejects.toBeInstanceOf(UserNotFoundError);
    });

    it('refuses a malformed e-mail as not found', async () => {
      const auth = await make();
      await expect(auth.signIn('sem-arroba', password)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    });

    it('refuses signing up twice with the same e-mail with EmailInUseError', async () => {
      const auth = await make();
      const email = uniqueEmail();
      await auth.signUp({ email, password });
      await auth.signOut();
      await expect(auth.signUp({ email, password })).rejects.toBeInstanceOf(EmailInUseError);
    });

    it('refuses a password shorter than 6 characters with WeakPasswordError', async () => {
      const auth = await make();
      await expect(auth.signUp({ email: uniqueEmail(), password: '123' })).rejects.toBeInstanceOf(WeakPasswordError);
    });

    it('signs in with Google: a google-provider user with the chosen name and e-mail; the same account twice is the same user', async () => {
      const account = { email: uniqueEmail(), name: 'Ana Maria Souza' };
      const auth = await make(account);
      const first = await auth.signInWithGoogle();
      expect(first).toMatchObject({ email: account.email, displayName: 'Ana Maria Souza', provider: 'google' });
      await expect(auth.idToken()).resolves.toEqual(expect.any(String));
      await auth.signOut();
      const second = await auth.signInWithGoogle();
      expect(second.uid).toBe(first.uid);
    });

    it('reports a cancelled Google chooser as SignInCancelledError and stays signed out', async () => {
      const auth = await make(null);
      await expect(auth.signInWithGoogle()).rejects.toBeInstanceOf(SignInCancelledError);
      await expect(auth.idToken()).resolves.toBeNull();
    });

    it('stops notifying after unsubscribe', async () => {
      const auth = await make();
      const { states, unsubscribe } = record(auth);
      await vi.waitFor(() => expect(states).toHaveLength(1));
      unsubscribe();
      await auth.signUp({ email: uniqueEmail(), password });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(states).toEqual([null]);
    });
  });
}
