// Starts the Firebase emulators this shop needs, on free ports by default, and always cleans them up.
//   - Firestore: `gcloud emulators firestore start` (it runs on Java 17; firebase-tools 15 refuses Java < 21),
//     with --rules (for every project) and --import-data. Its --export-on-exit writes nothing on this SDK
//     (528), so stop() exports over the emulator's REST API first.
//   - Auth: firebase-tools (pure Node) `emulators:start --only auth`, with a per-run firebase.json so the hub
//     and logging ports are free ones too, --import and --export-on-exit (which does work).
// `dataDir` (absolute) persists both: auth/ and firestore/ inside it (firebase-tools replaces its whole
// export folder, so the two must not share one).
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { ROOT, spawnChild, waitForLine, waitUntilServing, type ManagedChild } from './children';
import { DEFAULT_PROJECT_ID } from './firestoreAdmin';
import { findFreePort } from './ports';

export { findFreePort } from './ports';
export { DEFAULT_PROJECT_ID } from './firestoreAdmin';
export const FIREBASE_CLI = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
const FIRESTORE_EXPORT_NAME = 'firestore_export';
const AUTH_EMULATOR_PRELOAD = join(ROOT, 'scripts', 'lib', 'authEmulatorPreload.cjs');

export interface StartEmulatorsOptions {
  projectId?: string;
  authPort?: number;
  firestorePort?: number;
  /** Absolute folder: imported on start when present, exported on stop. */
  dataDir?: string;
  /** Firestore rules file, for every project (default: none, i.e. the emulator's open rules). */
  rulesFile?: string;
  log?: (line: string) => void;
  /** Start only some emulators (default both). A rules test needs only Firestore. */
  only?: ReadonlyArray<'auth' | 'firestore'>;
}

export interface RunningEmulators {
  projectId: string;
  /** "127.0.0.1:<port>" ("" when the Auth emulator was not started). */
  authHost: string;
  /** "127.0.0.1:<port>" ("" when the Firestore emulator was not started). */
  firestoreHost: string;
  /** Process group ids of the emulators' children (see ManagedChild.pid); undefined for one not started. */
  pids: { auth: number | undefined; firestore: number | undefined };
  stop(): Promise<void>;
  clearFirestore(): Promise<void>;
  clearAuth(): Promise<void>;
}

/** gcloud, its Firestore emulator or Java is missing: the message says exactly what to install. */
export class EmulatorPrerequisiteError extends Error {
  override name = 'EmulatorPrerequisiteError';
}

const INSTALL_HINT =
  'Install Java 17+ and the Cloud Firestore emulator: `apt-get install -y openjdk-17-jre-headless ' +
  'google-cloud-cli google-cloud-cli-firestore-emulator` (Debian, Google Cloud apt repository).';

const onPath = (command: string) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, command))
    .find((file) => existsSync(file));

/** Checks that gcloud, its Firestore emulator component and Java are installed; returns gcloud's path. */
export function checkEmulatorPrerequisites(): string {
  const gcloud = onPath('gcloud');
  if (!gcloud)
    throw new EmulatorPrerequisiteError(
      `gcloud was not found on the PATH (it runs the Firestore emulator). ${INSTALL_HINT}`,
    );
  const component = join(dirname(dirname(realpathSync(gcloud))), 'platform', 'cloud-firestore-emulator');
  if (!existsSync(component))
    throw new EmulatorPrerequisiteError(
      `gcloud's Firestore emulator is not installed (${component} is missing). ${INSTALL_HINT}`,
    );
  if (!process.env.JAVA_HOME && !onPath('java'))
    throw new EmulatorPrerequisiteError(`Java was not found (the Firestore emulator runs on it). ${INSTALL_HINT}`);
  return gcloud;
}

async function emulatorRequest(url: string, init: RequestInit = {}, timeoutMs = 15_000): Promise<void> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${await response.text()}`);
  await response.body?.cancel();
}

/** Deletes every document of one project (the rules stay), through the emulator's own endpoint. */
export const clearFirestoreData = (firestoreHost: string, projectId: string) =>
  emulatorRequest(`http://${firestoreHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });

/** Deletes every account of one project, through the emulator's own endpoint. */
export const clearAuthData = (authHost: string, projectId: string) =>
  emulatorRequest(`http://${authHost}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });

/** A firebase.json `emulators` block: each named emulator on 127.0.0.1 at its port, the UI off. */
export const emulatorsConfig = (ports: Record<string, number>) => ({
  ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, { host: '127.0.0.1', port }])),
  ui: { enabled: false },
});

/** Waits until the child is ready; if it never is (timeout, crash, port taken), stops it before rethrowing. */
async function started(child: ManagedChild, ready: Promise<void>, cleanup: () => void = () => {}) {
  try {
    await ready;
    return child;
  } catch (error) {
    await child.stop();
    cleanup();
    throw error;
  }
}

function startFirestore(
  gcloud: string,
  opts: { port: number; dataDir?: string; rulesFile?: string; log: (l: string) => void },
) {
  const args = ['emulators', 'firestore', 'start', `--host-port=127.0.0.1:${opts.port}`];
  if (opts.rulesFile) args.push(`--rules=${opts.rulesFile}`);
  const metadata =
    opts.dataDir &&
    join(opts.dataDir, 'firestore', FIRESTORE_EXPORT_NAME, `${FIRESTORE_EXPORT_NAME}.overall_export_metadata`);
  if (metadata && existsSync(metadata)) args.push(`--import-data=${metadata}`);
  // gcloud must not look for updates or prompt: the local stack is offline and unattended.
  // The JVM only with its quick compiler and one GC thread: an emulator lives minutes, not days, and on 2 cores
  // the optimizing compiler's warm-up competed with everything else (about 5 s of CPU less per emulator, with
  // the emulators project's 105 tests: docs/testing.md). JAVA_TOOL_OPTIONS set by the caller wins.
  const env = {
    CLOUDSDK_CORE_DISABLE_PROMPTS: '1',
    CLOUDSDK_COMPONENT_MANAGER_DISABLE_UPDATE_CHECK: 'true',
    JAVA_TOOL_OPTIONS: process.env.JAVA_TOOL_OPTIONS ?? '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC',
  };
  const child = spawnChild(gcloud, args, { env, log: (line) => opts.log(`[firestore] ${line}`) });
  return started(
    child,
    waitUntilServing(child, [`http-get://127.0.0.1:${opts.port}/`], `The Firestore emulator on port ${opts.port}`),
  );
}

async function startAuth(opts: { projectId: string; port: number; dataDir?: string; log: (l: string) => void }) {
  if (!existsSync(FIREBASE_CLI))
    throw new EmulatorPrerequisiteError(
      `firebase-tools is not installed (${FIREBASE_CLI} is missing): run \`npm ci\`.`,
    );
  // A per-run config: the repo's firebase.json pins the default ports; tests need free ones. Not single-project:
  // test files run side by side, each in a project of its own.
  const configDir = mkdtempSync(join(tmpdir(), 'club-auth-emulator-'));
  const removeConfigDir = () => rmSync(configDir, { recursive: true, force: true });
  const emulators = {
    ...emulatorsConfig({ auth: opts.port, hub: await findFreePort(), logging: await findFreePort() }),
    singleProjectMode: false,
  };
  writeFileSync(join(configDir, 'firebase.json'), JSON.stringify({ emulators }));
  const args = [
    FIREBASE_CLI,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    opts.projectId,
    '--config',
    join(configDir, 'firebase.json'),
  ];
  if (opts.dataDir) args.push('--import', join(opts.dataDir, 'auth'), '--export-on-exit', join(opts.dataDir, 'auth'));
  // A private TMPDIR: firebase-tools finds "the" hub of a project through <tmpdir>/hub-<project>.json, and an
  // export-on-exit must not reach another run's hub. CI=true: no "message of the day" fetched from the internet.
  // NODE_OPTIONS: the API's validators compiled on first use instead of all at start (authEmulatorPreload.cjs).
  const preload = `--require ${JSON.stringify(AUTH_EMULATOR_PRELOAD)}`;
  const env = {
    TMPDIR: configDir,
    CI: 'true',
    NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '),
  };
  // SIGINT: firebase-tools exports (with --export-on-exit) and exits in < 0.5 s.
  const child = spawnChild(process.execPath, args, {
    cwd: configDir,
    env,
    stopSignal: 'SIGINT',
    log: (line) => opts.log(`[auth] ${line}`),
  });
  void child.exited.then(removeConfigDir);
  // The port answers before the import is applied: ready is the line firebase-tools prints after it.
  const printedReady = waitForLine(child, 'All emulators ready!', `The Auth emulator on port ${opts.port}`);
  return started(child, printedReady, removeConfigDir);
}

/**
 * Starts the Auth and/or Firestore emulators (in parallel) and resolves once both are ready. On any failure
 * every child already started is stopped before the error is thrown.
 */
export async function startEmulators(opts: StartEmulatorsOptions = {}): Promise<RunningEmulators> {
  const projectId = opts.projectId ?? DEFAULT_PROJECT_ID;
  const log = opts.log ?? (() => {});
  const only = new Set(opts.only ?? ['auth', 'firestore']);
  if (opts.dataDir && !isAbsolute(opts.dataDir)) throw new Error(`dataDir must be absolute: ${opts.dataDir}`);
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const rulesFile = opts.rulesFile ? resolve(opts.rulesFile) : undefined;
  if (rulesFile && !existsSync(rulesFile)) throw new Error(`rules file not found: ${rulesFile}`);
  const gcloud = only.has('firestore') ? checkEmulatorPrerequisites() : '';
  const authPort = opts.authPort ?? (await findFreePort());
  const firestorePort = opts.firestorePort ?? (await findFreePort());

  const [auth, firestore] = await Promise.allSettled([
    only.has('auth') ? startAuth({ projectId, port: authPort, dataDir: opts.dataDir, log }) : null,
    only.has('firestore')
      ? startFirestore(gcloud, { port: firestorePort, dataDir: opts.dataDir, rulesFile, log })
      : null,
  ]);
  if (auth.status === 'rejected' || firestore.status === 'rejected') {
    await Promise.all(
      [auth, firestore].map((result) => (result.status === 'fulfilled' ? result.value?.stop() : undefined)),
    );
    throw auth.status === 'rejected' ? auth.reason : (firestore as PromiseRejectedResult).reason;
  }
  const authHost = auth.value ? `127.0.0.1:${authPort}` : '';
  const firestoreHost = firestore.value ? `127.0.0.1:${firestorePort}` : '';
  let stopping: Promise<void> | null = null;

  const exportFirestore = async () => {
    if (!opts.dataDir || !firestore.value?.isRunning()) return;
    const exportDirectory = join(opts.dataDir, 'firestore');
    mkdirSync(exportDirectory, { recursive: true });
    const body = {
      database: `projects/${projectId}/databases/(default)`,
      export_directory: exportDirectory,
      export_name: FIRESTORE_EXPORT_NAME,
    };
    await emulatorRequest(
      `http://${firestoreHost}/emulator/v1/projects/${projectId}:export`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      30_000,
    ).catch((error) => log(`[firestore] export failed: ${String(error)}`));
  };

  return {
    projectId,
    authHost,
    firestoreHost,
    pids: { auth: auth.value?.pid, firestore: firestore.value?.pid },
    clearFirestore: async () => (firestoreHost ? clearFirestoreData(firestoreHost, projectId) : undefined),
    clearAuth: async () => (authHost ? clearAuthData(authHost, projectId) : undefined),
    stop() {
      stopping ??= Promise.all([exportFirestore().then(() => firestore.value?.stop()), auth.value?.stop()]).then(
        () => {},
      );
      return stopping;
    },
  };
}
