// Signed-in shoppers without the sign-up page: the account is created on the run's Auth emulator through its
// REST API (accounts:signUp, the call the Firebase SDK makes), and the browser context starts with the session
// the SDK saves after a sign-in. The storefront keeps sessions in IndexedDB, falling back to localStorage
// (initFirebaseAuth, src/adapters/auth/firebase.ts); a session found in localStorage is taken over by the SDK at start-up
// (and moved into IndexedDB), so a context created with it in localStorage (Playwright's storageState) opens
// logged in. The profile document is then written by the app itself, from the account's name (authMachine's
// profile repair), as after any sign-in whose profile is missing.
// Sign-up and log-in themselves are tested through their pages (journey.ts, routes.a11y.ts, inspector.ts).
import type { BrowserContextOptions } from 'playwright-core';
import { uniqueEmail } from './storefront';

export interface Account {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  idToken: string;
  refreshToken: string;
  /** When idToken expires (ms since the epoch). */
  expiresAt: number;
  createdAt: number;
}

const PASSWORD = 'segredo123';
const DISPLAY_NAME = 'Maria Silva';

interface SignUpResponse {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

/** Creates Maria Silva's account (a fresh e-mail from `prefix`) on the Auth emulator at `authHost`. */
export async function createAccount(authHost: string, apiKey: string, prefix: string): Promise<Account> {
  const email = uniqueEmail(prefix);
  const createdAt = Date.now();
  const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, displayName: DISPLAY_NAME, returnSecureToken: true }),
  });
  if (!response.ok)
    throw new Error(`accounts:signUp on the Auth emulator: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as SignUpResponse;
  return {
    uid: body.localId,
    email: body.email,
    password: PASSWORD,
    displayName: DISPLAY_NAME,
    idToken: body.idToken,
    refreshToken: body.refreshToken,
    expiresAt: createdAt + Number(body.expiresIn) * 1000,
    createdAt,
  };
}

/** The key and value the Firebase SDK saves a signed-in user under (app "[DEFAULT]"). */
export function savedSession(apiKey: string, account: Account): { name: string; value: string } {
  const user = {
    uid: account.uid,
    email: account.email,
    emailVerified: false,
    isAnonymous: false,
    displayName: account.displayName,
    providerData: [
      {
        providerId: 'password',
        uid: account.email,
        displayName: account.displayName,
        email: account.email,
        phoneNumber: null,
        photoURL: null,
      },
    ],
    stsTokenManager: {
      refreshToken: account.refreshToken,
      accessToken: account.idToken,
      expirationTime: account.expiresAt,
    },
    createdAt: String(account.createdAt),
    lastLoginAt: String(account.createdAt),
    apiKey,
    appName: '[DEFAULT]',
  };
  return { name: `firebase:authUser:${apiKey}:[DEFAULT]`, value: JSON.stringify(user) };
}

/** A browser context's starting storage: signed in to `account` on the storefront's origin. */
export function sessionStorageState(
  storefront: string,
  apiKey: string,
  account: Account,
): NonNullable<Exclude<BrowserContextOptions['storageState'], string>> {
  return {
    cookies: [],
    origins: [{ origin: new URL(storefront).origin, localStorage: [savedSession(apiKey, account)] }],
  };
}
