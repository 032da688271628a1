import { defineConfig } from 'vitest/config';
import RunOrderSequencer from './test/support/runOrder';

// Test files that use the run's shared Auth + Firestore emulators (test/contracts/support/emulators.ts).
// A new emulator-backed file goes here; without it `useEmulators()` says so.
const EMULATOR_FILES = [
  'test/contracts/adminCatalog.test.ts',
  'test/contracts/auth.firebase.test.ts',
  'test/contracts/catalog.firestore.test.ts',
  'test/contracts/orders.firestore.test.ts',
  'test/contracts/users.firestore.test.ts',
  'test/rules/firestore.rules.test.ts',
  'test/scripts/seed.test.ts',
  'test/server/checkoutStore.firestore.test.ts',
  'test/server/emulators.test.ts',
  'test/server/shopperLimiter.firestore.test.ts',
];
// Components, the inspector and the localStorage adapter: what needs a DOM. Everything else runs without one.
const HAPPY_DOM_FILES = [
  'test/{ui,inspector}/**/*.test.{ts,tsx}',
  'test/contracts/*.localStorage.test.ts',
  'test/contracts/localGoogleChooser.test.ts',
  'test/budgets/deferredAuth.test.ts',
];
const E2E_FILES = ['test/e2e/**/*.test.ts'];
// Files that read the run's two storefront builds (test/support/builds.globalSetup.ts).
const BUILD_FILES = ['test/budgets/bundles.test.ts', 'test/budgets/inspector.test.ts', 'test/scripts/productionBuild.test.ts'];

// `npx vitest run --project <name>` runs one of them.
//
// Vitest 4 runs every project's global setup first, one after the other, so the slow setups return at once and
// finish in the background (test/support/readiness.ts). Projects of one `sequence.groupOrder` share one worker
// cap (the same maxWorkers each); a one-file-at-a-time project gets a group of its own, run after the others,
// which is why `npm test` runs the emulators project in a second vitest process beside the first.
// Three files at a time: the e2e and builds files mostly wait on Chromium, servers or Parcel, so more files than
// cores keep both cores busy, while each extra file adds its own Chromium pages and module graph.
const RUN_WORKERS = 3;
// One module graph per worker: a fresh graph and happy-dom window per file cost half of those projects' CPU.
// The e2e files keep their isolation: each holds browser connections in module state.
const SHARED_MODULES = { isolate: false } as const;
// Faker seeded per test (FAKER_SEED replays a failure's data).
const SEEDED = ['test/support/faker.setup.ts'];
// Ceilings, not measurements: a passing test never waits for them; sized for a loaded 2-core machine.
const TEST_TIMEOUT_MS = 60_000;
const E2E_TEST_TIMEOUT_MS = 180_000;
export default defineConfig({
  test: {
    // The default output, then when each project's files ran (test/support/timelineReporter.ts).
    reporters: ['default', './test/support/timelineReporter.ts'],
    // The longest chain (the e2e files) starts first (test/support/runOrder.ts).
    sequence: { sequencer: RunOrderSequencer },
    // A server render in a happy-dom worker (test/ui/search.test.tsx) leaves React's dev build warning on every
    // later client render in that worker; the app never has two renderers in one page.
    onConsoleLog: (log) => !log.startsWith('Detected multiple renderers concurrently rendering the same context provider'),
    projects: [
      {
        test: {
          name: 'happy-dom',
          environment: 'happy-dom',
          ...SHARED_MODULES,
          include: HAPPY_DOM_FILES,
          setupFiles: [...SEEDED, 'test/support/domWaits.setup.ts'],
          maxWorkers: RUN_WORKERS,
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        // Machines, domain, servers on free ports, scripts, rules-free contracts; each file owns what it starts (the launcher's
        // lifecycle test starts a stack of its own), so files run in parallel.
        test: {
          name: 'node',
          environment: 'node',
          ...SHARED_MODULES,
          setupFiles: SEEDED,
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...EMULATOR_FILES, ...HAPPY_DOM_FILES, ...E2E_FILES, ...BUILD_FILES],
          maxWorkers: RUN_WORKERS,
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: 240_000,
        },
      },
      {
        // A local and a production build of the storefront, made once for the run (globalSetup → provide/inject).
        test: {
          name: 'builds',
          environment: 'node',
          ...SHARED_MODULES,
          setupFiles: SEEDED,
          include: BUILD_FILES,
          globalSetup: ['test/support/builds.globalSetup.ts'],
          maxWorkers: RUN_WORKERS,
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        // One emulator pair for the whole run (globalSetup → provide/inject); files clear the data between
        // suites and run one at a time, so no suite sees another's accounts or documents (the Auth emulator puts
        // every client SDK account in its default project). In one worker, one file after the other.
        test: {
          name: 'emulators',
          environment: 'node',
          ...SHARED_MODULES,
          setupFiles: SEEDED,
          include: EMULATOR_FILES,
          globalSetup: ['test/support/emulators.globalSetup.ts'],
          fileParallelism: false,
          // Its own group (a one-worker project cannot share the others' cap); `npx vitest run` runs it after them.
          sequence: { groupOrder: 1 },
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: 120_000,
        },
      },
      {
        // One local stack and one Chromium for the whole run (globalSetup → provide/inject), each shopper in
        // its own browser context. production.test.ts starts its own preview.
        test: {
          name: 'e2e',
          environment: 'node',
          setupFiles: SEEDED,
          include: E2E_FILES,
          globalSetup: ['test/e2e/support/e2e.globalSetup.ts'],
          maxWorkers: RUN_WORKERS,
          testTimeout: E2E_TEST_TIMEOUT_MS,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
