// Every page the build prerenders from the seed catalog (/, /explore, each category, each product, and the 404
// page) hydrates cleanly. The build's own prerender (scripts/prerender.ts over the seed catalog in memory, in a
// process of its own: test/ui/support/prerenderSeed.ts) writes the pages; each is loaded into the document, its
// inline scripts run as a browser runs them, and it is hydrated the way src/main.tsx does it (readBootData,
// createServices with the embedded snapshot, hydrateRoot with onRecoverableError), over a cart and a CEP saved in
// localStorage. For each page: no recoverable (hydration) error, no console error or warning, the server's <main>
// kept (not rendered again), and the page's content (names and prices written out from seed/seedCatalog.ts) still
// there once settled; a product page's CEP form shows the saved CEP and its options only once hydrated. Chromium hydrates a representative set of the same pages from the real build
// (test/e2e/prerenderedPages.ts). Teeth, checked once and reverted: a `typeof window` branch in the product card's name
// (another text on the client) failed the 46 pages that show product cards with a recoverable error, and one in
// the footer's nav `title` (an attribute only) failed all 48 with React's console error.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { memoryAuth } from '../../src/adapters/auth/memoryAuth';
import { createLocalStorageCart } from '../../src/adapters/cartStorage/localStorageCartStorage';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { memoryCheckout } from '../../src/adapters/checkout/memoryCheckout';
import { createLocalStorageDeliveryCep } from '../../src/adapters/deliveryCep/localStorageDeliveryCep';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import { memoryUsers } from '../../src/adapters/users/memoryUsers';
import { readBootData } from '../../src/bootData';
import { deferAuth } from '../../src/deferredAuth';
import { takeEarlyClicks } from '../../src/earlyClicks';
import { App } from '../../src/ui/App';
import { createServices } from '../../src/ui/createServices';
import { settled } from './support/renderApp';
import { PARCEL_SHELL as SHELL } from '../support/parcelShell';
import { createBrowserNavigation } from '../../src/adapters/navigation/browserNavigation';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ORIGIN = 'https://loja.example';

/** "R$ 1.200,00", written out here (no-break space after R$ read as a plain space), not by the code under test. */
function brl(reais: number): string {
  const [whole, cents] = reais.toFixed(2).split('.') as [string, string];
  return `R$ ${whole.replace(/\B(?=(\d{3})+$)/g, '.')},${cents}`;
}

interface PageCase {
  /** Where the shopper is. */
  path: string;
  /** The prerendered file served there. */
  file: string;
  /** Text the hydrated page must still show. */
  shows: string[];
  /** The page's <h1>, when it names the page. */
  heading?: string;
}

const pages: PageCase[] = [
  { path: '/', file: 'index.html', shows: catalog.map((c) => c.displayName) },
  {
    path: '/explore',
    file: 'explore/index.html',
    shows: catalog.flatMap((c) => [c.displayName, c.products[0]!.name, brl(c.products[0]!.price)]),
  },
  ...catalog.map((c) => ({
    path: `/category/${c.id}`,
    file: `category/${c.id}/index.html`,
    shows: [c.displayName, ...c.products.flatMap((p) => [p.name, brl(p.price)])],
  })),
  ...catalog.flatMap((c) =>
    c.products.map((p) => ({
      path: `/product/${p.id}`,
      file: `product/${p.id}/index.html`,
      shows: [c.displayName, p.name, brl(p.price)],
      heading: p.name,
    })),
  ),
  // The one 404 file, served for every unknown catalog path.
  {
    path: '/category/nao-existe',
    file: '404.html',
    shows: ['Página não encontrada'],
    heading: 'Página não encontrada',
  },
];
const SAVED_CART = [
  { id: 'blazer-bege', name: 'Blazer Bege', imageUrl: '/images/blazer-bege.svg', price: 400, quantity: 3 },
];
/** A CEP saved on an earlier visit (São Paulo): product pages quote it at once, after hydration only. */
const SAVED_CEP = '01310100';

/**
 * What the browser does with the page before the app starts: it runs the inline scripts in document order (the
 * early-click catcher in <head>). innerHTML runs no script and this happy-dom evaluates none, so each is run here,
 * over this document's globals. Not the loader of the app's module scripts (it runs when the browser is idle
 * after `load`): this test plays main.tsx itself.
 */
function runInlineScripts(): string[] {
  const globalsBefore = new Set(Object.keys(globalThis));
  for (const script of [...document.querySelectorAll('script')]) {
    if (script.type !== '' || /\.type="module"/.test(script.text)) continue;
    new Function(script.text)(); // the page's own inline script, over this document's globals
  }
  expect(typeof window.__clubTakeEarlyClicks, 'the early-click script ran').toBe('function');
  // Every Suspense boundary is written in place (src/prerender.tsx): none waits for a script to reveal it.
  expect(document.body.innerHTML, 'a boundary left pending in the HTML').not.toMatch(/<!--\$[?~]-->/);
  // The globals the scripts made, for the next page to start without them as in a new window.
  return Object.keys(globalThis).filter((key) => !globalsBefore.has(key));
}

let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'club-hydration-'));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'test/ui/support/prerenderSeed.ts', dist, ORIGIN, SHELL],
    { cwd: REPO },
  );
  // Every page the build writes is one case below: the catalog's pages and the 404 page.
  expect((JSON.parse(stdout) as { pages: number }).pages).toBe(pages.length);
  // A ceiling, not a measurement: the prerender's own process compiles the app with tsx, slow on a busy machine.
}, 120_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

describe(`every prerendered page (${pages.length}) hydrates like src/main.tsx does it`, () => {
  it.each(pages)('$path', async (page) => {
    const consoleLines: string[] = [];
    const spies = (['error', 'warn'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        const line = args.map(String).join(' ');
        // React's dev-build note when a file earlier in this shared worker server-rendered the same contexts
        // (vitest.config.ts says why it says nothing about the app).
        if (!line.startsWith('Detected multiple renderers concurrently'))
          consoleLines.push(`${level}: ${line.slice(0, 500)}`);
      }),
    );
    const logError = (message: string, error: unknown) => console.error(message, error);
    const recoverable: string[] = [];

    const parsed = new DOMParser().parseFromString(readFileSync(join(dist, page.file), 'utf8'), 'text/html');
    document.head.innerHTML = parsed.head.innerHTML;
    document.body.innerHTML = parsed.body.innerHTML;
    window.history.replaceState(null, '', page.path);
    localStorage.setItem('cartProducts', JSON.stringify(SAVED_CART));
    localStorage.setItem('deliveryCep', SAVED_CEP);
    let scriptGlobals: string[] = [];
    cleanup = () => {
      for (const key of scriptGlobals) delete (globalThis as Record<string, unknown>)[key];
      takeEarlyClicks(window); // the catcher's listener on document, had hydration not happened
      localStorage.clear();
      document.head.innerHTML = '';
      document.body.innerHTML = '';
      for (const spy of spies) spy.mockRestore();
    };
    scriptGlobals = runInlineScripts();

    // main.tsx's decision to hydrate: the HTML is there and the embedded catalog is valid and for this path.
    const root = document.getElementById('root')!;
    const boot = readBootData(document, logError);
    expect(boot, 'embedded boot data').not.toBeNull();
    expect(root.hasChildNodes()).toBe(true);
    expect(boot!.notFound || boot!.path === window.location.pathname).toBe(true);
    const serverMain = root.querySelector('main');
    expect(serverMain, 'the server rendered a <main>').not.toBeNull();

    const services = createServices(
      {
        // A lazy sign-in port, as main.tsx's deferred Firebase Auth: unknown during hydration.
        auth: deferAuth(
          async () => memoryAuth(),
          (error) => logError('[auth] the sign-in code could not be loaded', error),
        ),
        users: memoryUsers(),
        catalog: memoryCatalog(catalog),
        checkout: memoryCheckout(),
        orders: memoryOrders(),
        cartStorage: createLocalStorageCart({ storage: window.localStorage }),
        deliveryCep: createLocalStorageDeliveryCep({ storage: window.localStorage }),
        navigation: createBrowserNavigation(window),
      },
      { logError, navigateToLogin: () => {}, redirectTo: () => {} },
      { catalogSnapshot: boot!.catalog },
    );
    let reactRoot: Root | undefined;
    const clearPage = cleanup;
    cleanup = () => {
      if (reactRoot) act(() => reactRoot!.unmount());
      services.stop();
      clearPage();
    };
    // After hydration main.tsx replays the clicks caught before it (none here; taking them also removes the
    // catcher's listener) and reads the live catalog: here the same seed catalog, in memory.
    const earlyClicks: string[][] = [];
    const onHydrated = () => {
      earlyClicks.push(takeEarlyClicks(window));
      services.catalog.send({ type: 'catalog.refresh' });
    };
    await act(async () => {
      reactRoot = hydrateRoot(
        root,
        <App
          services={services}
          notFoundPath={boot!.notFound ? window.location.pathname : null}
          onHydrated={onHydrated}
        />,
        {
          onRecoverableError: (error) => recoverable.push(String(error).slice(0, 500)),
        },
      );
    });
    await settled();

    expect(earlyClicks, 'hydrated once, no early click').toEqual([[]]);
    expect(recoverable, 'recoverable (hydration) errors').toEqual([]);
    expect(consoleLines, 'console errors and warnings').toEqual([]);
    // Hydrated, not thrown away and rendered again on the client.
    expect(root.querySelector('main')).toBe(serverMain);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    const shown = (root.textContent ?? '').replace(/\u00a0/g, ' ');
    for (const text of page.shows) expect(shown, page.path).toContain(text);
    if (page.heading) expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(page.heading);
    // The saved cart, restored once hydrated (the server's HTML has an empty cart).
    expect(screen.getByRole('button', { name: 'Carrinho (3 itens)' })).toBeTruthy();
    // A product page's estimator: the server drew an empty CEP form; hydrated, it shows the saved CEP, quoted.
    if (page.path.startsWith('/product/')) {
      // The estimator is the delivery chunk's: its boundary hydrates when the chunk arrives, after the page's.
      const field = screen.getByRole('textbox', { name: 'Calcular frete' }) as HTMLInputElement;
      await waitFor(() => expect(field.value).toBe('01310-100'), { timeout: 10_000 });
      expect(await screen.findByRole('group', { name: 'Opções de entrega' })).toBeTruthy();
    }
  });
});
