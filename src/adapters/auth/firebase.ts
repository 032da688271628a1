import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { FirebaseOptions } from 'firebase/app';
import { firebaseApp } from '../firebaseApp';
import {
  AuthUnavailableError,
  SignInCancelledError,
  type AuthPort,
  type AuthUser,
  type GoogleAccount,
} from './authPort';
import { mapFirebaseAuthError } from './authErrors';

/**
 * How "Entrar com o Google" works: `popup` is the real Google popup (production); `local-chooser` is the
 * offline account chooser for the Auth emulator, which signs in with an emulator Google credential.
 */
export type GoogleSignInMode =
  { mode: 'popup' } | { mode: 'local-chooser'; choose?: () => Promise<GoogleAccount | null> };

export function toAuthUser(user: User): AuthUser {
  const google = user.providerData.some((info) => info.providerId === GoogleAuthProvider.PROVIDER_ID);
  return { uid: user.uid, email: user.email, displayName: user.displayName, provider: google ? 'google' : 'firebase' };
}

/** The emulator accepts any Google id token JSON; `sub` keys the account, so derive it from the e-mail. */
export function localGoogleCredential(account: GoogleAccount) {
  const email = account.email.trim().toLowerCase();
  const sub = `local-${Array.from(email, (c) => c.charCodeAt(0).toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 60)}`;
  return GoogleAuthProvider.credential(JSON.stringify({ sub, email, email_verified: true, name: account.name.trim() }));
}

/** AuthPort over Firebase Auth (the emulator in local mode, the real project in production). */
export function createFirebaseAuth({ auth, google }: { auth: Auth; google: GoogleSignInMode }): AuthPort {
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw mapFirebaseAuthError(error);
    }
  };
  return {
    onAuthStateChanged(listener) {
      return onAuthStateChanged(auth, (user) => listener(user ? toAuthUser(user) : null));
    },
    signIn: (email, password) =>
      run(async () => toAuthUser((await signInWithEmailAndPassword(auth, email.trim(), password)).user)),
    signUp: ({ email, password }) =>
      run(async () => toAuthUser((await createUserWithEmailAndPassword(auth, email.trim(), password)).user)),
    signInWithGoogle: () =>
      run(async () => {
        if (google.mode === 'popup') {
          const provider = new GoogleAuthProvider();
          provider.setCustomParameters({ prompt: 'select_account' });
          return toAuthUser((await signInWithPopup(auth, provider, browserPopupRedirectResolver)).user);
        }
        const choose = google.choose ?? (await import('./localGoogleChooser')).chooseLocalGoogleAccount;
        const account = await choose();
        if (!account) throw new SignInCancelledError();
        return toAuthUser((await signInWithCredential(auth, localGoogleCredential(account))).user);
      }),
    updateDisplayName: (displayName) =>
      run(async () => {
        if (!auth.currentUser) throw new AuthUnavailableError('nobody is signed in');
        await updateProfile(auth.currentUser, { displayName });
      }),
    signOut: () => run(() => signOut(auth)),
    idToken: () => run(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null)),
  };
}

export interface FirebaseAuthConfig {
  /** "http://127.0.0.1:9099" in local mode; omit in production. */
  emulatorUrl?: string;
}

/**
 * Auth for the storefront, on the page's Firebase app (created here if Firestore has not yet): persistent sessions
 * (IndexedDB, then localStorage) without the popup/redirect resolver, which would load Google's scripts on every
 * page even offline. The popup mode passes the resolver itself when the shopper clicks.
 */
export function initFirebaseAuth(firebase: FirebaseOptions, config: FirebaseAuthConfig = {}): Auth {
  const auth = initializeAuth(firebaseApp(firebase), {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return auth;
}
