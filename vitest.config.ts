import { defineConfig } from 'vitest/config';

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
// Components, machines and the in-memory adapters (localStorage needs a DOM).
const HAPPY_DOM_FILES = [
  'test/{ui,machines,domain,inspector}/**/*.test.{ts,tsx}',
  'test/contracts/*.{memory,localStorage}.test.ts',
  'test/contracts/localGoogleChooser.test.ts',
  'test/budgets/deferredAuth.test.ts',
];
const E2E_FILES = ['test/e2e/**/*.test.ts'];
// Files that read the run's two storefront builds (test/support/builds.globalSetup.ts).
const BUILD_FILES = ['test/budgets/bundles.test.ts', 'test/budgets/inspector.test.ts', 'test/scripts/productionBuild.test.ts'];

// `npx vitest run --project <name>` runs one of them. All five projects run side by side from the start: most
// files wait on servers, emulators, Parcel or Chromium in other processes, so with the run's workers capped at
// the 2 cores the CPU sat half idle while the e2e and emulator files queued behind the others (measured: user +
// sys 9 min 45 s over a 10 min run). RUN_WORKERS caps the workers of all projects together.
const PARALLEL_WORKERS = 2;
const RUN_WORKERS = 6;
export default defineConfig({
  test: {
    maxWorkers: RUN_WORKERS,
    projects: [
      {
        test: {
          name: 'happy-dom',
          environment: 'happy-dom',
          include: HAPPY_DOM_FILES,
          maxWorkers: PARALLEL_WORKERS,
          testTimeout: 20_000,
        },
      },
      {
        // Servers on free ports, scripts, rules-free contracts; each file owns what it starts (the launcher
        // tests start emulators and stacks of their own), so files run in parallel.
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...EMULATOR_FILES, ...HAPPY_DOM_FILES, ...E2E_FILES, ...BUILD_FILES],
          maxWorkers: PARALLEL_WORKERS,
          testTimeout: 20_000,
          hookTimeout: 240_000,
        },
      },
      {
        // A local and a production build of the storefront, made once for the run (globalSetup → provide/inject).
        test: {
          name: 'builds',
          environment: 'node',
          include: BUILD_FILES,
          globalSetup: ['test/support/builds.globalSetup.ts'],
          maxWorkers: PARALLEL_WORKERS,
          testTimeout: 20_000,
        },
      },
      {
        // One emulator pair for the whole run (globalSetup → provide/inject); files clear the data between
        // suites and run one at a time, so no suite sees another's accounts or documents.
        test: {
          name: 'emulators',
          environment: 'node',
          include: EMULATOR_FILES,
          globalSetup: ['test/support/emulators.globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
      {
        // One local stack and one Chromium for the whole run (globalSetup → provide/inject), two files at a
        // time, each shopper in its own browser context. production.test.ts starts its own preview.
        test: {
          name: 'e2e',
          environment: 'node',
          include: E2E_FILES,
          globalSetup: ['test/e2e/support/e2e.globalSetup.ts'],
          maxWorkers: PARALLEL_WORKERS,
          testTimeout: 20_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
