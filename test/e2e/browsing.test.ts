// @vitest-environment node
// Sort and price filters (docs/requirements.md#browse) in Chromium, on the full local stack: sorting and price bands on /category/jackets and on
// /search?q=jaqueta. Every expectation is read from the cards in the DOM (their prices and names) or from
// seed/seedCatalog.ts, never from the app's own functions.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { axeViolations } from './support/axe';
import { e2eSkipReason, useE2E, type Shopper } from './support/e2e';
import { layoutShifts } from './support/layoutShifts';
import { hydrated, poll, visit } from './support/storefront';

/** "R$ 1.234,56" → 1234.56, written here. */
const reais = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

/** A band's label → its range, both ends included ("Até R$ 350", "R$ 350 a R$ 450", "A partir de R$ 450"). */
function bandRange(label: string): { min: number; max: number } {
  const amounts = [...label.matchAll(/R\$\s([\d.,]+)/g)].map((m) => reais(m[1]!));
  if (label.startsWith('Até')) return { min: 0, max: amounts[0]! };
  if (label.startsWith('A partir de')) return { min: amounts[0]!, max: Infinity };
  return { min: amounts[0]!, max: amounts[1]! };
}

const address = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

interface Route {
  name: string;
  path: string;
  list: RegExp;
  /** The default order's first label. */
  defaultLabel: string;
}

const ROUTES: Route[] = [
  { name: 'category', path: '/category/jackets', list: /^Produtos: Jaquetas$/, defaultLabel: 'Padrão' },
  { name: 'search', path: '/search?q=jaqueta', list: /^Resultados para “jaqueta”$/, defaultLabel: 'Relevância' },
];

function on(page: Page, route: Route) {
  const cards = () => page.getByRole('list', { name: route.list }).getByRole('listitem');
  return {
    order: () => page.getByRole('combobox', { name: 'Ordenar por' }),
    prices: async () => (await cards().locator('p').allTextContents()).map(reais),
    names: () => cards().getByRole('heading', { level: 2 }).allTextContents(),
    count: () => page.getByTestId('browse-count').textContent(),
    radios: () => page.getByRole('group', { name: 'Preço' }).getByRole('radio'),
  };
}

async function ready(page: Page, route: Route) {
  await hydrated(page);
  await page.getByRole('list', { name: route.list }).waitFor();
  await poll(() => page.getByRole('combobox', { name: 'Ordenar por' }).isEnabled()).toBe(true);
}

async function expectAxeClean(page: Page, state: string) {
  expect(await axeViolations(page), state).toEqual([]);
}

const jackets = catalog.find((c) => c.id === 'jackets')!.products;
const jacketNames = jackets.map((p) => p.name);

/**
 * Runs in the page before its own scripts: at every animation frame (the last moment before that frame is painted)
 * notes whether the category's grid is painted and, if so, the prices of its cards in order.
 */
function recordPaintedGrids(): void {
  const frames: Array<{ painted: boolean; prices: string[] }> = [];
  (window as unknown as { __grids: typeof frames }).__grids = frames;
  const frame = () => {
    const grid = document.querySelector('main ul[aria-label^="Produtos"]');
    if (grid) {
      const painted = getComputedStyle(grid).visibility === 'visible';
      frames.push({
        painted,
        prices: painted ? [...grid.querySelectorAll(':scope > li p')].map((p) => p.textContent ?? '') : [],
      });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const paintedGrids = (page: Page) =>
  page.evaluate(() => (window as unknown as { __grids: Array<{ painted: boolean; prices: string[] }> }).__grids);

describe.skipIf(e2eSkipReason())('browsing: sort and price bands (Chromium, full local stack)', () => {
  const env = useE2E();

  for (const route of ROUTES) {
    it(`${route.path}: Menor preço, a band, Back, Forward, reload, Limpar filtros; axe clean at 1280 px`, async () => {
      const shopper: Shopper = await env().newShopper({ reducedMotion: true });
      const { page } = shopper;
      try {
        await visit(page, route.path);
        await ready(page, route);
        const view = on(page, route);
        const firstNames = await view.names();
        const allPrices = await view.prices();
        if (route.name === 'category') {
          expect(firstNames).toEqual(jacketNames); // the category's own order, unchanged
          // The controls arrived after the prerendered page had painted, into a box of their height.
          expect(await layoutShifts(page)).toEqual([]);
        }
        expect(await view.order().inputValue()).toBe('padrao');
        expect(await view.order().locator('option').first().textContent()).toBe(route.defaultLabel);
        await poll(() => view.count()).toBe(`${allPrices.length} produtos`);

        // Menor preço: the first card is the cheapest of the cards on screen, and none is cheaper than the one before.
        await view.order().selectOption({ label: 'Menor preço' });
        await poll(() => address(page)).toBe(`${route.path}${route.path.includes('?') ? '&' : '?'}ordem=menor-preco`);
        const cheapestFirst = await view.prices();
        expect(cheapestFirst[0]).toBe(Math.min(...allPrices));
        expect(cheapestFirst).toEqual([...allPrices].sort((a, b) => a - b));
        await expectAxeClean(page, `${route.name}: Menor preço`);

        // A band, with the keyboard: from "Todos os preços", the arrow key checks the next radio (the first band).
        await view.radios().first().focus();
        await page.keyboard.press('ArrowDown');
        const checked = page.getByRole('group', { name: 'Preço' }).getByRole('radio', { checked: true });
        const bandLabel = (await checked.locator('xpath=..').textContent())!;
        const bandCount = Number(/\((\d+)\)$/.exec(bandLabel)![1]);
        const { min, max } = bandRange(bandLabel);
        await poll(() => address(page)).toContain('preco=');
        const inBand = await view.prices();
        expect(inBand.length).toBe(bandCount);
        expect(
          inBand.every((price) => price >= min && price <= max),
          `${inBand.join(', ')} within ${bandLabel}`,
        ).toBe(true);
        expect(inBand).toEqual(allPrices.filter((price) => price >= min && price <= max).sort((a, b) => a - b));
        await poll(() => view.count()).toBe(bandCount === 1 ? '1 produto' : `${bandCount} produtos`);
        await expectAxeClean(page, `${route.name}: a band`);
        const bandAddress = address(page);

        // Back: the previous view (cheapest first, every price); Forward and a reload: the band again.
        await page.goBack();
        await poll(() => address(page)).not.toContain('preco=');
        await poll(() => view.prices()).toEqual(cheapestFirst);
        await page.goForward();
        await poll(() => address(page)).toBe(bandAddress);
        await poll(() => view.prices()).toEqual(inBand);
        await page.reload();
        await ready(page, route);
        await poll(() => view.prices()).toEqual(inBand);
        expect(await view.order().inputValue()).toBe('menor-preco');

        // Limpar filtros: the list's own order and every product, the parameters gone.
        await page.getByRole('button', { name: 'Limpar filtros' }).click();
        await poll(() => address(page)).toBe(route.path);
        await poll(() => view.names()).toEqual(firstNames);

        // A range without products: the message and a way back.
        await visit(page, `${route.path}${route.path.includes('?') ? '&' : '?'}preco=90000-`);
        await page.getByText('Nenhum produto nessa faixa de preço.').waitFor();
        await expectAxeClean(page, `${route.name}: nothing in range`);
        await page.getByRole('button', { name: 'Ver todos os preços' }).click();
        await poll(() => view.names()).toEqual(firstNames);

        // A malformed address is corrected in place: Back leaves the page instead of landing on it again.
        await visit(page, `${route.path}${route.path.includes('?') ? '&' : '?'}ordem=barato`);
        await poll(() => address(page)).toBe(route.path);

        expect(shopper.pageErrors).toEqual([]);
        expect(shopper.consoleErrors).toEqual([]);
      } finally {
        await shopper.close();
      }
    });
  }

  it('a shared link with a sort and a band: the first grid painted is already the chosen view, nothing moves', async () => {
    const shopper = await env().newShopper({ reducedMotion: true });
    const { page } = shopper;
    // Written from the seed: jackets from R$ 100 to R$ 300, cheapest first.
    const expected = jackets
      .map((p) => p.price)
      .filter((price) => price >= 100 && price <= 300)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected[0]).not.toBe(jackets[0]!.price); // the default order would show another card first
    try {
      await page.addInitScript(recordPaintedGrids);
      await visit(page, '/category/jackets?ordem=menor-preco&preco=100-300');
      await ready(page, ROUTES[0]!);
      await poll(() => on(page, ROUTES[0]!).prices()).toEqual(expected);
      const frames = await paintedGrids(page);
      const painted = frames.filter((f) => f.painted);
      expect(painted.length, 'frames with the grid painted').toBeGreaterThan(0);
      // Every painted frame, the first one included, shows the chosen view: never the default order first.
      expect(painted.map((f) => f.prices.map(reais))).toEqual(painted.map(() => expected));
      expect(await layoutShifts(page)).toEqual([]);

      // Without parameters the grid is painted from the first frame it exists in: the early script does nothing.
      await page.goto('/category/jackets');
      await page.getByRole('list', { name: ROUTES[0]!.list }).waitFor();
      await hydrated(page);
      const defaultPrices = jackets.map((p) => p.price);
      const plain = await paintedGrids(page);
      expect(plain[0]!.painted).toBe(true);
      // On a loaded machine the HTML parser may yield mid-list, so a frame can show the first cards only: each frame
      // is then the start of the default order, and the grid ends whole.
      for (const frame of plain) expect(frame.prices.map(reais)).toEqual(defaultPrices.slice(0, frame.prices.length));
      expect(plain.at(-1)!.prices.map(reais)).toEqual(defaultPrices);
      expect(shopper.pageErrors).toEqual([]);
      expect(shopper.consoleErrors).toEqual([]);
    } finally {
      await shopper.close();
    }
  });

  it("a shared link when the app's scripts cannot load: the prerendered grid in its default order, shown after a moment", async () => {
    const shopper = await env().newShopper({ reducedMotion: true });
    const { page } = shopper;
    try {
      await page.route(/\.js(\?|$)/, (route) => route.abort());
      await page.goto('/category/jackets?ordem=menor-preco');
      // By CSS, not by role: a grid that is not painted is not in the accessibility tree either.
      const grid = page.locator('main ul[aria-label="Produtos: Jaquetas"]');
      await page.waitForFunction(() => document.readyState === 'complete');
      expect(await grid.count()).toBe(1);
      expect(await grid.isVisible(), 'hidden while the chosen order may still come').toBe(false);
      await grid.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await on(page, ROUTES[0]!).names()).toEqual(jacketNames);
    } finally {
      await shopper.close();
    }
  });

  it('on a 375 px phone the controls fold (below 1100 px) under "Filtrar e ordenar"; axe clean folded and open, on a band', async () => {
    const shopper = await env().newShopper({ width: 375, height: 740, reducedMotion: true });
    const { page } = shopper;
    const route = ROUTES[0]!;
    try {
      // The default view: the folded controls arrive into a box of their height.
      await visit(page, route.path);
      await page.getByRole('button', { name: 'Filtrar e ordenar' }).waitFor();
      expect(await layoutShifts(page)).toEqual([]);

      await visit(page, `${route.path}?ordem=maior-preco&preco=-400`);
      await hydrated(page);
      await page.getByRole('list', { name: route.list }).waitFor();
      const toggle = page.getByRole('button', { name: 'Filtrar e ordenar' });
      await poll(() => toggle.isEnabled()).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('combobox', { name: 'Ordenar por' }).isVisible()).toBe(false);
      const prices = await on(page, route).prices();
      expect(prices.every((price) => price <= 400)).toBe(true);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      await expectAxeClean(page, 'phone, folded');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await poll(() => page.getByRole('combobox', { name: 'Ordenar por' }).isVisible()).toBe(true);
      await expectAxeClean(page, 'phone, open');
      expect(shopper.pageErrors).toEqual([]);
      expect(shopper.consoleErrors).toEqual([]);
    } finally {
      await shopper.close();
    }
  });
});
