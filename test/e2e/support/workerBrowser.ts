// The Chromium of this test worker: launched by the worker's first browser file and kept for the next ones (the
// e2e and faults projects share one module graph per worker). Launched in the worker rather than reached through
// a browser server in vitest's main process: the server relayed every page's protocol traffic through one more
// process, which cost the e2e project about a fifth of its CPU (docs/testing.md). Playwright closes the browser
// when the worker exits; a file closes its own contexts.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../../scripts/lib/chromium';

let launched: Promise<Browser> | undefined;

export function workerBrowser(): Promise<Browser> {
  if (!launched) {
    const launching = chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    // A failed launch is tried again by the next file instead of failing every file after it.
    launching.catch(() => {
      if (launched === launching) launched = undefined;
    });
    launched = launching;
  }
  return launched;
}

/** Closes what a file opened in the worker's browser (a failed test may leave a context open). */
export async function closeContextsOf(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close().catch(() => {})) ?? []);
}
