// JS and CSS per route, recorded from Chromium's network (not guessed from index.html): each route in a fresh
// context (empty cache), until the page's content is up and the network is idle.
import type { Browser } from 'playwright-core';
import { FIRST_RENDER_PROBE, runtimeCssGzip, trackScriptsAndStyles, waitForContent } from './benchBrowser';

export interface RouteBytes {
  route: string;
  /** JS whose response ended before React's first commit into #root. */
  jsBeforeFirstRender: number;
  /** Every JS file the route loaded. */
  jsTotal: number;
  /** CSS files plus the rules stitches inserted at runtime, gzip -9. */
  css: number;
  files: Array<{ path: string; gzip: number; beforeFirstRender: boolean }>;
}

export interface LazyChunk {
  path: string;
  gzip: number;
  /** The route that first loaded it beyond what `/` had loaded. */
  route: string;
}

export async function measureRoutes(
  browser: Browser,
  baseUrl: string,
  routes: string[],
): Promise<{ routes: RouteBytes[]; lazyChunks: LazyChunk[] }> {
  const results: RouteBytes[] = [];
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(FIRST_RENDER_PROBE);
      // On loopback a deferred chunk can land before React's first commit by luck. To record only what the
      // first render *needs*, every script the HTML does not reference is held until #root has content
      // (or 10 s: a render that waits for a held script shows up as a late first render).
      const rendered = new Promise<void>((resolve) => {
        void page.exposeFunction('__benchRendered', resolve);
        setTimeout(resolve, 10_000).unref();
      });
      let html = '';
      await page.route('**/*', async (request) => {
        const url = new URL(request.request().url());
        if (request.request().resourceType() === 'document') {
          const response = await request.fetch();
          html = await response.text();
          return request.fulfill({ response, body: html });
        }
        if (request.request().resourceType() === 'script' && !html.includes(url.pathname)) await rendered;
        return request.continue();
      });
      const collect = await trackScriptsAndStyles(page);
      await page.goto(new URL(route, baseUrl).href, { waitUntil: 'load' });
      // /checkout logged out shows its message and leaves for /login after 3 s; the content is up before that.
      await waitForContent(page).catch(() => {});
      await page.waitForLoadState('networkidle');
      const firstRender =
        (await page.evaluate(
          () => (window as unknown as { __bench: { firstRender: number | null } }).__bench.firstRender,
        )) ?? Infinity;
      const resources = await collect();
      const js = resources.filter((r) => r.kind === 'js');
      const cssFiles = resources.filter((r) => r.kind === 'css');
      const css = cssFiles.reduce((t, r) => t + r.gzip, 0) + (await runtimeCssGzip(page));
      results.push({
        route,
        jsBeforeFirstRender: js.filter((r) => r.responseEnd <= firstRender).reduce((t, r) => t + r.gzip, 0),
        jsTotal: js.reduce((t, r) => t + r.gzip, 0),
        css,
        files: resources.map((r) => ({ path: r.path, gzip: r.gzip, beforeFirstRender: r.responseEnd <= firstRender })),
      });
    } finally {
      await context.close();
    }
  }
  const home = new Set(results.find((r) => r.route === '/')?.files.map((f) => f.path) ?? []);
  const lazyChunks: LazyChunk[] = [];
  const seen = new Set<string>();
  for (const result of results) {
    for (const file of result.files) {
      if (result.route === '/' ? file.beforeFirstRender : home.has(file.path)) continue;
      if (seen.has(file.path) || !file.path.endsWith('.js')) continue;
      seen.add(file.path);
      lazyChunks.push({ path: file.path, gzip: file.gzip, route: result.route });
    }
  }
  return { routes: results, lazyChunks };
}
