// The whole shop on this machine, as one function: the Firebase emulators (Auth + Firestore, rules loaded), the
// catalog seeded if empty, the backend (server/main.ts) and the storefront (Parcel build + prerender, served by
// scripts/lib/staticServer.ts, or Parcel's dev server). `npm start` uses the default ports; tests and the bench
// use free ones and their own dist/cache folders.
// The seed, the prerender, the service worker's build and the static server (React, Fastify) are loaded when a
// start reaches them: `npm start`'s refusals (a taken port, no Java, a wrong flag) and the scripts that only read
// ROOT or the ports answer without them.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkEmulatorPrerequisites, startEmulators, type RunningEmulators } from './emulators';
import { ROOT, spawnChild, waitUntilServing, type ManagedChild } from './children';
import { DEFAULT_PROJECT_ID, withFirestore } from './firestoreAdmin';
import { assertPortsFree, findFreePort } from './ports';
import type { SeedResult } from '../seed';
import { DEFAULT_PORTS } from '../../src/sharedConstants';

export { ROOT };
// The ports live with the other constants every runtime shares.
export { DEFAULT_PORTS };
const PARCEL_BIN = join(ROOT, 'node_modules', 'parcel', 'lib', 'bin.js');
const TSX_CLI = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const SERVER_ENTRY = join(ROOT, 'server', 'main.ts');

export type StorefrontMode =
  /** parcel build into distDir, then serve it (the default, what a shopper gets in production). */
  | 'build'
  /** serve an already built distDir as it is (tests that built once). */
  | 'serve'
  /** Parcel's dev server with HMR. */
  | 'dev'
  | 'none';

export interface LocalStackOptions {
  /** Missing ports are free ones (never the defaults); `npm start` passes DEFAULT_PORTS. */
  ports?: Partial<Record<keyof typeof DEFAULT_PORTS, number>>;
  /** Absolute folder where the emulators keep their data across restarts (none: data dies with the stack). */
  dataDir?: string;
  /** Start server/main.ts (default true). */
  backend?: boolean;
  /** Extra environment for the backend (e.g. PAYMENT_PROVIDER, LOG_LEVEL). */
  backendEnv?: Record<string, string>;
  storefront?: StorefrontMode;
  /** Host of the prerendered pages' canonical/OG/sitemap URLs (default localhost; the bench measures 127.0.0.1). */
  siteHost?: string;
  /** Where Parcel writes the storefront (default <repo>/dist; dev: <repo>/.parcel-cache/dev-dist). */
  distDir?: string;
  /** Parcel's cache (default <repo>/.parcel-cache). Give a separate one for builds with other env. */
  cacheDir?: string;
  /**
   * 'build' without Parcel: a local-mode Parcel output made elsewhere (buildStorefront), copied into distDir and
   * prerendered for this stack. Its pages carry this stack's addresses (src/config.ts RUNTIME_SETTINGS_ID), so
   * one build serves stacks on any ports (the test run's e2e and fault stacks).
   */
  parcelOutput?: Promise<string>;
  /** Output of every child, prefixed with its name. Default: silent. */
  log?: (line: string) => void;
  /** Progress notices for people ("Seeding the catalog…"). Default: silent. */
  notice?: (line: string) => void;
  /** Aborting stops whatever has started and rejects with StackAbortedError (Ctrl-C during startup). */
  signal?: AbortSignal;
}

export class StackAbortedError extends Error {
  override name = 'StackAbortedError';
  constructor() {
    super('The local stack was stopped while it was starting.');
  }
}

export interface LocalStack {
  projectId: string;
  ports: Record<keyof typeof DEFAULT_PORTS, number>;
  urls: {
    /** http://localhost:<port>, or null with storefront 'none'. */
    storefront: string | null;
    /** http://localhost:<port>, or null when the backend was not started. */
    backend: string | null;
    authEmulator: string;
    firestoreEmulator: string;
  };
  emulators: RunningEmulators;
  /**
   * Process group ids (ManagedChild.pid) of the Firestore emulator, the Auth emulator and the backend (null when
   * not started): the fault suite pauses one with `process.kill(-pid, 'SIGSTOP')`, processes it started included.
   */
  pids: { firestore: number | null; auth: number | null; backend: number | null };
  /** The catalog is seeded when the categories collection is empty (firestore.rules are always loaded). */
  seed: SeedResult;
  /** Stops the storefront, the backend, then the emulators (which export to dataDir first). Idempotent. */
  stop(): Promise<void>;
}

/** The storefront's Firebase settings (src/config.ts) for the emulators at these hosts ("127.0.0.1:<port>"). */
export function emulatorWebConfig(projectId: string, authHost: string, firestoreHost: string): Record<string, string> {
  return {
    USE_FIREBASE_EMULATORS: 'true',
    AUTH_EMULATOR_URL: `http://${authHost}`,
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_PROJECT_ID: projectId,
    // The emulators accept any API key; a real-looking config keeps the SDK's checks quiet.
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
  };
}

/** Build-time settings of the storefront (read by src/config.ts) pointing at this stack. */
export function storefrontEnv(projectId: string, ports: LocalStack['ports']): Record<string, string> {
  return {
    BACKEND_URL: `http://localhost:${ports.backend}`,
    ...emulatorWebConfig(projectId, `127.0.0.1:${ports.auth}`, `127.0.0.1:${ports.firestore}`),
  };
}

/** Backend settings (server/serverConfig.ts) pointing at this stack. */
export function backendEnv(projectId: string, ports: LocalStack['ports']): Record<string, string> {
  return {
    PORT: String(ports.backend),
    HOST: '127.0.0.1',
    STOREFRONT_URL: `http://localhost:${ports.storefront}`,
    BACKEND_PUBLIC_URL: `http://localhost:${ports.backend}`,
    GCLOUD_PROJECT: projectId,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    PAYMENT_PROVIDER: 'simulated',
    // Offline and loopback-only: google-auth-library must not probe the GCE metadata server.
    METADATA_SERVER_DETECTION: 'none',
  };
}

/** `parcel build` or `parcel serve` of src/index.html with the given env (build: NODE_ENV production). */
const parcel = (
  command: 'build' | 'serve',
  args: string[],
  o: { env: Record<string, string>; distDir: string; cacheDir: string; log?: (line: string) => void },
) =>
  spawnChild(
    process.execPath,
    [PARCEL_BIN, command, '--no-autoinstall', ...args, '--dist-dir', o.distDir, '--cache-dir', o.cacheDir],
    {
      env: { ...o.env, NODE_ENV: command === 'build' ? 'production' : 'development' },
      log: o.log,
    },
  );

/** `parcel build` of src/index.html with the given env into distDir; throws with Parcel's output on failure. */
export async function buildStorefront(opts: {
  env: Record<string, string>;
  distDir: string;
  cacheDir: string;
  log?: (line: string) => void;
  /** Receives the Parcel child as soon as it runs (to stop it on abort). */
  onChild?: (child: ManagedChild) => void;
}): Promise<void> {
  // distDir is never emptied: with a warm cache Parcel rewrites only changed bundles, so an emptied distDir lost
  // the unchanged lazy chunks (404 on /login after a rebuild). A distDir without index.html gets a cold cache.
  if (!existsSync(join(opts.distDir, 'index.html'))) rmSync(opts.cacheDir, { recursive: true, force: true });
  const child = parcel('build', ['--no-source-maps'], opts);
  opts.onChild?.(child);
  const code = await child.exited;
  if (code !== 0) throw new Error(`parcel build (into ${opts.distDir}) failed (exit code ${code}):\n${child.tail(40)}`);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * What stop() undoes, and how a start that is aborted or fails gives up: everything started so far is stopped
 * newest first on failure, abort or stop(). Calls are serialised and each drains what is registered by then, so a
 * child that registers after an abort is stopped too.
 */
function createLifecycle(notice: (line: string) => void, signal: AbortSignal | undefined) {
  const stoppers: Array<() => Promise<void>> = [];
  let chain = Promise.resolve();
  let stopRequested = false;
  const stop = () => {
    stopRequested = true;
    chain = chain.then(async () => {
      for (let next = stoppers.pop(); next; next = stoppers.pop()) {
        await next().catch((error) => notice(`while stopping: ${String(error)}`));
      }
    });
    return chain;
  };
  const onAbort = () => void stop();
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    stop,
    /** Registers what stop() must undo (stopped newest first). */
    onStop: (stopper: () => Promise<void>) => void stoppers.push(stopper),
    /** The start is over, done or failed: an abort no longer stops the stack. */
    detach: () => signal?.removeEventListener('abort', onAbort),
    checkAborted: () => {
      if (signal?.aborted) throw new StackAbortedError();
    },
    /** For steps that would hang once the emulators are gone (a Firestore write retries for minutes). */
    unlessAborted: <T>(promise: Promise<T>): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const onAbortStep = () => reject(new StackAbortedError());
        if (signal?.aborted) return onAbortStep();
        signal?.addEventListener('abort', onAbortStep, { once: true });
        promise.then(resolve, reject).finally(() => signal?.removeEventListener('abort', onAbortStep));
      }),
    /** A child that dies on its own later must not go unnoticed behind a banner that says all is well. */
    reportUnexpectedExit: (child: ManagedChild, what: string) =>
      void child.exited.then((code) => {
        if (!stopRequested)
          notice(
            `${what} exited unexpectedly (code ${code}); stop with Ctrl-C and start again. Last output:\n${child.tail(15)}`,
          );
      }),
    /** The first failure stops everything at once (a failed emulator must not wait for a 10 s build). */
    failFast: <T>(promise: Promise<T>) =>
      promise.catch((error: unknown) => {
        void stop();
        throw error;
      }),
  };
}

/** One start of the stack: its settings, its ports and its lifecycle, shared by every step below. */
interface StackRun {
  projectId: string;
  ports: LocalStack['ports'];
  mode: StorefrontMode;
  runBackend: boolean;
  options: LocalStackOptions;
  log: (line: string) => void;
  notice: (line: string) => void;
  life: ReturnType<typeof createLifecycle>;
}

interface CatalogReady {
  emulators: RunningEmulators;
  seed: SeedResult;
}

/** The ports asked for, the others free ones (never the defaults). */
async function choosePorts(wanted: LocalStackOptions['ports']): Promise<LocalStack['ports']> {
  return {
    auth: wanted?.auth ?? (await findFreePort()),
    firestore: wanted?.firestore ?? (await findFreePort()),
    backend: wanted?.backend ?? (await findFreePort()),
    storefront: wanted?.storefront ?? (await findFreePort()),
  };
}

/** Fails before anything starts: missing gcloud / Java (EmulatorPrerequisiteError), then taken ports. */
async function checkPrerequisites({ ports, runBackend, mode }: Pick<StackRun, 'ports' | 'runBackend' | 'mode'>) {
  checkEmulatorPrerequisites();
  await assertPortsFree([
    { port: ports.auth, service: 'Auth emulator' },
    { port: ports.firestore, service: 'Firestore emulator' },
    ...(runBackend ? [{ port: ports.backend, service: 'backend' }] : []),
    ...(mode !== 'none' ? [{ port: ports.storefront, service: 'storefront' }] : []),
  ]);
}

/** The emulators with the rules loaded, then the catalog seeded when it is empty. */
async function startCatalog({ projectId, ports, options, log, notice, life }: StackRun): Promise<CatalogReady> {
  notice(`Starting the Firebase emulators (Auth :${ports.auth}, Firestore :${ports.firestore})…`);
  const started = Date.now();
  const emulators = await startEmulators({
    projectId,
    authPort: ports.auth,
    firestorePort: ports.firestore,
    dataDir: options.dataDir,
    rulesFile: join(ROOT, 'firestore.rules'),
    log,
  });
  life.onStop(() => emulators.stop());
  notice(`Emulators ready in ${seconds(started)}.`);
  life.checkAborted();

  const { seedCatalog } = await import('../seed');
  const seed = await withFirestore({ kind: 'emulator', projectId, host: emulators.firestoreHost }, (db) =>
    life.unlessAborted(seedCatalog(db, { ifEmpty: true })),
  );
  notice(
    seed.status === 'seeded'
      ? `Seeded the catalog: ${seed.categories} categories, ${seed.products} products.`
      : `The catalog is already there (${seed.existing} categories): not seeded again.`,
  );
  life.checkAborted();
  return { emulators, seed };
}

const parcelCacheDir = (options: LocalStackOptions) => options.cacheDir ?? join(ROOT, '.parcel-cache');

/** Parcel's dev server (HMR), once it answers. */
async function startDevServer({ projectId, ports, options, log, notice, life }: StackRun): Promise<string> {
  const distDir = options.distDir ?? join(ROOT, '.parcel-cache', 'dev-dist');
  notice(`Starting Parcel's dev server (HMR) on :${ports.storefront}…`);
  const child = parcel('serve', ['--port', String(ports.storefront)], {
    env: storefrontEnv(projectId, ports),
    distDir,
    cacheDir: parcelCacheDir(options),
    log: (line) => log(`[parcel] ${line}`),
  });
  life.onStop(() => child.stop());
  await waitUntilServing(
    child,
    [`http-get://127.0.0.1:${ports.storefront}/`],
    `Parcel's dev server on port ${ports.storefront}`,
    180_000,
  );
  life.reportUnexpectedExit(child, "Parcel's dev server");
  return `http://localhost:${ports.storefront}`;
}

/** The Parcel output in distDir: built here, or copied from a build made elsewhere (options.parcelOutput). */
async function buildOrCopyParcelOutput({ projectId, ports, options, log, notice, life }: StackRun, distDir: string) {
  if (options.parcelOutput) {
    const output = await options.parcelOutput;
    life.checkAborted();
    rmSync(distDir, { recursive: true, force: true });
    // Timestamps kept: the compressed files a shared build carries stay newer than their sources (precompressFolder).
    cpSync(output, distDir, { recursive: true, preserveTimestamps: true });
    notice(`Copied the storefront's build from ${output}.`);
    return;
  }
  notice('Building the storefront with Parcel…');
  const started = Date.now();
  await buildStorefront({
    env: storefrontEnv(projectId, ports),
    distDir,
    cacheDir: parcelCacheDir(options),
    log: (line) => log(`[parcel] ${line}`),
    onChild: (child) => life.onStop(() => child.stop()),
  });
  notice(`Built the storefront in ${seconds(started)}.`);
}

/** Once the catalog is seeded: its pages prerendered into distDir, then the service worker that precaches them. */
async function prerenderAndPrecache(run: StackRun, distDir: string, catalogReady: Promise<CatalogReady>) {
  const { projectId, ports, options, notice, life } = run;
  const host = (await catalogReady).emulators.firestoreHost;
  life.checkAborted();
  const [{ prerenderSite }, { createAdminCatalog }, { buildServiceWorker }] = await Promise.all([
    import('../prerender'),
    import('../../server/adapters/adminCatalog'),
    import('../build-sw'),
  ]);
  const prerendered = Date.now();
  const origin = `http://${options.siteHost ?? 'localhost'}:${ports.storefront}`;
  const result = await withFirestore({ kind: 'emulator', projectId, host }, (db) =>
    life.unlessAborted(
      // The pages carry this stack's addresses: they win over the bundle's (a build made for other ports).
      prerenderSite({
        distDir,
        catalog: createAdminCatalog({ firestore: db }),
        origin,
        settings: storefrontEnv(projectId, ports),
      }),
    ),
  );
  notice(`Prerendered ${result.pages} catalog pages in ${seconds(prerendered)}.`);
  // The offline service worker precaches the prerendered pages: built last (docs/offline.md).
  const worker = await buildServiceWorker(distDir);
  notice(
    `Service worker: ${worker.count} files precached (${Math.round(worker.size / 1024)} KB, ${Math.round(worker.gzipSize / 1024)} KB gz).`,
  );
}

/**
 * The storefront of the run's mode: none, Parcel's dev server, or distDir served (built and prerendered first in
 * 'build'). Parcel does not need the emulators: it runs while they start, and only the prerender waits for the
 * seeded catalog.
 */
async function startStorefront(run: StackRun, catalogReady: Promise<CatalogReady>): Promise<string | null> {
  const { mode, options, ports, runBackend, life } = run;
  if (mode === 'none') return null;
  if (mode === 'dev') return startDevServer(run);
  const distDir = options.distDir ?? join(ROOT, 'dist');
  if (mode === 'build') {
    await buildOrCopyParcelOutput(run, distDir);
    await prerenderAndPrecache(run, distDir, catalogReady);
  }
  life.checkAborted();
  const { startStaticServer } = await import('./staticServer');
  // Catalog pages the build did not write go to the backend, as Hosting sends them to the function.
  const server = await startStaticServer({
    root: distDir,
    port: ports.storefront,
    ...(runBackend ? { backendUrl: `http://127.0.0.1:${ports.backend}` } : {}),
  });
  life.onStop(() => server.close());
  return server.url;
}

/** server/main.ts on the seeded catalog, once /health answers (null when the run has no backend). */
async function startBackend(run: StackRun, catalogReady: Promise<CatalogReady>) {
  const { projectId, ports, mode, options, log, notice, life } = run;
  await catalogReady;
  if (!run.runBackend) return null;
  notice(`Starting the backend on :${ports.backend}…`);
  const child = spawnChild(process.execPath, [TSX_CLI, SERVER_ENTRY], {
    env: {
      ...backendEnv(projectId, ports),
      // The build whose app shell the backend's on-request catalog pages fill (server/render/).
      ...(mode === 'build' || mode === 'serve' ? { STOREFRONT_DIST_DIR: options.distDir ?? join(ROOT, 'dist') } : {}),
      ...options.backendEnv,
    },
    log: (line) => log(`[backend] ${line}`),
  });
  life.onStop(() => child.stop());
  await waitUntilServing(
    child,
    [`http-get://127.0.0.1:${ports.backend}/health`],
    `The backend on port ${ports.backend}`,
  );
  life.reportUnexpectedExit(child, 'The backend');
  return { url: `http://localhost:${ports.backend}`, pid: child.pid ?? null };
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const mode = options.storefront ?? 'build';
  const runBackend = options.backend ?? true;
  const ports = await choosePorts(options.ports);
  await checkPrerequisites({ ports, runBackend, mode });
  const notice = options.notice ?? (() => {});
  const life = createLifecycle(notice, options.signal);
  const log = options.log ?? (() => {});
  const run: StackRun = { projectId: DEFAULT_PROJECT_ID, ports, mode, runBackend, options, log, notice, life };
  try {
    const catalogReady = life.failFast(startCatalog(run));
    const storefrontReady = life.failFast(startStorefront(run, catalogReady));
    const backendReady = life.failFast(startBackend(run, catalogReady));
    // Wait for all even if one fails, so every child is registered before the cleanup below.
    const failed = (await Promise.allSettled([catalogReady, backendReady, storefrontReady])).find(
      (r) => r.status === 'rejected',
    );
    if (failed) throw failed.reason;
    const [{ emulators, seed }, backend, storefrontUrl] = await Promise.all([
      catalogReady,
      backendReady,
      storefrontReady,
    ]);
    life.checkAborted();
    life.detach();
    return {
      projectId: run.projectId,
      ports,
      urls: {
        storefront: storefrontUrl,
        backend: backend?.url ?? null,
        authEmulator: `http://${emulators.authHost}`,
        firestoreEmulator: `http://${emulators.firestoreHost}`,
      },
      emulators,
      pids: {
        firestore: emulators.pids.firestore ?? null,
        auth: emulators.pids.auth ?? null,
        backend: backend?.pid ?? null,
      },
      seed,
      stop: life.stop,
    };
  } catch (error) {
    life.detach();
    await life.stop();
    throw options.signal?.aborted ? new StackAbortedError() : error;
  }
}
