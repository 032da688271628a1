// `npm run preview:prod`: the production build served offline through Firebase's own Hosting and Functions
// emulators, with the real hosting config (firebase.json + the build's CSP, as deployed), the backend as the
// Cloud Function (server/functions.ts from .functions/) and the simulated payment provider; Auth and
// Firestore are our usual emulators (scripts/lib/emulators.ts), seeded, or a pair already running (the test
// run's e2e stack, so a run starts one pair fewer).
// What differs from production, on purpose: the bundle is built with CLUB_PREVIEW_EMULATORS=true (it talks to
// the emulators, so it carries their 127.0.0.1 addresses and a demo- project, which the deploy never allows),
// the CSP's connect-src adds those two emulator origins, and the site is http://127.0.0.1:<port> (HSTS is sent
// but browsers ignore it over http).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnChild, waitUntilServing } from './lib/children';
import { runScript, stopOnSignal } from './lib/cli';
import {
  DEFAULT_PROJECT_ID as PROJECT_ID,
  emulatorsConfig,
  FIREBASE_CLI,
  startEmulators,
  type RunningEmulators,
} from './lib/emulators';
import { withFirestore } from './lib/firestoreAdmin';
import { FUNCTIONS_DIR } from './lib/functionsBundle';
import { findFreePort } from './lib/ports';
import { emulatorWebConfig, ROOT } from './lib/stack';
import { seedCatalog } from './seed';
import { buildProduction } from './build-prod';

const PREVIEW_DIST = join(ROOT, '.preview', 'dist');

export interface ProductionPreview {
  url: string;
  stop(): Promise<void>;
}

/** Auth and Firestore emulators that are already running, of the project PROJECT_ID (the e2e stack's). */
type SharedEmulators = Pick<RunningEmulators, 'projectId' | 'authHost' | 'firestoreHost'>;

export async function startProductionPreview({
  log = () => {},
  notice = () => {},
  emulators: shared,
}: {
  log?: (line: string) => void;
  notice?: (line: string) => void;
  /** Use these instead of starting a pair (the test run shares its own); they are left running on stop. */
  emulators?: SharedEmulators;
} = {}): Promise<ProductionPreview> {
  if (shared && shared.projectId !== PROJECT_ID)
    throw new Error(`the preview runs in ${PROJECT_ID}, not ${shared.projectId}`);
  const ports = {
    hosting: await findFreePort(),
    functions: await findFreePort(),
    hub: await findFreePort(),
    logging: await findFreePort(),
  };
  const url = `http://127.0.0.1:${ports.hosting}`;
  const stoppers: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (let next = stoppers.pop(); next; next = stoppers.pop()) await next().catch(() => {});
  };
  try {
    let emulators: SharedEmulators;
    if (shared) emulators = shared;
    else {
      notice('Starting the Auth and Firestore emulators…');
      const own = await startEmulators({ projectId: PROJECT_ID, rulesFile: join(ROOT, 'firestore.rules'), log });
      stoppers.push(() => own.stop());
      emulators = own;
    }
    await withFirestore({ kind: 'emulator', projectId: PROJECT_ID, host: emulators.firestoreHost }, (db) =>
      seedCatalog(db, { ifEmpty: true }),
    );

    notice('Building the production bundle (CLUB_MODE=production, preview: emulators)…');
    mkdirSync(PREVIEW_DIST, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CLUB_PREVIEW_EMULATORS: 'true',
      ...emulatorWebConfig(PROJECT_ID, emulators.authHost, emulators.firestoreHost),
      GCLOUD_PROJECT: PROJECT_ID,
      SITE_ORIGIN: url,
      BACKEND_URL: '',
    };
    const configFile = join(ROOT, 'firebase.preview.json');
    await buildProduction({
      env,
      distDir: PREVIEW_DIST,
      cacheDir: join(ROOT, '.parcel-cache', 'preview'),
      extraConnect: [`http://${emulators.authHost}`, `http://${emulators.firestoreHost}`],
      configOut: configFile,
      log: notice,
    });
    // The preview's emulator ports (the deploy config's emulators block is firebase.json's).
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    config.emulators = emulatorsConfig(ports);
    writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
    // The function's params, and its secrets (unused by the simulated provider, but declared).
    writeFileSync(join(FUNCTIONS_DIR, '.env.local'), `SITE_URL=${url}\nPAYMENT_PROVIDER=simulated\n`);
    writeFileSync(
      join(FUNCTIONS_DIR, '.secret.local'),
      'STRIPE_SECRET_KEY=unused-in-preview\nSTRIPE_WEBHOOK_SECRET=unused-in-preview\n',
    );

    notice(`Starting the Hosting (:${ports.hosting}) and Functions (:${ports.functions}) emulators…`);
    const child = spawnChild(
      process.execPath,
      [FIREBASE_CLI, 'emulators:start', '--only', 'hosting,functions', '--project', PROJECT_ID, '--config', configFile],
      {
        env: {
          // The function (firebase-admin) talks to our Auth/Firestore emulators, offline.
          FIRESTORE_EMULATOR_HOST: emulators.firestoreHost,
          FIREBASE_AUTH_EMULATOR_HOST: emulators.authHost,
          METADATA_SERVER_DETECTION: 'none',
          // firebase-tools asks the package registry for the newest firebase-functions (`npm show`) on every
          // start: offline, npm answers at once from here and nothing leaves the machine.
          npm_config_offline: 'true',
          // Discovery imports .functions/index.js under a 10 s limit; a loaded 2-core machine can need more.
          FUNCTIONS_DISCOVERY_TIMEOUT: '60',
          LOG_LEVEL: 'warn',
        },
        log: (line) => log(`[firebase] ${line}`),
      },
    );
    stoppers.push(() => child.stop());
    await waitUntilServing(
      child,
      [`http-get://127.0.0.1:${ports.hosting}/`],
      `the Hosting emulator on port ${ports.hosting}`,
      180_000,
    );
    // The function loads on its first request. One request at a time, each as long as it takes: the emulator
    // starts a new worker (a Node process loading the backend) per request that arrives while others are busy,
    // and parallel polling started 24 of them, none of which loaded in time on 2 cores.
    await waitUntilServing(
      child,
      [`http-get://127.0.0.1:${ports.hosting}/health`],
      'the function behind /health',
      180_000,
      { simultaneous: 1, httpTimeout: 180_000, interval: 1_000 },
    );
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

await runScript(import.meta.url, 'preview:prod', async () => {
  const preview = await startProductionPreview({
    notice: (line) => console.log(line),
    log: process.env.VERBOSE ? (line) => console.log(line) : undefined,
  });
  console.log(
    `\nProduction preview on ${preview.url} (Hosting + Functions emulators, simulated payments). Ctrl-C stops.`,
  );
  stopOnSignal(preview.stop);
});
