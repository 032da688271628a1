// The catalog as HTML (docs/requirements.md#catalog-pages), in Chromium against the full local stack: the pages work without JavaScript,
// hydrate without a single error, swap fresh Firestore data in, answer 404 for unknown catalog paths, and an
// add-to-cart click made before the page is interactive is kept. Registered by journeys.test.ts.
// Hydration: Chromium loads a representative set of the built pages (/, /explore, every category, the first
// product of each, the 404 page); every prerendered page, each product included, is hydrated the way main.tsx
// does it in test/ui/hydration.test.tsx (happy-dom, the build's prerender of the seed catalog).
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { openFirestore } from '../../scripts/lib/firestoreAdmin';
import type { E2E } from './support/e2e';
import { layoutShifts, watchLayoutShifts } from './support/layoutShifts';
import { cartButton, hydrated, poll, savedCart } from './support/storefront';

const jackets = catalog.find((c) => c.id === 'jackets')!;
const jaqueta = jackets.products[0]!; // Jaqueta de Couro Preta, R$ 500,00
const blazer = jackets.products[1]!; // Blazer Bege, R$ 400,00

/** What a shopper reads: "R$ 500,00" written out here, not formatted by the code under test. */
const SEEN_PRICES: Record<string, string> = { [jaqueta.id]: 'R$ 500,00', [blazer.id]: 'R$ 400,00' };

/** Words React prints when hydration had to repair the server's HTML (React 19, dev and production builds). */
const HYDRATION_TROUBLE = /hydrat|Minified React error #(418|419|421|422|423|425)|\[hydration\]/i;

/** Every page the sitemaps list: /sitemap.xml is the backend's index (server/render/sitemap.ts) of sitemaps. */
async function pathsFromSitemap(e2e: E2E): Promise<string[]> {
  const locs = async (path: string) =>
    [...(await (await fetch(`${e2e.storefront}${path}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!.replace(/&amp;/g, '&')),
    );
  const paths: string[] = [];
  for (const sitemap of await locs('/sitemap.xml'))
    paths.push(...(await locs(`${sitemap.pathname}${sitemap.search}`)).map((url) => url.pathname));
  return paths;
}

/** The page's main text, with the no-break space formatBRL puts after R$ read as a plain space. */
const text = async (page: Page) => ((await page.locator('main').textContent()) ?? '').replace(/\u00a0/g, ' ');

/**
 * Without JavaScript: the page's <main> is on screen (not in a hidden segment that only a script would move into
 * place) and no loading overlay is there (nothing would ever remove it). Then its text, as `text`.
 */
async function shownWithoutScripts(page: Page): Promise<string> {
  expect(await page.getByTestId('loading-overlay').count(), `${page.url()}: a loading overlay`).toBe(0);
  expect(await page.locator('main').count(), `${page.url()}: one <main>`).toBe(1);
  expect(await page.locator('main').isVisible(), `${page.url()}: <main> visible`).toBe(true);
  return text(page);
}

export function registerPrerender(env: () => E2E) {
  describe('catalog pages as HTML (prerendered at build time, hydrated)', () => {
    it('without JavaScript, /, /explore, /category/jackets and a product page show their products, names and R$ prices', async () => {
      const context = await env().browser.newContext({ javaScriptEnabled: false, baseURL: env().storefront });
      try {
        const page = await context.newPage();
        await page.goto('/');
        await shownWithoutScripts(page);
        for (const category of catalog)
          await expect(
            page
              .getByRole('link', { name: new RegExp(category.displayName) })
              .first()
              .isVisible(),
          ).resolves.toBe(true);

        await page.goto('/explore');
        const explore = await shownWithoutScripts(page);
        expect(explore).toContain(jaqueta.name);
        expect(explore).toContain(SEEN_PRICES[jaqueta.id]);

        await page.goto('/category/jackets');
        const category = await shownWithoutScripts(page);
        expect(category).toContain('Jaquetas');
        for (const product of jackets.products) expect(category).toContain(product.name);
        expect(category).toContain(SEEN_PRICES[blazer.id]);

        await page.goto(`/product/${blazer.id}`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Blazer Bege');
        const product = await shownWithoutScripts(page);
        expect(product).toContain('R$ 400,00');
        expect(product).toContain('Você também pode gostar');
        expect(await page.getByRole('navigation', { name: 'Trilha de navegação' }).innerText()).toMatch(
          /Início\s*Jaquetas\s*Blazer Bege/,
        );
      } finally {
        await context.close();
      }
    });

    it('/, /explore, a category, a product and the 404 page hydrate with zero errors or warnings (every page: test/ui/hydration.test.tsx)', async () => {
      // The sitemaps list the static pages and every category once (products: from the `products` collection,
      // test/server/render.test.ts); Chromium visits one page of each kind (the other categories' and products'
      // pages are the same page over other data, hydrated one by one in test/ui/hydration.test.tsx).
      const paths = await pathsFromSitemap(env());
      expect(new Set(paths).size, 'no page listed twice').toBe(paths.length);
      for (const path of ['/', '/explore', ...catalog.map((c) => `/category/${c.id}`)])
        expect(paths, 'a catalog page is in the sitemap').toContain(path);
      const visited = ['/', '/explore', `/category/${catalog[0]!.id}`, `/product/${catalog[0]!.products[0]!.id}`];
      const shopper = await env().newShopper();
      const warnings: string[] = [];
      shopper.page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error')
          warnings.push(`${message.type()}: ${message.text()}`);
      });
      try {
        for (const path of [...visited, '/category/nao-existe']) {
          await shopper.page.goto(path);
          await hydrated(shopper.page);
          await expect(shopper.page.locator('#root').innerHTML()).resolves.not.toBe('');
        }
        // A 404 document is a console error of Chromium's own ("Failed to load resource"), nothing else may be.
        const unexpected = [...warnings, ...shopper.pageErrors].filter(
          (line) => !/Failed to load resource.*404/.test(line),
        );
        expect(
          unexpected.filter((line) => HYDRATION_TROUBLE.test(line)),
          'hydration errors',
        ).toEqual([]);
        expect(unexpected, 'console errors and warnings').toEqual([]);
      } finally {
        await shopper.close();
      }
    }, 90_000);

    it('answers 404 with the not-found page for unknown /category/x and /product/x, and the SPA shell for app routes', async () => {
      for (const path of ['/category/nao-existe', '/product/nao-existe']) {
        const response = await fetch(`${env().storefront}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).toContain('Página não encontrada');
      }
      const login = await fetch(`${env().storefront}/login`);
      expect(login.status).toBe(200);
      expect(await login.text()).not.toContain('club-boot');
      const product = await fetch(`${env().storefront}/product/${jaqueta.id}`);
      expect(product.status).toBe(200);
      expect(await product.text()).toContain('Jaqueta de Couro Preta');
    });

    it('swaps in a price changed in Firestore after the build, once hydrated; a failed refresh keeps the prerendered page', async () => {
      const { projectId, firestoreHost } = env();
      const admin = openFirestore({ kind: 'emulator', projectId, host: firestoreHost });
      const document = admin.db.collection('categories').doc('jackets');
      const original = (await document.get()).data()!;
      const repriced = (original.products as Array<{ id: string; price: number }>).map((p) =>
        p.id === blazer.id ? { ...p, price: 444.4 } : p,
      );
      await document.update({ products: repriced });
      const shopper = await env().newShopper();
      try {
        // The HTML still has the build's price; the live read replaces it after hydration.
        expect(await (await fetch(`${env().storefront}/product/${blazer.id}`)).text()).toMatch(/R\$\u00a0400,00/);
        await shopper.page.goto(`/product/${blazer.id}`);
        await hydrated(shopper.page);
        await poll(() => text(shopper.page), 'fresh price shown').toContain('R$ 444,40');

        // Firestore unreachable: the page keeps what the build rendered, with no error on screen.
        const offline = await env().newShopper();
        try {
          await offline.page.route(`http://${firestoreHost}/**`, (route: Route) => route.abort('connectionrefused'));
          await offline.page.goto('/category/jackets');
          await hydrated(offline.page);
          await offline.page.waitForTimeout(500); // let the refused read settle
          const shown = await text(offline.page);
          for (const product of jackets.products) expect(shown).toContain(product.name);
          expect(shown).toContain('R$ 400,00');
          expect(await offline.page.getByRole('alert').count()).toBe(0);
        } finally {
          await offline.close();
        }
      } finally {
        await document.set(original);
        await shopper.close();
        await admin.close();
      }
    });

    it('keeps an "Adicionar ao carrinho" click made while the scripts are still downloading (replayed once after hydration)', async () => {
      const shopper = await env().newShopper({ width: 375, height: 800 });
      let releaseScripts!: () => void;
      const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
      try {
        // The app's scripts are held back: a slow phone on a slow network. Every hashed .js: Parcel names the
        // entry bundle after the checkout's folder (main.<hash>.js in a folder called main, tmp.<x>.<hash>.js in a
        // fresh clone under /tmp), and the lazy chunks are only asked for once the entry runs.
        await shopper.page.route(/\/[^/]+\.[0-9a-f]{8}\.js$/, async (route) => {
          await scriptsHeld;
          await route.continue();
        });
        await shopper.page.goto(`/product/${jaqueta.id}`, { waitUntil: 'commit' });
        const add = shopper.page.getByRole('button', { name: 'Adicionar ao carrinho', exact: true });
        await add.waitFor();
        expect(await shopper.page.evaluate(() => '__clubTakeEarlyClicks' in window), 'not hydrated yet').toBe(true);
        await add.click();
        releaseScripts();
        await hydrated(shopper.page);
        await poll(() => cartButton(shopper.page).getAttribute('aria-label'), 'header count').toBe('Carrinho (1 item)');
        await poll(() => savedCart(shopper.page)).toEqual([
          { id: jaqueta.id, name: 'Jaqueta de Couro Preta', imageUrl: jaqueta.imageUrl, price: 500, quantity: 1 },
        ]);
        // And after hydration the same button works the normal way.
        await add.click();
        await poll(() => cartButton(shopper.page).getAttribute('aria-label')).toBe('Carrinho (2 itens)');
      } finally {
        releaseScripts();
        await shopper.close();
      }
    });

    it('restores the header cart count after hydration without any layout shift', async () => {
      const shopper = await env().newShopper({ width: 375, height: 800 });
      try {
        await shopper.context.addInitScript(() => {
          localStorage.setItem(
            'cartProducts',
            JSON.stringify([
              { id: 'blazer-bege', name: 'Blazer Bege', imageUrl: '/images/blazer-bege.svg', price: 400, quantity: 12 },
            ]),
          );
        });
        // Installed before the page's own code, so a shift during parsing is seen too.
        await shopper.context.addInitScript(watchLayoutShifts);
        await shopper.page.goto('/category/jackets');
        await hydrated(shopper.page);
        await poll(() => cartButton(shopper.page).getAttribute('aria-label')).toBe('Carrinho (12 itens)');
        expect(await layoutShifts(shopper.page)).toEqual([]);
      } finally {
        await shopper.close();
      }
    });
  });
}
