// Debian's Chromium (never a downloaded one) and the flags below, measured here: without the
// background-networking flags Chromium keeps trying Google's hosts, which a closed network (CI, the tests) refuses.
import { existsSync } from 'node:fs';

/** The full browser: what `npm run bench` measures (Lighthouse and the probes see what a shopper's Chrome does). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * What the tests drive (the e2e project, the backend's pay-page test): Debian's `chromium-headless-shell`, the
 * same Blink and V8 release without the browser's windowing layers, which is also what Playwright itself runs
 * for headless tests. On the e2e project alone it took 55 s of CPU where the full browser took 99 s (every
 * Chromium process sampled, docs/testing.md). Without it, the full browser runs the same tests.
 */
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ??
  (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/**
 * Browser UI a headless run never shows. Chromium 156 builds the omnibox's WebUI popups (Lit apps) in a renderer
 * of their own for every new tab: in a trace of one page load on 2 cores that renderer ran 2.2 s of tasks
 * beside the page under test, whose own tasks (what Lighthouse counts as TBT) it slowed.
 */
export const BROWSER_UI_FEATURES_OFF: readonly string[] = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${BROWSER_UI_FEATURES_OFF.join(',')}`,
];
