import { defineConfig } from 'vitest/config';
import RunOrderSequencer from './test/support/runOrder';

// Each test file finds its project by its name or folder (no lists to keep):
//   *.emulators.test.ts        the run's shared Auth + Firestore emulators (test/contracts/support/emulatorData.ts)
//   *.builds.test.ts           the run's local and production builds (test/support/builds.globalSetup.ts)
//   *.dom.test.ts(x), test/ui/, test/inspector/   a happy-dom window
//   *.isolated.dom.test.tsx    a happy-dom window and a module graph of its own (server and client React in one realm)
//   test/e2e/*.test.ts         the local stack and Chromium
//   test/faults/               the faults that pause a process (a project and a local stack of their own)
//   any other *.test.ts(x)     node
const EMULATOR_FILES = ['test/**/*.emulators.test.ts'];
const BUILD_FILES = ['test/**/*.builds.test.ts'];
const HAPPY_DOM_FILES = ['test/**/*.dom.test.{ts,tsx}', 'test/{ui,inspector}/**/*.test.{ts,tsx}'];
const ISOLATED_DOM_FILES = ['test/**/*.isolated.dom.test.tsx'];
const E2E_FILES = ['test/e2e/**/*.test.ts'];
const FAULT_FILES = ['test/faults/**/*.test.{ts,tsx}'];

// `npx vitest run --project <name>` runs one of them.
//
// Vitest 4 runs every project's global setup first, one after the other, so the slow setups return at once and
// finish in the background (test/support/readiness.ts). Projects of one `sequence.groupOrder` share one worker
// cap (the same maxWorkers each); a one-file-at-a-time project gets a group of its own, run after the others,
// which is why `npm test` runs the emulators project in a second vitest process beside the first. The e2e, faults
// and builds projects share the main process's one local storefront build (test/support/localBuildHandover.ts).
// Four files at a time: the e2e, faults and builds files mostly wait on Chromium, servers or Parcel (the first
// minute and a half on the stack), so more files than cores keep both cores busy meanwhile.
const RUN_WORKERS = 4;
// One module graph per worker: a fresh graph and happy-dom window per file cost half of those projects' CPU, and
// an e2e file's imports (Playwright, the stack's scripts, firebase-admin) were compiled again for every file. The
// e2e files keep their browser connections in hooks (test/e2e/support/e2e.ts), not in shared modules.
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
    onConsoleLog: (log) =>
      !log.startsWith('Detected multiple renderers concurrently rendering the same context provider'),
    projects: [
      {
        test: {
          name: 'happy-dom',
          environment: 'happy-dom',
          ...SHARED_MODULES,
          include: HAPPY_DOM_FILES,
          exclude: [...FAULT_FILES, ...ISOLATED_DOM_FILES],
          setupFiles: [...SEEDED, 'test/support/domWaits.setup.ts'],
          maxWorkers: RUN_WORKERS,
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        // Files that server-render and hydrate React in one realm: the server renderer can leave a context value
        // behind for the next file of a shared module graph.
        test: {
          name: 'happy-dom-isolated',
          environment: 'happy-dom',
          isolate: true,
          include: ISOLATED_DOM_FILES,
          setupFiles: [...SEEDED, 'test/support/domWaits.setup.ts'],
          maxWorkers: 1,
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
        // One local stack for the whole run (globalSetup → provide/inject), one Chromium per worker
        // (test/e2e/support/workerBrowser.ts), each shopper in its own browser context. production.test.ts starts its own preview.
        test: {
          name: 'e2e',
          environment: 'node',
          ...SHARED_MODULES,
          setupFiles: SEEDED,
          include: E2E_FILES,
          globalSetup: ['test/e2e/support/e2e.globalSetup.ts'],
          maxWorkers: RUN_WORKERS,
          testTimeout: E2E_TEST_TIMEOUT_MS,
          hookTimeout: 300_000,
        },
      },
      {
        // One local stack of its own (globalSetup → provide/inject) and its worker's Chromium: its tests pause that
        // stack's Firestore emulator and backend with SIGSTOP, so they run in sequence, in one file. In the
        // shared-cap group, so that its stack serves the run's one local build.
        test: {
          name: 'faults',
          environment: 'node',
          setupFiles: SEEDED,
          include: FAULT_FILES,
          globalSetup: ['test/faults/support/faults.globalSetup.ts'],
          maxWorkers: RUN_WORKERS,
          testTimeout: E2E_TEST_TIMEOUT_MS,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
