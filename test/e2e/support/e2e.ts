// The end-to-end environment, seen from a test file: the local stack that
// test/e2e/support/e2e.globalSetup.ts started once for the run (the whole local stack on free ports: Firestore +
// Auth emulators with the rules, the seeded catalog, the backend with the simulated payment provider, the
// storefront built with this stack's addresses), reached through inject('e2e'). `useE2E()` gives the file that stack and
// its worker's Chromium (./workerBrowser.ts), and hands out fresh browser contexts, one per shopper.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { emulatorWebConfig, ROOT, type LocalStack } from '../../../scripts/lib/stack';
import { awaitReady } from '../../support/readiness';
import { createAccount, savedSession, sessionStorageState, type Account } from './account';
import { closeContextsOf, workerBrowser } from './workerBrowser';

export const SCREENSHOT_DIR = join(ROOT, 'test-results', 'screenshots');
/** What the global setup provides at once: where to wait for the stack, or why this machine cannot run it. */
export interface ProvidedE2E {
  /** Serves E2EStack once the stack is up (test/support/readiness.ts). */
  ready: string;
  /** Why the stack could not start on this machine (never under CI=true), or null. */
  unavailable: string | null;
}

/** The running stack, served by the global setup's readiness URL. */
export interface E2EStack {
  /** http://localhost:<port> of the built storefront. */
  storefront: string;
  backend: string;
  /** The stack's Firebase project and "127.0.0.1:<port>" of its Firestore emulator (for tests that edit data). */
  projectId: string;
  firestoreHost: string;
  /** "127.0.0.1:<port>" of its Auth emulator (the production preview shares the pair). */
  authHost: string;
  /** What startLocalStack reports, for the checks of the stack itself (test/e2e/e2eStack.test.ts). */
  ports: LocalStack['ports'];
  distDir: string;
  seed: LocalStack['seed'];
}

/** The run's stack without a browser connection, once it is ready (call it in beforeAll). */
export const awaitE2EStack = (): Promise<E2EStack> => awaitReady<E2EStack>(inject('e2e').ready);

export interface E2E extends E2EStack {
  /** This worker's Chromium (./workerBrowser.ts). */
  browser: Browser;
  /** A fresh browser context (own localStorage and IndexedDB: a new shopper) with an error log. */
  newShopper(options?: ShopperOptions): Promise<Shopper>;
  /**
   * A new account of Maria Silva on the run's Auth emulator (its REST API, not the sign-up page), for the tests
   * where being signed in is the starting point, not what is under test.
   */
  createAccount(prefix: string): Promise<Account>;
  /** Saves `account`'s session in the page's storage (the page must be on the storefront): the next load is signed in. */
  saveSession(page: Page, account: Account): Promise<void>;
}

export interface ShopperOptions {
  width?: number;
  height?: number;
  reducedMotion?: boolean;
  serviceWorkers?: 'allow' | 'block';
  /** The shopper starts signed in to this account (the Firebase SDK's saved session, see ./account.ts). */
  account?: Account;
}

export interface Shopper {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors; console errors are kept apart (some failures are only logged, on purpose: docs/requirements.md#errors). */
  pageErrors: string[];
  consoleErrors: string[];
  /** A page of the same context (a second tab sharing storage and the session). */
  newTab(): Promise<Page>;
  close(): Promise<void>;
}

/** Why this file's e2e tests skip (only ever outside CI), or null: use it in `describe.skipIf`. */
export function e2eSkipReason(): string | null {
  const { unavailable } = inject('e2e');
  if (unavailable) console.warn(`Skipping the end-to-end tests (set CI=true to make this a failure): ${unavailable}`);
  return unavailable;
}

/**
 * Gives this file the run's stack and this worker's Chromium in beforeAll, and closes the file's contexts in
 * afterAll (the stack belongs to the global setup). Call it inside the file's top describe; the getter throws until
 * ready.
 */
export function useE2E(): () => E2E {
  let e2e: E2E | undefined;
  beforeAll(async () => {
    const addresses = await awaitE2EStack();
    const browser = await workerBrowser();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // The API key the storefront was built with (the emulators accept any; the SDK's saved session is keyed on it).
    const apiKey = emulatorWebConfig(
      addresses.projectId,
      addresses.authHost,
      addresses.firestoreHost,
    ).FIREBASE_API_KEY!;
    e2e = {
      ...addresses,
      browser,
      newShopper: (options) => newShopper(browser, addresses.storefront, apiKey, options),
      createAccount: (prefix) => createAccount(addresses.authHost, apiKey, prefix),
      saveSession: async (page, account) => {
        const { name, value } = savedSession(apiKey, account);
        await page.evaluate(([key, saved]) => window.localStorage.setItem(key, saved), [name, value] as const);
      },
    };
  }, 900_000);
  afterAll(async () => {
    await closeContextsOf(e2e?.browser);
  });
  return () => {
    if (!e2e) throw new Error('the e2e stack did not start (see the global setup output above)');
    return e2e;
  };
}

async function newShopper(
  browser: Browser,
  storefront: string,
  apiKey: string,
  { width = 1280, height = 800, reducedMotion = false, serviceWorkers = 'block', account }: ShopperOptions = {},
): Promise<Shopper> {
  const context = await browser.newContext({
    ...(account ? { storageState: sessionStorageState(storefront, apiKey, account) } : {}),
    // The offline worker (docs/offline.md) only where a test asks for it (test/e2e/offline.test.ts): elsewhere it
    // would precache ~1 MB per fresh shopper, and its cached answers would bypass page.route.
    serviceWorkers,
    viewport: { width, height },
    locale: 'pt-BR',
    baseURL: storefront,
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
  });
  // A blocked worker registration logs a console warning: the page sees a browser without workers instead.
  if (serviceWorkers === 'block')
    await context.addInitScript(() => delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker);
  // Each action's ceiling: under a loaded 2-core machine a click that waits on a Firebase round trip took
  // several seconds (a passing action never waits for it).
  context.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    return page;
  };
  const page = watch(await context.newPage());
  return {
    context,
    page,
    pageErrors,
    consoleErrors,
    newTab: async () => watch(await context.newPage()),
    close: () => context.close(),
  };
}
