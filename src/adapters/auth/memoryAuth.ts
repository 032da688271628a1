import {
  AuthUnavailableError,
  EmailInUseError,
  SignInCancelledError,
  UserNotFoundError,
  WeakPasswordError,
  WrongPasswordError,
  type AuthPort,
  type AuthStateListener,
  type AuthUser,
  type GoogleAccount,
} from './authPort';

export type { GoogleAccount };

export interface MemoryAuthOptions {
  /** Pre-registered e-mail/password accounts. */
  users?: ReadonlyArray<{ email: string; password: string; uid?: string; displayName?: string | null }>;
  /** Who the shopper picks in the Google chooser (null = cancelled). Default: always the demo account Ana Souza. */
  chooseGoogleAccount?: () => Promise<GoogleAccount | null>;
  /** Start signed in as this e-mail (must be one of `users`). */
  signedInAs?: string;
}

export interface MemoryAuth extends AuthPort {
  currentUser(): AuthUser | null;
}

interface Account {
  user: AuthUser;
  password: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 6;

/**
 * In-memory AuthPort with Firebase Auth's behaviour: typed errors for wrong password / unknown e-mail /
 * e-mail in use / weak password, listeners told asynchronously (current user first), stable uids, and
 * Google accounts keyed by e-mail.
 */
export function memoryAuth(options: MemoryAuthOptions = {}): MemoryAuth {
  let nextUid = 1;
  const newUid = () => `memory-uid-${nextUid++}`;
  const accounts = new Map<string, Account>();
  for (const { email, password, uid, displayName } of options.users ?? []) {
    const key = email.toLowerCase();
    accounts.set(key, {
      user: { uid: uid ?? newUid(), email: key, displayName: displayName ?? null, provider: 'firebase' },
      password,
    });
  }
  const googleAccounts = new Map<string, AuthUser>();
  const choose = options.chooseGoogleAccount ?? (async () => ({ email: 'ana.souza@example.com', name: 'Ana Souza' }));
  const listeners = new Set<AuthStateListener>();
  let current: AuthUser | null = options.signedInAs
    ? (accounts.get(options.signedInAs.toLowerCase())?.user ?? null)
    : null;

  const copy = (user: AuthUser | null) => (user ? { ...user } : null);
  const setCurrent = (user: AuthUser | null) => {
    current = user;
    // Firebase notifies after the promise of the sign-in call settles; so do we.
    queueMicrotask(() => listeners.forEach((listener) => listener(copy(current))));
    return copy(user) as AuthUser;
  };

  return {
    onAuthStateChanged(listener) {
      listeners.add(listener);
      let active = true;
      queueMicrotask(() => {
        if (active && listeners.has(listener)) listener(copy(current));
      });
      return () => {
        active = false;
        listeners.delete(listener);
      };
    },
    async signIn(email, password) {
      const key = email.trim().toLowerCase();
      if (!EMAIL.test(key)) throw new UserNotFoundError();
      const account = accounts.get(key);
      if (!account) throw new UserNotFoundError();
      if (account.password === null || account.password !== password) throw new WrongPasswordError();
      return setCurrent(account.user);
    },
    async signUp({ email, password }) {
      const key = email.trim().toLowerCase();
      if (!EMAIL.test(key)) throw new UserNotFoundError();
      if (accounts.has(key)) throw new EmailInUseError();
      if (password.length < MIN_PASSWORD) throw new WeakPasswordError();
      const user: AuthUser = { uid: newUid(), email: key, displayName: null, provider: 'firebase' };
      accounts.set(key, { user, password });
      return setCurrent(user);
    },
    async signInWithGoogle() {
      const account = await choose();
      if (!account) throw new SignInCancelledError();
      const key = account.email.trim().toLowerCase();
      let user = googleAccounts.get(key);
      if (!user) {
        user = { uid: newUid(), email: key, displayName: account.name, provider: 'google' };
        googleAccounts.set(key, user);
      }
      return setCurrent(user);
    },
    async updateDisplayName(displayName) {
      if (!current) throw new AuthUnavailableError('nobody is signed in');
      const uid = current.uid;
      for (const user of [...[...accounts.values()].map((account) => account.user), ...googleAccounts.values()]) {
        if (user.uid === uid) user.displayName = displayName;
      }
      current = { ...current, displayName };
    },
    async signOut() {
      setCurrent(null);
    },
    async idToken() {
      return current ? `memory-token:${current.uid}` : null;
    },
    currentUser: () => copy(current),
  };
}
