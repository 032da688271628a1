// Composition root: the only place in src/ that picks adapter implementations.
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startTransition } from 'react';
import { createLocalStorageCart } from './adapters/cartStorage/localStorageCartStorage';
import { localStorageOf } from './adapters/webStorage';
import { CatalogUnavailableError } from './adapters/catalog/catalogPort';
import type { ProductCatalogPort } from './adapters/catalog/catalogPort';
import type { StorefrontCatalogPort } from './machines/catalogMachine';
import { createBrowserNavigation } from './adapters/navigation/browserNavigation';
import { CheckoutFailedError, type CheckoutPort } from './adapters/checkout/checkoutPort';
import { OrdersUnavailableError, type OrdersPort } from './adapters/orders/ordersPort';
import type { ReturnsPort } from './adapters/returns/returnsPort';
import { UsersUnavailableError, type UsersPort } from './adapters/users/usersPort';
import { readBootData } from './bootData';
import { loadConfig } from './config';
import { deferAuth } from './deferredAuth';
import { findProduct, type Category } from './domain';
import { takeEarlyClicks } from './earlyClicks';
import { lazyPort } from './lazyPort';
import { provideConnectivity } from './ui/components/OfflineStatus';
import { importWhenOnline } from './ui/lazyImport';
import { createRecorder, type InspectorRecorder } from './inspector/recorder';
import { App } from './ui/App';
import { createServices } from './ui/createServices';
import { paths } from './ui/paths';

const config = loadConfig();
const logError = (message: string, error: unknown) => console.error(message, error);

// Firestore lite (~31 KB gz) is a lazy chunk too: a prerendered page paints from its embedded catalog and
// asks Firestore only after hydration; the SPA shell (no snapshot) starts the download at once. The Firebase app
// (~9 KB gz) loads beside it, or with Auth if that comes first (src/adapters/firebaseApp.ts).
type FirestorePorts = { catalog: ProductCatalogPort; users: UsersPort; orders: OrdersPort };
let firestorePorts: Promise<FirestorePorts> | null = null;
// Not started offline (src/ui/lazyImport.ts): the bundler would keep that failure for the rest of the visit.
const loadFirestore = () =>
  (firestorePorts ??= importWhenOnline(() =>
    Promise.all([
      import('./adapters/firebaseApp'),
      import('firebase/firestore/lite'),
      import('./adapters/catalog/firestoreCatalog'),
      import('./adapters/users/firestoreUsers'),
      import('./adapters/orders/firestoreOrders'),
    ]).then(
      ([
        { firebaseApp },
        { getFirestore, connectFirestoreEmulator },
        { createFirestoreCatalog },
        { createFirestoreUsers },
        { createFirestoreOrders },
      ]) => {
        const db = getFirestore(firebaseApp(config.firebase));
        // Written out so that Parcel folds it: a production bundle does not even reference the emulator code.
        const emulatorsPossible =
          process.env.CLUB_MODE !== 'production' || process.env.CLUB_PREVIEW_EMULATORS === 'true';
        if (emulatorsPossible && config.useEmulators && config.firestoreEmulatorHost) {
          const [host = '', port = ''] = config.firestoreEmulatorHost.split(':');
          connectFirestoreEmulator(db, host, Number(port));
        }
        return {
          catalog: createFirestoreCatalog({ db }),
          users: createFirestoreUsers({ db }),
          orders: createFirestoreOrders({ db }),
        };
      },
    ),
  ));
/** Each call waits for the chunk; a failed download is retried on the next call and surfaces as the port's error. */
const withFirestore = async <T,>(
  work: (ports: FirestorePorts) => Promise<T>,
  unavailable: (cause: unknown) => Error,
) => {
  const ports = await loadFirestore().catch((error: unknown) => {
    firestorePorts = null;
    throw unavailable(error);
  });
  return work(ports);
};
const catalogUnavailable = (cause: unknown) =>
  new CatalogUnavailableError('the catalog code could not be loaded', { cause });
const catalog: StorefrontCatalogPort & Pick<ProductCatalogPort, 'getStock' | 'listLowStock'> = {
  listCategories: () => withFirestore((p) => p.catalog.listCategories(), catalogUnavailable),
  getCategory: (id) => withFirestore((p) => p.catalog.getCategory(id), catalogUnavailable),
  getProduct: (id) => withFirestore((p) => p.catalog.getProduct(id), catalogUnavailable),
  listCategoryProducts: (id, page) =>
    withFirestore((p) => p.catalog.listCategoryProducts(id, page), catalogUnavailable),
  getStock: (ids) => withFirestore((p) => p.catalog.getStock(ids), catalogUnavailable),
  listLowStock: (ids) => withFirestore((p) => p.catalog.listLowStock(ids), catalogUnavailable),
};
const usersUnavailable = (cause: unknown) =>
  new UsersUnavailableError('the database code could not be loaded', { cause });
const users: UsersPort = {
  findById: (uid) => withFirestore((p) => p.users.findById(uid), usersUnavailable),
  create: (profile) => withFirestore((p) => p.users.create(profile), usersUnavailable),
  createIfMissing: (profile) => withFirestore((p) => p.users.createIfMissing(profile), usersUnavailable),
};
const ordersUnavailable = (cause: unknown) =>
  new OrdersUnavailableError('the database code could not be loaded', { cause });
const orders: OrdersPort = {
  listMine: (uid) => withFirestore((p) => p.orders.listMine(uid), ordersUnavailable),
  getForConfirmation: (sessionId) => withFirestore((p) => p.orders.getForConfirmation(sessionId), ordersUnavailable),
};

// Firebase Auth is a lazy chunk: the shell renders and the catalog request leaves while it downloads
// (the auth state is `unknown`, behind the overlay, until its first answer either way). Firestore lite picks
// the Auth instance up when it registers, so user reads still carry the shopper's token.
const auth = deferAuth(
  async () => {
    const { createFirebaseAuth, initFirebaseAuth } = await import('./adapters/auth/firebase');
    return createFirebaseAuth({
      auth: initFirebaseAuth(
        config.firebase,
        config.useEmulators && config.authEmulatorUrl ? { emulatorUrl: config.authEmulatorUrl } : {},
      ),
      google: config.useEmulators ? { mode: 'local-chooser' } : { mode: 'popup' },
    });
  },
  (error) => logError('[auth] the sign-in code could not be loaded', error),
);

// The HTTP client (ky, ~5 KB gz) only matters on "Finalizar Compra": loaded on the first checkout, every
// argument (the items, the Idempotency-Key and the chosen delivery) forwarded; offline it is not requested (the
// bundler would keep that failure), so the next click after going back online loads it.
const checkout: CheckoutPort = lazyPort(
  () =>
    Promise.all([import('ky'), import('./adapters/checkout/httpCheckout')]).then(
      ([{ default: ky }, { createHttpCheckout }]) =>
        // '' (production): the backend is this origin, Hosting rewrites its paths to the function.
        createHttpCheckout({
          http: ky.create({ prefixUrl: config.backendUrl || window.location.origin }),
          idToken: () => auth.idToken(),
        }),
    ),
  ['createSession'],
  (cause) => new CheckoutFailedError('network', 'the checkout code could not be loaded', { cause }),
);

// "Solicitar devolução" on Meus pedidos (docs/requirements.md#orders): ky and the adapter load on the first request,
// with the shopper's ID token, as the checkout's. Code that cannot load is a plain error (the page says its "Tente
// novamente" for any failure without the backend's words), so the port's error class stays out of the entry.
const returns: ReturnsPort = lazyPort(
  () =>
    Promise.all([import('ky'), import('./adapters/returns/httpReturns')]).then(
      ([{ default: ky }, { createHttpReturns }]) =>
        createHttpReturns({
          http: ky.create({ prefixUrl: config.backendUrl || window.location.origin }),
          idToken: () => auth.idToken(),
        }),
    ),
  ['requestReturn'],
  (cause) => new Error('the returns code could not be loaded', { cause }),
);

// The backend's search of a catalog larger than what the page holds (docs/searching.md): ky and the adapter load on
// the first such search; offline they are not requested and the search machine searches the products held.
const search = lazyPort(
  () =>
    Promise.all([import('ky'), import('./adapters/search/httpSearch')]).then(
      ([{ default: ky }, { createHttpSearch }]) =>
        createHttpSearch({ http: ky.create({ prefixUrl: config.backendUrl || window.location.origin }) }),
    ),
  ['search'],
  (cause) => (cause instanceof Error ? cause : new Error(String(cause))),
);

// The statechart inspector (docs/inspector.md), local mode only: always under Parcel's dev server, with
// `?inspect` in a local build. CLUB_MODE is inlined by Parcel, so a production build folds these checks to
// false and drops the recorder and the inspector's chunks (test/budgets/inspector.builds.test.ts checks it).
let inspector: InspectorRecorder | undefined;
if (process.env.CLUB_MODE !== 'production') {
  if (process.env.NODE_ENV === 'development' || new URLSearchParams(window.location.search).has('inspect')) {
    inspector = createRecorder();
    (window as { __clubInspector?: InspectorRecorder }).__clubInspector = inspector;
  }
}

/** Lets the browser run what is waiting (input, a frame) before the next step of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function startApp() {
  await nextTask();
  const root = document.getElementById('root');
  // A prerendered page hydrates only when its HTML is there and its embedded catalog is valid and for this path.
  const boot = readBootData(document, logError);
  // The 404 page is one file served for every unknown path, so it hydrates wherever it is.
  const prerendered =
    boot !== null && root !== null && root.hasChildNodes() && (boot.notFound || boot.path === window.location.pathname);

  // Each step of the start in a task of its own (the boot data's check, the machines, hydration): none blocks a
  // phone's main thread for long, and a tap between them is answered.
  await nextTask();
  const services = createServices(
    {
      auth,
      users,
      catalog,
      checkout,
      orders,
      returns,
      cartStorage: createLocalStorageCart({ storage: localStorageOf(window) }),
      // With the delivery chunk, on its first need: the adapter validates with the CEP table.
      deliveryCep: () =>
        import('./adapters/deliveryCep/localStorageDeliveryCep').then(({ createLocalStorageDeliveryCep }) =>
          createLocalStorageDeliveryCep({ storage: localStorageOf(window) }),
        ),
      navigation: createBrowserNavigation(window),
      search,
    },
    {
      logError,
      // wouter patches pushState to announce it, so the router follows (its subpath exports need Parcel's
      // packageExports, which this project leaves off).
      navigateToLogin: () => window.history.pushState(null, '', paths.login),
      redirectTo: (url) => window.location.assign(url),
    },
    {
      catalogSnapshot: prerendered ? boot.catalog : undefined,
      stockSnapshot: prerendered ? boot.stock : undefined,
      inspect: inspector?.inspect,
    },
  );

  // Back from the payment page may restore this page from the back/forward cache with the checkout still
  // "redirecting" (busy): start fresh instead.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });

  /** After hydration: replay the add-to-cart clicks made before it, then read the live catalog (docs/requirements.md#calls). */
  function onHydrated() {
    const known: Category[] = [
      ...(boot?.catalog.categories ?? []),
      ...(boot?.catalog.category ? [boot.catalog.category] : []),
    ];
    for (const productId of takeEarlyClicks(window)) {
      const found = findProduct(known, productId);
      if (found) services.cart.send({ type: 'cart.add', product: found.product });
      else logError('[early click] unknown product', productId);
    }
    services.catalog.send({ type: 'catalog.refresh' });
    startConnectivity();
  }

  /**
   * The connection and the app's version (src/machines/connectivityMachine.ts) and the offline service worker, in a
   * lazy chunk (src/sw/connectivity.ts, with workbox-window) started after the load event and hydration: none of
   * it weighs on the entry or the first paint. Parcel's dev server gets no worker, and drops one an earlier
   * `npm start` left on the same port.
   */
  let connectivityStarted = false;
  function startConnectivity() {
    if (connectivityStarted) return;
    connectivityStarted = true;
    const start = () =>
      void import('./sw/connectivity').then(
        ({ startConnectivity: run }) =>
          provideConnectivity(
            run({
              worker: process.env.NODE_ENV === 'development' ? 'unregister' : 'register',
              inspect: inspector?.inspect,
            }),
          ),
        // Offline before the chunk was ever cached: the next visit starts it.
        () => {},
      );
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }

  await nextTask();
  if (root && prerendered) {
    // Hydrated as a transition: React yields to the browser every few milliseconds instead of hydrating the whole
    // page in one long task, so a tap during hydration is answered and a phone's main thread is never blocked long.
    startTransition(() => {
      hydrateRoot(
        root,
        <App
          services={services}
          notFoundPath={boot.notFound ? window.location.pathname : null}
          onHydrated={onHydrated}
        />,
        {
          onRecoverableError: (error, info) =>
            logError('[hydration] recoverable error', { error, componentStack: info.componentStack }),
        },
      );
    });
  } else if (root) {
    createRoot(root).render(<App services={services} />);
    startConnectivity();
  }
}
void startApp();

if (process.env.CLUB_MODE !== 'production' && inspector) {
  const recorder = inspector;
  import('./inspector/launcher').then(
    ({ mountInspector }) => mountInspector(recorder, document),
    (error: unknown) => logError('[inspector] the inspector code could not be loaded', error),
  );
}
