// Starts the Firebase emulators this shop needs, on free ports by default, and always cleans them up.
//   - Auth: firebase-tools (pure Node) run with `node .../firebase.js emulators:start --only auth`, detached,
//     with a per-run firebase.json so the hub and logging ports are free ones too (it binds them,
//     4400 and 4500 by default, besides its own port).
//   - Firestore: the emulator JAR run directly with java (firebase-tools 15 refuses Java < 21; the JAR runs
//     on 17). Lookup order: $FIRESTORE_EMULATOR_JAR, the Google Cloud SDK component, firebase-tools' cache.
// `dataDir` (absolute) persists both: imported on start, exported on stop (auth/ and firestore/ inside it —
// firebase-tools replaces its whole export folder, so the two must not share one).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnChild, waitForChild, type ManagedChild } from './children';

export const DEFAULT_PROJECT_ID = 'demo-club-clothing';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIREBASE_CLI = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
// Generous: the Auth emulator alone took 50 s to start on our 2 cores under a load average of 12.
const START_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 10_000;

export interface StartEmulatorsOptions {
  projectId?: string;
  authPort?: number;
  firestorePort?: number;
  /** Absolute folder: imported on start when present, exported on stop. */
  dataDir?: string;
  /** Firestore rules file loaded into the emulator (default: none, i.e. the emulator's open rules). */
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
  stop(): Promise<void>;
  clearFirestore(): Promise<void>;
  clearAuth(): Promise<void>;
}

/** Java or the Firestore emulator JAR is missing: the message says exactly what to install. */
export class EmulatorPrerequisiteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmulatorPrerequisiteError';
  }
}

/** An emulator did not come up (timeout, crash, port taken); carries the tail of its output. */
export class EmulatorStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmulatorStartError';
  }
}

// Listening ports are drawn below Linux's ephemeral range (32768–60999): a port the OS handed out with
// listen(0) belongs to that range, and in the moment between our probe and the real bind an outgoing connection
// (Chromium, fetch) could take it as its local port — seen once as EADDRINUSE for the backend in the e2e stack.
const PORT_RANGE = { min: 20_000, max: 32_000 };
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolveFree(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}

/** A port nothing listens on, never the same one twice in this process. */
export async function findFreePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PORT_RANGE.min + Math.floor(Math.random() * (PORT_RANGE.max - PORT_RANGE.min));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${PORT_RANGE.min} and ${PORT_RANGE.max}`);
}

// ---------------------------------------------------------------------------------------------------------
// Prerequisites

const INSTALL_HINT =
  'Install Java 17+ and the Cloud Firestore emulator JAR: `apt-get install -y openjdk-17-jre-headless ' +
  'google-cloud-cli-firestore-emulator` (Debian, Google Cloud apt repository), or set FIRESTORE_EMULATOR_JAR ' +
  'to a cloud-firestore-emulator JAR.';

export function findJava(): string {
  const candidates = [process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : null, 'java'].filter(
    (c): c is string => Boolean(c),
  );
  for (const java of candidates) {
    const result = spawnSync(java, ['-version'], { encoding: 'utf8' });
    if (result.status !== 0) continue;
    const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
    const major = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : 0;
    if (major >= 17) return java;
    throw new EmulatorPrerequisiteError(`Java ${major || '(unknown)'} found, but the Firestore emulator needs 17+. ${INSTALL_HINT}`);
  }
  throw new EmulatorPrerequisiteError(`Java was not found (the Firestore emulator runs on it). ${INSTALL_HINT}`);
}

export function findFirestoreJar(): string {
  const fromEnv = process.env.FIRESTORE_EMULATOR_JAR;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new EmulatorPrerequisiteError(`FIRESTORE_EMULATOR_JAR points to ${fromEnv}, which does not exist. ${INSTALL_HINT}`);
  }
  const dpkg = spawnSync('dpkg', ['-L', 'google-cloud-cli-firestore-emulator'], { encoding: 'utf8' });
  const fromDpkg = dpkg.status === 0 ? dpkg.stdout.split('\n').find((line) => /cloud-firestore-emulator\.jar$/.test(line)) : undefined;
  if (fromDpkg && existsSync(fromDpkg)) return fromDpkg;
  const sdkRoots = ['/usr/lib/google-cloud-sdk', '/usr/share/google-cloud-sdk', join(homedir(), 'google-cloud-sdk')];
  for (const root of sdkRoots) {
    const jar = join(root, 'platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');
    if (existsSync(jar)) return jar;
  }
  const cache = join(homedir(), '.cache', 'firebase', 'emulators');
  if (existsSync(cache)) {
    const jars = readdirSync(cache)
      .filter((name) => /^cloud-firestore-emulator-.*\.jar$/.test(name))
      .map((name) => join(cache, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    if (jars[0]) return jars[0];
  }
  throw new EmulatorPrerequisiteError(`The Cloud Firestore emulator JAR was not found. ${INSTALL_HINT}`);
}

// ---------------------------------------------------------------------------------------------------------
// Child processes

// The emulators run as ManagedChild processes (children.ts): detached process groups, output kept for error
// messages, killed on exit as a last resort. Only the per-run Auth config folders are ours to clean up.
const tempDirs = new Set<string>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
}

function launch(name: string, command: string, args: string[], cwd: string, log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): ManagedChild {
  installExitHook();
  return spawnChild(name, command, args, { cwd, env, log: (line) => log(`[${name}] ${line}`) });
}

const stopChild = (child: ManagedChild, signal: NodeJS.Signals) => child.stop(signal, STOP_TIMEOUT_MS);

/** Resolves when `ready()` is true; fails early (EmulatorStartError) if the child exits, or after the timeout. */
async function waitUntilReady(child: ManagedChild, ready: () => Promise<boolean>, what: string) {
  try {
    await waitForChild(child, ready, what, START_TIMEOUT_MS);
  } catch (error) {
    throw new EmulatorStartError(error instanceof Error ? error.message : String(error));
  }
}

async function httpOk(url: string, init?: RequestInit, timeoutMs = 5_000): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${response.status} ${await response.text()}`);
  return response;
}

// ---------------------------------------------------------------------------------------------------------
// The two emulators

const FIRESTORE_EXPORT_NAME = 'firestore_export';

async function startFirestore(opts: { projectId: string; port: number; dataDir?: string; rulesFile?: string; log: (l: string) => void }) {
  const java = findJava();
  const jar = findFirestoreJar();
  const args = [
    '-cp', jar, 'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
    '--host', '127.0.0.1', '--port', String(opts.port), '--project_id', opts.projectId, '--single_project_mode', 'true',
  ];
  if (opts.dataDir) {
    const metadata = join(opts.dataDir, 'firestore', FIRESTORE_EXPORT_NAME, `${FIRESTORE_EXPORT_NAME}.overall_export_metadata`);
    if (existsSync(metadata)) args.push('--seed_from_export', metadata);
  }
  const child = launch('firestore', java, args, ROOT, opts.log);
  const base = `http://127.0.0.1:${opts.port}`;
  try {
    await waitUntilReady(child, async () => (await (await fetch(`${base}/`, { signal: AbortSignal.timeout(2_000) })).text()).trim() === 'Ok', `The Firestore emulator on port ${opts.port}`);
    if (opts.rulesFile) await loadFirestoreRules(`127.0.0.1:${opts.port}`, opts.projectId, opts.rulesFile);
  } catch (error) {
    await stopChild(child, 'SIGTERM');
    throw error;
  }
  return { child, host: `127.0.0.1:${opts.port}` };
}

/** Loads (or replaces) the rules of a running Firestore emulator; a rules compile error is thrown with its detail. */
export async function loadFirestoreRules(firestoreHost: string, projectId: string, rulesFile: string) {
  const content = readFileSync(rulesFile, 'utf8');
  const response = await fetch(`http://${firestoreHost}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new EmulatorStartError(`Firestore rules ${rulesFile} were refused: ${await response.text()}`);
}

async function startAuth(opts: { projectId: string; port: number; dataDir?: string; log: (l: string) => void }) {
  if (!existsSync(FIREBASE_CLI))
    throw new EmulatorPrerequisiteError(`firebase-tools is not installed (${FIREBASE_CLI} is missing): run \`npm ci\`.`);
  const [hubPort, loggingPort] = [await findFreePort(), await findFreePort()];
  // A per-run config: the repo's firebase.json pins the default ports, tests need free ones.
  const configDir = mkdtempSync(join(tmpdir(), 'club-auth-emulator-'));
  tempDirs.add(configDir);
  const removeConfigDir = () => {
    rmSync(configDir, { recursive: true, force: true });
    tempDirs.delete(configDir);
  };
  writeFileSync(
    join(configDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: opts.port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', opts.projectId, '--config', join(configDir, 'firebase.json')];
  if (opts.dataDir) {
    const authDir = join(opts.dataDir, 'auth');
    args.push('--import', authDir, '--export-on-exit', authDir);
  }
  // firebase-tools finds "the" running hub of a project through <tmpdir>/hub-<project>.json; with several
  // suites running at once (parallel test files, `npm start`) an export-on-exit could reach another run's
  // hub and export its data. A private TMPDIR per run keeps each run's locator to itself.
  // CI=true stops firebase-tools fetching its "message of the day" from the internet at every start:
  // the local stack talks only to 127.0.0.1.
  const child = launch('auth', process.execPath, args, configDir, opts.log, { ...process.env, TMPDIR: configDir, CI: 'true' });
  try {
    await waitUntilReady(child, async () => child.output.some((line) => line.includes('All emulators ready!')), `The Auth emulator on port ${opts.port}`);
  } catch (error) {
    await stopChild(child, 'SIGINT');
    removeConfigDir();
    throw error;
  }
  return { child, host: `127.0.0.1:${opts.port}`, removeConfigDir };
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
  // Check prerequisites before spending 10 s on the Auth emulator.
  if (only.has('firestore')) {
    findJava();
    findFirestoreJar();
  }
  const authPort = opts.authPort ?? (await findFreePort());
  const firestorePort = opts.firestorePort ?? (await findFreePort());

  const [auth, firestore] = await Promise.allSettled([
    only.has('auth') ? startAuth({ projectId, port: authPort, dataDir: opts.dataDir, log }) : Promise.resolve(null),
    only.has('firestore') ? startFirestore({ projectId, port: firestorePort, dataDir: opts.dataDir, rulesFile, log }) : Promise.resolve(null),
  ]);
  if (auth.status === 'rejected' || firestore.status === 'rejected') {
    if (auth.status === 'fulfilled' && auth.value) await stopChild(auth.value.child, 'SIGINT');
    if (firestore.status === 'fulfilled' && firestore.value) await stopChild(firestore.value.child, 'SIGTERM');
    throw auth.status === 'rejected' ? auth.reason : (firestore as PromiseRejectedResult).reason;
  }
  const authRun = auth.value;
  const firestoreRun = firestore.value;
  let stopping: Promise<void> | null = null;

  return {
    projectId,
    authHost: authRun?.host ?? '',
    firestoreHost: firestoreRun?.host ?? '',
    async clearFirestore() {
      if (!firestoreRun) return;
      await httpOk(`http://${firestoreRun.host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
    },
    async clearAuth() {
      if (!authRun) return;
      await httpOk(`http://${authRun.host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
    },
    stop() {
      stopping ??= (async () => {
        const work: Promise<void>[] = [];
        if (firestoreRun) {
          work.push(
            (async () => {
              if (opts.dataDir && firestoreRun.child.process.exitCode === null) {
                const exportDir = join(opts.dataDir, 'firestore');
                mkdirSync(exportDir, { recursive: true });
                await httpOk(
                  `http://${firestoreRun.host}/emulator/v1/projects/${projectId}:export`,
                  {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify({
                      database: `projects/${projectId}/databases/(default)`,
                      export_directory: exportDir,
                      export_name: FIRESTORE_EXPORT_NAME,
                    }),
                  },
                  30_000,
                ).catch((error) => log(`[firestore] export failed: ${String(error)}`));
              }
              await stopChild(firestoreRun.child, 'SIGTERM');
            })(),
          );
        }
        if (authRun) {
          // SIGINT: firebase-tools exports (with --export-on-exit) and exits in < 0.5 s.
          work.push(stopChild(authRun.child, 'SIGINT').then(authRun.removeConfigDir));
        }
        await Promise.all(work);
      })();
      return stopping;
    },
  };
}
