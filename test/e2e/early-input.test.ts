// @vitest-environment node
// Typed input before hydration (docs/requirements.md#search), in Chromium on the shared stack: the page's JavaScript is held back
// (page.route), so the shopper types into the prerendered HTML and presses Enter before React has taken over,
// every time. Then the scripts arrive. Expectations come from seed/seedCatalog.ts, never from the app.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { e2eSkipReason, useE2E } from './support/e2e';
import { hydrated, poll } from './support/storefront';

const field = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: 'Buscar produtos' });
const status = (page: Page) => page.getByRole('main').getByRole('status');
const results = (page: Page) => page.getByRole('list', { name: /^Resultados para/ }).getByRole('heading', { level: 2 });
const sneakers = catalog.find((c) => c.id === 'sneakers')!.products.map((p) => p.name);
const address = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Holds every script of the storefront until `release()`: the prerendered HTML is all the shopper has. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\.js(\?|$)/, async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, held: () => held.length };
}

/** Opens a prerendered page with its scripts held, and marks the document: a reload would lose the mark. */
async function openUnhydrated(page: Page, path: string) {
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await field(page).waitFor();
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await poll(() => scripts.held(), 'the entry script was requested and is held').toBeGreaterThan(0);
  expect(
    await page.evaluate(() => '__clubTakeEarlySearch' in window),
    'not hydrated yet: the early catcher is there',
  ).toBe(true);
  return scripts;
}

describe.skipIf(e2eSkipReason())('typed input before hydration (Chromium, full local stack)', () => {
  const env = useE2E();

  it('search: "tenis" and Enter typed before hydration search "tenis" once, with one history entry, and the field keeps it', async () => {
    const shopper = await env().newShopper({ reducedMotion: true });
    const { page } = shopper;
    try {
      const scripts = await openUnhydrated(page, '/');
      const entries = await page.evaluate(() => window.history.length);
      await field(page).click();
      await page.keyboard.type('tenis');
      await page.keyboard.press('Enter');
      // The browser's own submit (a reload on /search?q=tenis) was stopped: same page, same document.
      expect(address(page)).toBe('/');
      expect(await field(page).inputValue()).toBe('tenis');

      scripts.release();
      await hydrated(page);
      await poll(() => status(page).textContent()).toBe(`${sneakers.length} produtos para “tenis”`);
      expect((await results(page).allTextContents()).sort()).toEqual([...sneakers].sort());
      expect(address(page)).toBe('/search?q=tenis');
      expect(await field(page).inputValue()).toBe('tenis');
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), 'no reload').toBe(
        true,
      );
      // Exactly one entry more, the results' (a second Enter or a second search would have pushed another), and
      // Back returns home.
      expect(await page.evaluate(() => window.history.length)).toBe(entries + 1);
      await page.goBack();
      await poll(() => address(page)).toBe('/');
      expect(shopper.pageErrors).toEqual([]);
    } finally {
      await shopper.close();
    }
  }, 120_000);

  it('search: text typed before hydration without Enter is kept and searched as typed', async () => {
    const shopper = await env().newShopper({ reducedMotion: true });
    const { page } = shopper;
    try {
      const scripts = await openUnhydrated(page, '/');
      await field(page).click();
      await page.keyboard.type('tenis');
      scripts.release();
      await hydrated(page);
      await poll(() => status(page).textContent()).toBe(`${sneakers.length} produtos para “tenis”`);
      expect(address(page)).toBe('/search?q=tenis');
      expect(await field(page).inputValue()).toBe('tenis');
      // Typing on after hydration goes on from the kept text.
      await field(page).press('End');
      await page.keyboard.type(' ');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await poll(() => address(page)).toBe('/search?q=teni');
      expect(await field(page).inputValue()).toBe('teni');
      expect(shopper.pageErrors).toEqual([]);
    } finally {
      await shopper.close();
    }
  }, 120_000);

  it('CEP on a product page: a CEP and Enter typed before hydration are kept and quoted', async () => {
    const product = catalog.find((c) => c.id === 'male')!.products[0]!;
    const shopper = await env().newShopper({ reducedMotion: true });
    const { page } = shopper;
    try {
      const scripts = await openUnhydrated(page, `/product/${product.id}`);
      const cep = page.getByRole('main').getByLabel('Calcular frete', { exact: true });
      await cep.click();
      await page.keyboard.type('20040-002');
      await page.keyboard.press('Enter');
      expect(address(page)).toBe(`/product/${product.id}`);
      scripts.release();
      await hydrated(page);
      await poll(() => page.evaluate(() => window.localStorage.getItem('deliveryCep'))).toContain('20040002');
      await page.getByRole('main').getByText('Econômica').first().waitFor();
      expect(await cep.inputValue()).toBe('20040-002');
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), 'no reload').toBe(
        true,
      );
      expect(shopper.pageErrors).toEqual([]);
    } finally {
      await shopper.close();
    }
  }, 120_000);
});
