// Composition root: the only place in src/ that picks adapter implementations.
import { initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { createRoot } from 'react-dom/client';
import { createLocalStorageCart } from './adapters/cartStorage/localStorage';
import { createFirestoreCatalog } from './adapters/catalog/firestore';
import { CheckoutFailedError, type CheckoutPort } from './adapters/checkout/port';
import { createFirestoreUsers } from './adapters/users/firestore';
import { loadConfig } from './config';
import { deferAuth } from './deferredAuth';
import { App } from './ui/App';
import { createServices } from './ui/createServices';
import { paths } from './ui/paths';

const config = loadConfig();

const app = initializeApp(config.firebase);
const db = getFirestore(app);
if (config.useEmulators) {
  const [host = '127.0.0.1', port = '8080'] = config.firestoreEmulatorHost.split(':');
  connectFirestoreEmulator(db, host, Number(port));
}

// Firebase Auth is a lazy chunk: the shell renders and the catalog request leaves while it downloads
// (the auth state is `unknown`, behind the overlay, until its first answer either way). Firestore lite picks
// the Auth instance up when it registers, so user reads still carry the shopper's token.
const auth = deferAuth(
  async () => {
    const { createFirebaseAuth, initFirebaseAuth } = await import('./adapters/auth/firebase');
    return createFirebaseAuth({
      auth: initFirebaseAuth(app, config.useEmulators ? { emulatorUrl: config.authEmulatorUrl } : {}),
      google: config.useEmulators ? { mode: 'local-chooser' } : { mode: 'popup' },
    });
  },
  (error) => console.error('[auth] the sign-in code could not be loaded', error),
);

// The HTTP client (ky, ~5 KB gz) only matters on "Finalizar Compra": loaded on the first checkout.
let httpCheckout: Promise<CheckoutPort> | null = null;
const checkout: CheckoutPort = {
  async createSession(items) {
    httpCheckout ??= Promise.all([import('ky'), import('./adapters/checkout/http')]).then(([{ default: ky }, { createHttpCheckout }]) =>
      createHttpCheckout({ http: ky.create({ prefixUrl: config.backendUrl }), idToken: () => auth.idToken() }),
    );
    const port = await httpCheckout.catch((error: unknown) => {
      httpCheckout = null; // a failed chunk download is retried on the next click
      throw new CheckoutFailedError('network', 'the checkout code could not be loaded', { cause: error });
    });
    return port.createSession(items);
  },
};

const services = createServices(
  {
    auth,
    users: createFirestoreUsers({ db }),
    catalog: createFirestoreCatalog({ db }),
    checkout,
    cartStorage: createLocalStorageCart({ storage: window.localStorage, window }),
  },
  {
    logError: (message, error) => console.error(message, error),
    // wouter patches pushState to announce it, so the router follows (its subpath exports need Parcel's
    // packageExports, which this project leaves off).
    navigateToLogin: () => window.history.pushState(null, '', paths.login),
    redirectTo: (url) => window.location.assign(url),
  },
);

// Back from the payment page may restore this page from the back/forward cache with the checkout still
// "redirecting" (busy): start fresh instead.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) window.location.reload();
});

const root = document.getElementById('root');
if (root) createRoot(root).render(<App services={services} />);
