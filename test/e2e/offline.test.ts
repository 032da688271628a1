// @vitest-environment node
// Installable and usable offline (docs/offline.md), in Chromium against the run's local stack: the service worker
// (dist/sw.js, scripts/build-sw.ts) takes the page, the network goes away (context.setOffline), and the catalog
// pages, a visited product page and the cart still work; /checkout says it needs a connection and reaches the pay
// page once it is back; a new deploy (sw.js rewritten in a copy of the build served by this file's own static server) is
// announced. Texts are written out here, not imported from the components that show them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { startStaticServer } from '../../scripts/lib/staticServer';
import { e2eSkipReason, useE2E } from './support/e2e';
import {
  addAndGoToCheckout,
  addWithKeyboard,
  expectHeaderCount,
  hydrated,
  poll,
  savedCart,
  visit,
  waitForPayPage,
} from './support/storefront';

const jackets = catalog.find((category) => category.id === 'jackets')!;
const [couro, jeans] = jackets.products;
const OFFLINE = 'Você está offline';

/** The worker has installed (its precache is complete), activated and taken this page. */
async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
}

/** Paths the runtime cache of product pages holds (scripts/build-sw.ts: RUNTIME_CACHES.products). */
const cachedProductPages = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open('club-products')).keys()).map((request) => new URL(request.url).pathname),
  );

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe.skipIf(e2eSkipReason())('installable and usable offline (Chromium, service worker)', () => {
  const env = useE2E();

  it('offline, /, /explore, /category/jackets and a visited product page reload with their products; the cart works and persists; the shop is installable', async () => {
    const shopper = await env().newShopper({ serviceWorkers: 'allow' });
    const { page, context } = shopper;
    try {
      await page.goto('/');
      await controlledByWorker(page);
      // A product page is cached as visited (stale-while-revalidate), not precached.
      const product = `/product/${couro!.id}`;
      await page.goto(product);
      await hydrated(page);
      await poll(() => cachedProductPages(page), 'the product page in the runtime cache').toContain(product);

      // Installability: the manifest parses, its icons load at their sizes, the page links it, the worker controls it.
      const manifestResponse = await context.request.get('/manifest.webmanifest');
      expect(manifestResponse.status()).toBe(200);
      expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
      const manifest = (await manifestResponse.json()) as {
        name: string;
        short_name: string;
        lang: string;
        display: string;
        start_url: string;
        theme_color: string;
        background_color: string;
        icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
      };
      expect(manifest).toMatchObject({
        name: 'Club Clothing',
        lang: 'pt-BR',
        display: 'standalone',
        start_url: '/',
        theme_color: '#212529',
        background_color: '#212529',
      });
      expect(manifest.short_name.length).toBeGreaterThan(0);
      expect(manifest.icons.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512', '512x512']);
      expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
      for (const icon of manifest.icons) {
        const response = await context.request.get(icon.src);
        expect(response.status(), icon.src).toBe(200);
        expect(response.headers()['content-type'], icon.src).toBe('image/png');
        const { width, height } = pngSize(await response.body());
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      }
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      expect(await page.locator('link[rel="icon"]').getAttribute('type')).toBe('image/png');
      const worker = await context.request.get('/sw.js');
      expect(worker.status()).toBe(200);
      expect(worker.headers()['cache-control']).toBe('no-cache');
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
        new URL('/sw.js', env().storefront).href,
      );

      await context.setOffline(true);
      // Home shows the categories; the others their products.
      for (const [path, names] of [['/', catalog.map((category) => category.displayName)]] as const) {
        await page.goto(path);
        await hydrated(page);
        await page.getByText(OFFLINE).waitFor();
        for (const name of names)
          await page
            .getByRole('link', { name: new RegExp(name) })
            .first()
            .waitFor();
      }
      const pages: Array<[string, string[]]> = [
        ['/explore', catalog.map((category) => category.products[0]!.name)],
        [`/category/${jackets.id}`, jackets.products.map((p) => p.name)],
        [product, [couro!.name]],
      ];
      for (const [path, names] of pages) {
        await page.goto(path);
        await hydrated(page);
        await page.getByText(OFFLINE).waitFor();
        for (const name of names) await page.getByText(name, { exact: true }).first().waitFor();
        expect(new URL(page.url()).pathname, path).toBe(path);
      }

      // The cart is local: an add offline is saved and survives a reload offline.
      await page.goto(`/category/${jackets.id}`);
      await hydrated(page);
      await addWithKeyboard(page, jeans!.name);
      await expectHeaderCount(page, 1, 'after the add offline');
      await page.reload();
      await hydrated(page);
      await expectHeaderCount(page, 1, 'after a reload offline');
      expect((await savedCart(page))?.map((item) => [item.id, item.quantity])).toEqual([[jeans!.id, 1]]);

      await context.setOffline(false);
      await poll(() => page.getByText(OFFLINE).count(), 'the offline banner goes away').toBe(0);
      expect(shopper.pageErrors).toEqual([]);
    } finally {
      await shopper.close();
    }
  }, 180_000);

  it('/checkout offline says it needs a connection; back online, "Finalizar Compra" reaches the pay page', async () => {
    // Signed in with an account made on the Auth emulator; the purchases themselves are journey.ts's,
    // deliveryJourney.ts's and routes.a11y.ts's.
    const shopper = await env().newShopper({ serviceWorkers: 'allow', account: await env().createAccount('offline') });
    const { page, context } = shopper;
    try {
      await visit(page, '/');
      await controlledByWorker(page);
      await addAndGoToCheckout(page, jackets.id, couro!.name);

      await context.setOffline(true);
      await page.getByText(OFFLINE).waitFor();
      await page
        .getByText('Sem conexão com a internet: Finalizar Compra precisa de conexão. Seu carrinho continua salvo.')
        .waitFor();
      // Reloaded offline, the shell comes from the worker, and the page says what is missing.
      await page.reload();
      await page.getByText('Não foi possível carregar esta página. Verifique sua conexão e tente novamente.').waitFor();

      await context.setOffline(false);
      // The page appears by itself once the connection is back, and pays.
      const finish = page.getByRole('button', { name: 'Finalizar Compra' });
      await finish.waitFor();
      await poll(
        () => page.getByText('Sem conexão com a internet', { exact: false }).count(),
        'the connection notice goes away',
      ).toBe(0);
      await finish.click();
      await waitForPayPage(page, env().backend);
      await page.getByRole('heading', { level: 1, name: 'Entrega' }).waitFor();
      expect(shopper.pageErrors).toEqual([]);
    } finally {
      await shopper.close();
    }
  }, 180_000);

  it('a new deploy while the tab is open shows "Nova versão disponível", never during a checkout; "Atualizar" loads it', async () => {
    // A deploy of our own: a copy of the build (without the .br/.gz the stack's server wrote) on another port.
    const root = mkdtempSync(join(tmpdir(), 'club-offline-'));
    const dist = join(root, 'dist');
    cpSync(env().distDir, dist, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
    const server = await startStaticServer({ root: dist, port: 0, precompress: false });
    const shopper = await env().newShopper({ serviceWorkers: 'allow' });
    const { page } = shopper;
    try {
      await page.goto(`${server.url}/`);
      await controlledByWorker(page);
      await hydrated(page);
      const banner = page.getByText('Nova versão disponível');
      expect(await banner.count()).toBe(0);

      // The next build: a new sw.js (any byte changed makes it a new worker), found on the update check.
      const swFile = join(dist, 'sw.js');
      writeFileSync(swFile, `${readFileSync(swFile, 'utf8')}\n// a new build\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await banner.waitFor({ timeout: 60_000 });
      expect(await page.getByRole('status').filter({ hasText: 'Nova versão disponível' }).count()).toBe(1);

      // On /checkout the banner waits (the code never changes under an open checkout), and comes back after it.
      await page.evaluate(() => window.history.pushState(null, '', '/checkout'));
      await poll(() => banner.count(), 'no banner on /checkout').toBe(0);
      await page.evaluate(() => window.history.pushState(null, '', '/'));
      await banner.waitFor();

      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Atualizar' }).click()]);
      await controlledByWorker(page);
      await poll(
        () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null),
        'no worker left waiting',
      ).toBe(false);
      await hydrated(page);
      expect(await banner.count()).toBe(0);
      expect(shopper.pageErrors).toEqual([]);
    } finally {
      await shopper.close();
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 180_000);
});
