import { ClubError, type Provider } from '../../domain';

/** What the auth provider tells us about the signed-in user. */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  provider: Provider;
}

export interface SignUpCredentials {
  email: string;
  password: string;
}

export type AuthStateListener = (user: AuthUser | null) => void;

export interface AuthPort {
  /** Calls the listener with the current user (or null) once known, then on every change. Returns unsubscribe. */
  onAuthStateChanged(listener: AuthStateListener): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  /** Creates the auth account (the users document is written by the caller through UsersPort). */
  signUp(credentials: SignUpCredentials): Promise<AuthUser>;
  signInWithGoogle(): Promise<AuthUser>;
  /**
   * Keeps the name in the auth account of the signed-in user (its displayName), so a profile whose write
   * failed can be rebuilt from the account. Like Firebase, the auth-state stream is not told.
   */
  updateDisplayName(displayName: string): Promise<void>;
  signOut(): Promise<void>;
  /** The signed-in user's ID token for our backend, or null when nobody is signed in. */
  idToken(): Promise<string | null>;
}

export class WrongPasswordError extends ClubError {
  constructor(options?: { cause?: unknown }) {
    super('auth/wrong-password', 'Wrong password', options);
  }
}
export class UserNotFoundError extends ClubError {
  constructor(options?: { cause?: unknown }) {
    super('auth/user-not-found', 'No user with this e-mail', options);
  }
}
export class EmailInUseError extends ClubError {
  constructor(options?: { cause?: unknown }) {
    super('auth/email-already-in-use', 'E-mail already in use', options);
  }
}
export class WeakPasswordError extends ClubError {
  constructor(options?: { cause?: unknown }) {
    super('auth/weak-password', 'Password too weak', options);
  }
}
/** The user closed the Google chooser without picking an account. */
export class SignInCancelledError extends ClubError {
  constructor(options?: { cause?: unknown }) {
    super('auth/cancelled', 'Sign-in cancelled', options);
  }
}
/** Anything else the provider reports (network down, quota, internal). */
export class AuthUnavailableError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('auth/unavailable', `Auth provider error: ${detail}`, options);
  }
}

/** An account offered by a Google account chooser (the local one, or the memory fake's). */
export interface GoogleAccount {
  email: string;
  name: string;
}
