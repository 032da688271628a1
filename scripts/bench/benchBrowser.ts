// Chromium (Debian's, never a downloaded one) through playwright-core, with the flags of scripts/lib/chromium.ts,
// and the in-page probes the browser measurements share.
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';
import { gzipSize } from './bundles';
import { waitForQuietBrowser } from './quietBrowser';

export async function launchChromium(): Promise<Browser> {
  // Loopback only: anything else fails to resolve, so a stray outside request shows up as an error.
  const args = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args });
  // Measured once the browser has finished starting (scripts/bench/quietBrowser.ts says why).
  await waitForQuietBrowser(process.pid);
  return browser;
}

/**
 * Records, from the first byte of the document, when #root first gets content (React's first commit) and
 * what was fetched. `window.__bench.firstRender` is a performance.now() timestamp.
 */
export const FIRST_RENDER_PROBE = `
  window.__bench = { firstRender: null };
  new MutationObserver((_, observer) => {
    const root = document.getElementById('root');
    if (root && root.childElementCount > 0) {
      window.__bench.firstRender = performance.now();
      observer.disconnect();
      if (typeof window.__benchRendered === 'function') window.__benchRendered();
    }
  }).observe(document, { childList: true, subtree: true });
`;

export interface LoadedResource {
  url: string;
  path: string;
  kind: 'js' | 'css';
  gzip: number;
  /** performance.now() when the response ended. */
  responseEnd: number;
}

/** JS and CSS fetched by the page so far, sized as gzip -9 of the decoded bodies the network delivered. */
export async function trackScriptsAndStyles(page: Page): Promise<() => Promise<LoadedResource[]>> {
  const bodies = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    if (!response.ok()) return;
    bodies.set(
      response.url(),
      response.body().then(gzipSize, () => 0),
    );
  });
  return async () => {
    const timing = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        name: e.name,
        responseEnd: e.responseEnd,
      })),
    );
    const ends = new Map(timing.map((t) => [t.name, t.responseEnd]));
    const out: LoadedResource[] = [];
    for (const [url, size] of bodies) {
      const path = new URL(url).pathname;
      out.push({
        url,
        path,
        kind: /\.css$/.test(path) ? 'css' : 'js',
        gzip: await size,
        responseEnd: ends.get(url) ?? Number.NaN,
      });
    }
    return out.sort((a, b) => a.responseEnd - b.responseEnd);
  };
}

/** gzip -9 of every CSS rule in the page's style sheets (stitches inserts its rules at runtime). */
export async function runtimeCssGzip(page: Page): Promise<number> {
  const css = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => {
        try {
          return [...sheet.cssRules].map((rule) => rule.cssText);
        } catch {
          return [];
        }
      })
      .join('\n'),
  );
  return gzipSize(css);
}

/** Waits until the loading overlay has gone (auth known and the page's data loaded). */
export async function waitForContent(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    // A prerendered page has content before it works: also wait for hydration (src/earlyClicks.ts's catcher gone).
    () =>
      document.getElementById('root')?.childElementCount &&
      !document.querySelector('[data-testid="loading-overlay"]') &&
      !('__clubTakeEarlyClicks' in window),
    undefined,
    { timeout },
  );
}

export const median = (values: number[]): number => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
