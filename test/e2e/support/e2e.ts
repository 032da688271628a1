// The end-to-end environment: the whole local stack (Firestore + Auth emulators with the rules, the seeded
// catalog, the backend with the simulated payment provider, the storefront built with this stack's addresses
// into its own dist folder and served by the static server) on free ports, plus headless Chromium.
// One environment serves every e2e describe (they are registered by test/e2e/storefront.test.ts).
// Locally a machine without Chromium, gcloud's Firestore emulator or Java skips with the reason; under CI=true the same
// situation fails the suite.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { checkEmulatorPrerequisites, EmulatorPrerequisiteError } from '../../../scripts/lib/emulators';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium';
import { ROOT, startLocalStack, type LocalStack } from '../../../scripts/lib/stack';

export const SCREENSHOT_DIR = join(ROOT, 'test-results', 'screenshots');
const CI = process.env.CI === 'true' || process.env.CI === '1';

/** Why the e2e suite cannot run on this machine, or null (always null under CI: then it must run and fail). */
export function e2eUnavailable(): string | null {
  if (CI) return null;
  if (!existsSync(CHROMIUM_PATH)) return `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`;
  try {
    checkEmulatorPrerequisites();
  } catch (error) {
    if (error instanceof EmulatorPrerequisiteError) return error.message;
    throw error;
  }
  return null;
}

export interface E2E {
  stack: LocalStack;
  browser: Browser;
  /** http://localhost:<port> of the built storefront. */
  storefront: string;
  backend: string;
  /** A fresh browser context (own localStorage and IndexedDB: a new shopper) with an error log. */
  newShopper(options?: { width?: number; height?: number; reducedMotion?: boolean }): Promise<Shopper>;
  stop(): Promise<void>;
}

export interface Shopper {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors; console errors are kept apart (the spec logs some failures on purpose). */
  pageErrors: string[];
  consoleErrors: string[];
  /** A page of the same context (a second tab sharing storage and the session). */
  newTab(): Promise<Page>;
  close(): Promise<void>;
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

export async function startE2E(log: (line: string) => void = (line) => console.log(`[e2e] ${line}`)): Promise<E2E> {
  const started = Date.now();
  // Chromium launches while the stack starts; if it cannot, the stack stops at once instead of finishing.
  const abort = new AbortController();
  const browserReady = chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  browserReady.catch(() => abort.abort());
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      signal: abort.signal,
      // The bundle bakes this stack's ports in: its own dist and Parcel cache, never `npm start`'s.
      distDir: join(ROOT, '.parcel-e2e', 'dist'),
      cacheDir: join(ROOT, '.parcel-e2e', 'cache'),
      backendEnv: { LOG_LEVEL: 'warn' },
      notice: log,
    });
  } catch (error) {
    // The browser's own error says more than "the stack was stopped while it was starting".
    const browser = await browserReady.catch((launchError: unknown) => {
      throw launchError;
    });
    await browser.close().catch(() => {});
    throw error;
  }
  const browser = await browserReady.catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  const storefront = stack.urls.storefront!;
  const backend = stack.urls.backend!;
  log(`stack and Chromium ready in ${seconds(started)} s (storefront ${storefront}, backend ${backend})`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  const newShopper = async ({ width = 1280, height = 800, reducedMotion = false } = {}): Promise<Shopper> => {
    const context = await browser.newContext({
      viewport: { width, height },
      locale: 'pt-BR',
      baseURL: storefront,
      reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
    });
    context.setDefaultTimeout(10_000);
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
  };

  return {
    stack,
    browser,
    storefront,
    backend,
    newShopper,
    async stop() {
      await browser.close().catch(() => {});
      await stack.stop();
    },
  };
}
