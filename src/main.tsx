// Composition root: the only place in src/ that picks adapter implementations.
import { initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import ky from 'ky';
import { createRoot } from 'react-dom/client';
import { createFirebaseAuth, initFirebaseAuth } from './adapters/auth/firebase';
import { createLocalStorageCart } from './adapters/cartStorage/localStorage';
import { createFirestoreCatalog } from './adapters/catalog/firestore';
import { createHttpCheckout } from './adapters/checkout/http';
import { createFirestoreUsers } from './adapters/users/firestore';
import { loadConfig } from './config';
import { App } from './ui/App';
import { createServices } from './ui/createServices';
import { paths } from './ui/paths';

const config = loadConfig();

const app = initializeApp(config.firebase);
const authClient = initFirebaseAuth(app, config.useEmulators ? { emulatorUrl: config.authEmulatorUrl } : {});
const db = getFirestore(app);
if (config.useEmulators) {
  const [host = '127.0.0.1', port = '8080'] = config.firestoreEmulatorHost.split(':');
  connectFirestoreEmulator(db, host, Number(port));
}

const auth = createFirebaseAuth({
  auth: authClient,
  google: config.useEmulators ? { mode: 'local-chooser' } : { mode: 'popup' },
});

const services = createServices(
  {
    auth,
    users: createFirestoreUsers({ db }),
    catalog: createFirestoreCatalog({ db }),
    checkout: createHttpCheckout({ http: ky.create({ prefixUrl: config.backendUrl }), idToken: () => auth.idToken() }),
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

const root = document.getElementById('root');
if (root) createRoot(root).render(<App services={services} />);
