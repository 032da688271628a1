// The production build through Firebase's Hosting + Functions emulators (scripts/preview-prod.ts), in Chromium:
// prerendered page, SPA fallback, 404, add to cart, sign up, checkout through the rewrite to the function, the
// simulated payment page (served by the function, same origin) up to its payment step. Every page answer carries the
// headers of firebase.json, and no Content-Security-Policy violation happens on the way.
// The preview uses the run's Auth + Firestore emulators and Chromium (test/e2e/support/e2e.globalSetup.ts): the
// same demo project, already seeded; this file's shopper signs up with an e-mail of its own.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { openFirestore } from '../../scripts/lib/firestoreAdmin';
import { startProductionPreview, type ProductionPreview } from '../../scripts/preview-prod';
import { e2eSkipReason, useE2E } from './support/e2e';
import {
  addWithKeyboard,
  cartButton,
  cartPanel,
  CHECKOUT_FAILED,
  describePage,
  expectHeaderCount,
  fillDeliveryStep,
  settled,
  uniqueEmail,
  visit,
  waitForPayPage,
} from './support/storefront';

const jackets = catalog[0]!;
const jaqueta = jackets.products[0]!;
const PASSWORD = 'segredo123';
/** The line the storefront logs when the checkout's deadline passes. */
const DEADLINE_LOG = /\[createSession\] failed.*no answer in \d+ ms/s;

describe.skipIf(e2eSkipReason())('production preview (Hosting + Functions emulators)', () => {
  const env = useE2E();
  let preview: ProductionPreview;
  beforeAll(async () => {
    const { projectId, authHost, firestoreHost } = env();
    preview = await startProductionPreview({
      emulators: { projectId, authHost, firestoreHost },
      notice: (line) => console.log(`[preview] ${line}`),
    });
  }, 600_000);
  afterAll(async () => {
    await preview?.stop();
  });

  const fetchPage = (path: string) => fetch(`${preview.url}${path}`, { redirect: 'manual' });

  /**
   * Presses "Finalizar Compra" and waits for the function's payment page or for the checkout's message. The
   * message after the deadline is what a shopper meets when the backend is slow (test/faults covers it); any
   * other outcome throws with what the page showed.
   */
  async function finalizePurchase(page: Page): Promise<'pay page' | 'checkout message'> {
    const message = page.getByText(CHECKOUT_FAILED);
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    try {
      await message.waitFor({ state: 'hidden' }); // a press clears an earlier try's message
      return await Promise.any([
        waitForPayPage(page, `${preview.url}/pay/`).then(() => 'pay page' as const),
        message.waitFor({ timeout: 30_000 }).then(() => 'checkout message' as const),
      ]);
    } catch (error) {
      throw new Error(
        `"Finalizar Compra" led to neither the pay page nor the checkout message. The page then: ${await describePage(page)}`,
        { cause: error },
      );
    }
  }

  it('serves prerendered pages, the app shell for app routes and a real 404 for unknown catalog paths', async () => {
    const home = await fetchPage(`/category/${jackets.id}`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('id="club-boot"');
    for (const path of ['/login', '/sign-up', '/checkout', '/payment-confirmation', '/search']) {
      const response = await fetchPage(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain('id="club-boot"');
    }
    for (const path of ['/category/nope', '/product/nope']) {
      const response = await fetchPage(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('id="club-boot"'); // the prerendered not-found page
    }
    expect((await fetchPage('/health')).status).toBe(200); // the function, through the rewrite
  });

  it('renders a product the build did not write in the function, behind the rewrite, with its CDN cache rule', async () => {
    const { projectId, firestoreHost } = env();
    const id = `bone-preview-${Date.now().toString(36)}`;
    const firestore = openFirestore({ kind: 'emulator', projectId, host: firestoreHost });
    const doc = firestore.db.collection('products').doc(id);
    try {
      await doc.set({
        id,
        name: 'Boné Preview Listrado',
        price: 77.7,
        imageUrl: jaqueta.imageUrl,
        categoryId: jackets.id,
        position: 1000,
        searchName: 'bone preview listrado',
      });
      const page = await fetchPage(`/product/${id}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400');
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/); // Hosting's, not the backend's
      const html = await page.text();
      expect(html).toContain('Boné Preview Listrado');
      expect(html).toContain('R$\u00a077,70');
    } finally {
      await doc.delete();
      await firestore.close();
    }
  });

  it('sends the security and cache headers of firebase.json', async () => {
    const page = await fetchPage('/');
    for (const [name, value] of [
      ['strict-transport-security', /max-age=31536000/],
      ['x-content-type-options', /^nosniff$/],
      ['referrer-policy', /^strict-origin-when-cross-origin$/],
      ['cache-control', /no-cache/],
      ['content-security-policy', /script-src 'self' 'sha256-/],
    ] as const) {
      expect(page.headers.get(name), name).toMatch(value);
    }
    const html = await page.text();
    const bundle =
      /src="?(\/[^"\s>]+\.[0-9a-f]{8}\.js)/.exec(html)?.[1] ?? /"(\/[^"]+\.[0-9a-f]{8}\.js)"/.exec(html)?.[1];
    expect(bundle).toBeTruthy();
    const asset = await fetchPage(bundle!);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves sw.js and the manifest with no-cache, and the CSP lets the worker take the page (docs/offline.md)', async () => {
    for (const [path, type] of [
      ['/sw.js', /javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      const response = await fetchPage(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('content-type'), path).toMatch(type);
      expect(response.headers.get('content-security-policy'), path).toMatch(/worker-src 'self'/);
    }
    const pageCsp = (await fetchPage('/')).headers.get('content-security-policy');
    expect(pageCsp).toMatch(/worker-src 'self'/);
    expect(pageCsp).toMatch(/manifest-src 'self'/);
    const context = await env().browser.newContext({ baseURL: preview.url });
    const violations: string[] = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`[csp] ${event.violatedDirective} blocked ${event.blockedURI}`),
      );
    });
    try {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content.Security.Policy|\[csp\]/i.test(message.text())) violations.push(message.text());
      });
      await page.goto('/');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${preview.url}/sw.js`);
    } finally {
      await context.close();
    }
    expect(violations).toEqual([]);
  });

  // Up to the payment step: the purchases themselves are the local build's (journey.ts, deliveryJourney.ts,
  // routes.a11y.ts); the preview adds Hosting's rewrite to the function and firebase.json's CSP.
  it('a shopper checks out through the rewrite to the simulated payment page, with no CSP violation', async () => {
    const context = await env().browser.newContext({ baseURL: preview.url });
    const violations: string[] = [];
    const errors: string[] = [];
    const failed: string[] = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`[csp] ${event.violatedDirective} blocked ${event.blockedURI}`);
      });
    });
    const watch = (page: Page) => {
      page.on('console', (message) => {
        const text = message.text();
        if (/Content.Security.Policy|\[csp\]/i.test(text)) violations.push(text);
        else if (message.type() === 'error') errors.push(`${text} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
    };
    const page = await context.newPage();
    watch(page);
    try {
      await visit(page, '/sign-up');
      await page.getByLabel('Nome', { exact: true }).fill('Maria');
      await page.getByLabel('Sobrenome', { exact: true }).fill('Silva');
      await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('prod'));
      await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirmação de senha', { exact: true }).fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/');

      await visit(page, `/category/${jackets.id}`);
      await addWithKeyboard(page, jaqueta.name);
      await expectHeaderCount(page, 1);
      await cartButton(page).click();
      await cartPanel(page).getByRole('button', { name: 'Ir para o Checkout' }).click();
      await page.waitForURL('**/checkout');
      await settled(page);
      // The function's payment page, on the same origin as the shop.
      if ((await finalizePurchase(page)) === 'checkout message') {
        // The function took longer than the checkout's deadline on a loaded machine: the shopper presses again, and
        // the kept Idempotency-Key makes it the same session. The one console error allowed is the deadline's.
        const deadline = errors.findIndex((line) => DEADLINE_LOG.test(line));
        expect(deadline, `the deadline's console error among ${JSON.stringify(errors)}`).toBeGreaterThanOrEqual(0);
        errors.splice(deadline, 1);
        console.log('[production] the checkout answered after its deadline; pressed "Finalizar Compra" again');
        expect(await finalizePurchase(page)).toBe('pay page');
      }
      await fillDeliveryStep(page, 'Expressa');
      await page.getByRole('heading', { name: 'Pagamento', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Pagar', exact: true }).waitFor();
    } finally {
      await context.close();
    }
    expect(violations).toEqual([]);
    // Chromium asks for /favicon.ico on its own (not a page request: no response event); the shop has none, so
    // Hosting answers 404 and Chromium logs "Failed to load resource" for that URL. Anything else fails.
    expect(failed.filter((line) => line !== '404 /favicon.ico')).toEqual([]);
    expect(
      errors.filter((line) => !(line.startsWith('Failed to load resource') && line.endsWith('/favicon.ico)'))),
    ).toEqual([]);
  });
});
