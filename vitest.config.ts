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
// Components, the inspector and the localStorage adapter: what needs a DOM. The machines, the domain and the
// in-memory adapters need none and run in the node project: a happy-dom window for each of those 33 files was
// CPU for nothing.
const HAPPY_DOM_FILES = [
  'test/{ui,inspector}/**/*.test.{ts,tsx}',
  'test/contracts/*.localStorage.test.ts',
  'test/contracts/localGoogleChooser.test.ts',
  'test/budgets/deferredAuth.test.ts',
];
const E2E_FILES = ['test/e2e/**/*.test.ts'];
// The fault suite (docs/faults.md) pauses the processes of a stack of its own.
const FAULT_FILES = ['test/faults/**/*.test.ts'];
// Files that read the run's two storefront builds (test/support/builds.globalSetup.ts).
const BUILD_FILES = ['test/budgets/bundles.test.ts', 'test/budgets/inspector.test.ts', 'test/scripts/productionBuild.test.ts'];

// `npx vitest run --project <name>` runs one of them.
//
// How vitest 4 schedules them (Vitest.initializeGlobalSetup, groupSpecs in its pool): every project's global
// setup runs first, one after the other, then the files. Projects with the same `sequence.groupOrder` form one
// group whose files share ONE worker cap, so every project of the group must declare the same maxWorkers; a
// project limited to one file at a time (`fileParallelism: false`) is put in a group of its own that runs
// after all the others. Hence:
//   - the slow setups return at once and do their work in the background (test/support/readiness.ts);
//   - happy-dom, node, builds and e2e are one group of RUN_WORKERS files at a time: the e2e and builds files
//     mostly wait on Chromium, servers or Parcel in other processes, so more files than cores keep both busy;
//     the e2e files start first (test/support/runOrder.ts). Three, not more: every extra file in flight adds
//     its own Chromium pages and module graph to two cores. In whole runs on an idle 2-core machine, 3 took
//     142–148 s and 250–263 s of CPU, 4 took 164 s and about 300 s, 2 left cores idle (153–162 s)
//     (docs/testing.md, "Run time");
//   - the emulators project (one file at a time, see below) is not run after that group but beside it, by a
//     second vitest process: `npm test` runs `test:vitest:parallel` and `test:vitest:emulators` side by side.
const RUN_WORKERS = 3;
// Files of a project share one module graph per worker (isolate: false): a fresh graph and a fresh happy-dom
// for each of 51 files was half of that project's CPU (measured with /usr/bin/time, vitest run --project
// happy-dom: 91 s user+sys isolated, 47 s shared; node 63 → 49 s; emulators 36 → 24 s). The e2e files keep
// their isolation: each owns browser connections, and they are few.
const SHARED_MODULES = { isolate: false } as const;
// Ceilings, not measurements: a passing test never waits for them. They are sized for a shared 2-core machine at
// its slowest: on one that ran this suite 2.5 times slower than usual (docs/testing.md, "Run time"), tests of 20 s
// and 60 s ceilings took up to 15 s (a rules suite's first test) and 59.9 s
// (the search journey in Chromium).
const TEST_TIMEOUT_MS = 60_000;
const E2E_TEST_TIMEOUT_MS = 180_000;
export default defineConfig({
  test: {
    // The default output, then when each project's files ran (test/support/timelineReporter.ts).
    reporters: ['default', './test/support/timelineReporter.ts'],
    // The longest chain (the e2e files) starts first (test/support/runOrder.ts).
    sequence: { sequencer: RunOrderSequencer },
    // React's development build marks every context a server render pushes and never clears the mark. The
    // search bar's prerender-then-hydrate test (test/ui/search.test.tsx) server-renders the app's contexts in a
    // happy-dom worker, and with shared module graphs every later client render of them in that worker printed
    // this warning: about 1,000 lines per run, in whichever files shared the worker. The app never has two
    // renderers in one page (the prerender runs at build time, in Node), so it says nothing about the app.
    onConsoleLog: (log) => !log.startsWith('Detected multiple renderers concurrently rendering the same context provider'),
    projects: [
      {
        test: {
          name: 'happy-dom',
          environment: 'happy-dom',
          ...SHARED_MODULES,
          include: HAPPY_DOM_FILES,
          setupFiles: ['test/support/domWaits.setup.ts'],
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
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...EMULATOR_FILES, ...HAPPY_DOM_FILES, ...E2E_FILES, ...BUILD_FILES, ...FAULT_FILES],
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
          include: E2E_FILES,
          globalSetup: ['test/e2e/support/e2e.globalSetup.ts'],
          maxWorkers: RUN_WORKERS,
          testTimeout: E2E_TEST_TIMEOUT_MS,
          hookTimeout: 300_000,
        },
      },
      {
        // One local stack of its own and one Chromium (globalSetup → provide/inject): its tests pause that
        // stack's Firestore emulator and backend with SIGSTOP, so they run in sequence, in one file.
        test: {
          name: 'faults',
          environment: 'node',
          include: FAULT_FILES,
          globalSetup: ['test/faults/support/faults.globalSetup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: E2E_TEST_TIMEOUT_MS,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
