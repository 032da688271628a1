// Starts the backend from the environment (server/serverConfig.ts): `npm run server`, or spawned by `npm start`.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { createAdminCatalog } from './adapters/adminCatalog';
import { buildServer } from './app';
import { createFirebaseTokenVerifier } from './auth/tokenVerifier';
import { loadConfig, type ServerConfig } from './serverConfig';
import { createSimulatedProvider } from './payments/simulated';
import { createStripeClient, createStripeProvider } from './payments/stripe';
import { createFirestoreStore } from './store/firestoreSessionStore';
import { createFirestoreShopperLimiter } from './limits/firestoreLimiter';
import { createFirestorePageSource } from './render/pageSource';
import { firestoreProductSource } from './adapters/search/firestoreSource';
import { createProductSearch } from './adapters/search/productSearch';
import { startExpirySweep, sweepExpiredSessions, type SweepDeps } from './expirySweep';

let instances = 0;

export interface BackendOptions {
  /** Per-shopper checkout limit shared by every instance (Firestore counters); default on. */
  shopperLimit?: { max: number; windowMs: number } | false;
  /** Behind Firebase Hosting and Cloud Functions (server/functions.ts): the body was already read by the platform. */
  cloudFunction?: boolean;
}

/**
 * The backend wired to Firebase (firebase-admin) from the settings, not listening: `npm run server` listens on a
 * port, the Cloud Function (server/functions.ts) hands it the platform's requests.
 */
/** firebase-admin for the settings' project (the emulators when the settings name them). */
function openFirebase(config: ServerConfig) {
  // firebase-admin reads FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST itself; without them it talks to
  // the real project with Application Default Credentials and verifies tokens against Google's keys.
  // Offline against the emulators, google-auth-library would still probe the GCE metadata server; don't.
  if (config.firestoreEmulatorHost) process.env.METADATA_SERVER_DETECTION ??= 'none';
  const firebase = initializeApp(
    { projectId: config.projectId },
    `club-clothing-backend-${process.pid}-${++instances}`,
  );
  const firestore = getFirestore(firebase);
  const stripe = config.stripeSecretKey ? createStripeClient({ secretKey: config.stripeSecretKey }) : undefined;
  const payments =
    config.paymentProvider === 'stripe' && stripe
      ? createStripeProvider({
          stripe,
          pixExpiresAfterSeconds: config.pixExpiresAfterSeconds,
          boletoExpiresAfterDays: config.boletoExpiresAfterDays,
        })
      : createSimulatedProvider({ publicUrl: config.publicUrl });
  const close = async () => {
    await firestore.terminate();
    await deleteApp(firebase);
  };
  return { firebase, firestore, stripe, payments, store: createFirestoreStore({ firestore }), close };
}

/**
 * One sweep of the checkout sessions past their deadline (server/expirySweep.ts) with only what it needs (the
 * store and the provider, no HTTP app): the scheduled Cloud Function's work.
 */
export async function sweepOnce(config: ServerConfig, log: SweepDeps['log']) {
  const { store, payments, close } = openFirebase(config);
  try {
    return await sweepExpiredSessions({ store, payments, now: Date.now, log });
  } finally {
    await close();
  }
}

/**
 * The backend wired to Firebase (firebase-admin) from the settings, not listening: `npm run server` listens on a
 * port, the Cloud Function (server/functions.ts) hands it the platform's requests.
 */
export async function createBackend(config: ServerConfig, options: BackendOptions = {}) {
  const { firebase, firestore, stripe, payments, store, close } = openFirebase(config);
  const shopperLimit = options.shopperLimit ?? { max: config.shopperLimitMax, windowMs: config.shopperLimitWindowMs };

  const app = await buildServer({
    storefrontUrl: config.storefrontUrl,
    catalog: createAdminCatalog({ firestore }),
    catalogCacheTtlMs: config.catalogCacheTtlMs,
    payments,
    store,
    sessionTtlMs: config.checkoutExpiresAfterMinutes * 60_000,
    verifier: createFirebaseTokenVerifier({ auth: getAuth(firebase), cacheTtlMs: 60_000 }),
    ...(stripe && config.stripeWebhookSecret ? { stripeWebhook: { stripe, secret: config.stripeWebhookSecret } } : {}),
    asyncMethods: {
      pixExpiresAfterSeconds: config.pixExpiresAfterSeconds,
      boletoExpiresAfterDays: config.boletoExpiresAfterDays,
    },
    ...(shopperLimit
      ? { shopperLimit: { limiter: createFirestoreShopperLimiter({ firestore }), ...shopperLimit } }
      : {}),
    // GET /api/search: an index of the `products` collection, built at start and rebuilt when old (docs/searching.md).
    search: createProductSearch({ source: firestoreProductSource({ firestore }) }),
    ...(options.cloudFunction ? { bodyFromRawBody: true, trustProxy: true } : {}),
    ...(config.storefrontDistDir
      ? {
          pages: {
            distDir: config.storefrontDistDir,
            source: createFirestorePageSource({ firestore }),
            cache: { max: 500, ttlMs: config.pageCacheTtlMs },
          },
        }
      : {}),
    // buildServer adds the redaction of tokens and delivery addresses (REDACTED_LOG_PATHS).
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  const sweepDeps = { store, payments, now: Date.now, log: app.log };
  let sweeping: { stop(): Promise<void> } | null = null;
  app.addHook('onClose', async () => {
    // A sweep under way ends before Firestore closes under it.
    await sweeping?.stop();
    await close();
  });
  return {
    app,
    payments,
    /** Sweeps every `intervalMs` until the app closes (the long-running server). */
    startSweeping(intervalMs: number) {
      sweeping ??= startExpirySweep({ ...sweepDeps, intervalMs });
    },
  };
}

export async function startServer(config: ServerConfig = loadConfig()) {
  const { app, payments, startSweeping } = await createBackend(config);
  await app.listen({ port: config.port, host: config.host });
  if (config.expirySweepIntervalMs > 0) startSweeping(config.expirySweepIntervalMs);
  app.log.info(
    {
      provider: payments.name,
      storefront: config.storefrontUrl,
      firestore: config.firestoreEmulatorHost ?? 'production',
      auth: config.authEmulatorHost ?? 'production',
    },
    `backend ready on http://${config.host}:${config.port}`,
  );
  return app;
}

const isEntryPoint = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  startServer()
    .then((app) => {
      const stop = (signal: string) => {
        app.log.info(`${signal}: closing`);
        app.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    })
    .catch((error: unknown) => {
      console.error(`backend failed to start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
