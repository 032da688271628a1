// Choosing a sort or a price band → the grid repainted (docs/requirements.md#browse), in Chromium at 1280 × 900. Each choice is
// timed from its first `click`/`input`/`change` event's timeStamp to the first frame (rAF + message) after the
// grid in <main> shows the chosen view: the names of its cards, in order, are the first ones of the list that
// the bench sorts and filters itself (expectedNames, from the catalog it seeded), and the count reads right. A
// choice whose grid never gets there fails the bench. Long tasks and long animation frames are collected
// meanwhile, and the cards in the DOM counted after each choice (the grid stays windowed).
// Run on the 2,000-product category and, as the reference of the same run, on a category of the seed (8). The
// choices start once the page is quiet (the live catalog read after hydration has arrived): they time the
// choice, not the page still loading.
import type { Browser, Page } from 'playwright-core';
import type { Product } from '../../src/domain';
import { median, waitForContent } from './benchBrowser';

const GRID_IN_MAIN = 'ul[aria-label^="Produtos"]';
const GRID = `main ${GRID_IN_MAIN}`;

/**
 * Sets window.__browsePaint: the next choice's first event → the first frame after the grid shows
 * window.__browseExpected (the names of its first cards, and the count's text). Rejects after 10 s.
 */
const BROWSE_PAINT_PROBE = `
  window.__browsePaint = new Promise((resolve, reject) => {
    const { names, count } = window.__browseExpected;
    let changedAt = 0;
    // React handles a radio on its click and a select on its change: the choice starts at the first of them.
    const start = (event) => {
      if (changedAt || !event.target.closest('input, select')) return;
      changedAt = event.timeStamp;
    };
    const types = ['click', 'input', 'change'];
    for (const type of types) document.addEventListener(type, start, { capture: true });
    const main = document.querySelector('main');
    const shown = () => {
      const grid = main.querySelector('${GRID_IN_MAIN}');
      const cards = grid ? [...grid.querySelectorAll(':scope > li :is(h2, h3)')].map((h) => h.textContent) : [];
      const counted = main.querySelector('[data-testid="browse-count"]');
      return { cards, count: counted ? counted.textContent : null };
    };
    const right = () => {
      const { cards, count: text } = shown();
      return cards.length > 0 && cards.length <= names.length && cards.every((name, i) => name === names[i]) && text === count;
    };
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of types) document.removeEventListener(type, start, { capture: true });
    };
    const observer = new MutationObserver(() => {
      if (!changedAt || !right()) return;
      stop();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - changedAt);
        channel.port2.postMessage(0);
      });
    });
    observer.observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = setTimeout(() => {
      stop();
      reject(new Error('the grid never showed the chosen view: expected ' + JSON.stringify({ names: names.slice(0, 4), count }) + ', shown ' + JSON.stringify(shown())));
    }, 10000);
  });
`;

const TASK_PROBE = `
  window.__tasks = [];
  window.__frames = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__tasks.push(e.duration))).observe({ type: 'longtask' });
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__frames.push(e.duration))).observe({ type: 'long-animation-frame' });
  } catch {}
`;

export interface BrowseFigures {
  route: string;
  products: number;
  samples: number;
  /** change event → grid repainted, ms. */
  medianMs: number;
  maxMs: number;
  /** The longest task (≥ 50 ms are reported; 0 = none) and long animation frame during the choices. */
  longestTaskMs: number;
  longestFrameMs: number;
  /** The most cards in the DOM after any choice. */
  maxCardsInDom: number;
}

/** The view a choice leads to: an order, and a price range (both ends included; null: open) or every price. */
interface ExpectedView {
  order: 'padrao' | 'menor-preco' | 'maior-preco' | 'nome';
  range: { min: number | null; max: number | null } | null;
}

/**
 * The list the grid should show for `view`, written here from the words rather than taken from the app:
 * "Menor preço" cheapest first, "Maior preço" dearest first, "Nome (A–Z)" in pt-BR alphabetical order, ties in
 * the list's own order (a stable sort), a band keeping the prices inside it.
 */
export function expectedNames(products: readonly Product[], view: ExpectedView): string[] {
  const byName = new Intl.Collator('pt-BR', { numeric: true });
  const compare: Record<ExpectedView['order'], ((a: Product, b: Product) => number) | null> = {
    padrao: null,
    'menor-preco': (a, b) => a.price - b.price,
    'maior-preco': (a, b) => b.price - a.price,
    nome: (a, b) => byName.compare(a.name, b.name),
  };
  const order = compare[view.order];
  const sorted = order ? [...products].sort(order) : [...products];
  const { range } = view;
  const kept = range
    ? sorted.filter((p) => (range.min === null || p.price >= range.min) && (range.max === null || p.price <= range.max))
    : sorted;
  return kept.map((p) => p.name);
}

/** A band's label read back: "Até R$ 100", "R$ 100 a R$ 300", "A partir de R$ 1.500" (count after it). */
export function bandLabelRange(label: string): { min: number | null; max: number | null } {
  const amounts = [...label.matchAll(/R\$\s([\d.]+(?:,\d{1,2})?)/g)].map((m) =>
    Number(m[1]!.replace(/\./g, '').replace(',', '.')),
  );
  if (label.startsWith('Até')) return { min: null, max: amounts[0]! };
  if (label.startsWith('A partir de')) return { min: amounts[0]!, max: null };
  return { min: amounts[0]!, max: amounts[1]! };
}

const countText = (n: number) => (n === 1 ? '1 produto' : `${n} produtos`);

async function timed(page: Page, choose: () => Promise<unknown>, names: string[]): Promise<number> {
  // A string run by new Function (tsx would wrap a named function in a helper the page does not have).
  await page.evaluate(
    ({ probe, expected }) => {
      (window as unknown as { __browseExpected: unknown }).__browseExpected = expected;
      new Function(probe)();
    },
    // Only as many names as the window can hold: the probe compares the cards the grid has mounted.
    { probe: BROWSE_PAINT_PROBE, expected: { names: names.slice(0, 200), count: countText(names.length) } },
  );
  await choose();
  return page.evaluate(() => (window as unknown as { __browsePaint: Promise<number> }).__browsePaint);
}

/**
 * Counts the page's requests in flight; `quiet()` resolves once none has been for `ms`. The live catalog is read
 * after hydration (2,000 products fetched and validated: a long task of its own): the choices are timed after it.
 */
function trackRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async (ms = 500, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until && (inFlight > 0 || Date.now() - lastChange < ms)) await page.waitForTimeout(50);
  };
}

/** `products`: the page's list in its own order (the category's, as seeded), from which each choice's view is worked out. */
export async function measureBrowse(
  browser: Browser,
  baseUrl: string,
  route: string,
  products: readonly Product[],
  rounds = 3,
): Promise<BrowseFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const quiet = trackRequests(page);
    await page.goto(new URL(route, baseUrl).href);
    await waitForContent(page);
    await page.locator(GRID).waitFor();
    const order = page.getByRole('combobox', { name: 'Ordenar por' });
    await page.waitForFunction(() => {
      const select = document.querySelector('main select') as HTMLSelectElement | null;
      return select !== null && !select.disabled;
    });
    await quiet();
    const radios = page.getByRole('group', { name: 'Preço' }).getByRole('radio');
    const total = Number(/\((\d+)\)/.exec((await radios.first().locator('xpath=..').textContent()) ?? '')?.[1] ?? 0);
    const bands = (await radios.count()) - 1;
    await page.evaluate((probe) => {
      new Function(probe)();
    }, TASK_PROBE);

    if (total !== products.length)
      throw new Error(`${route} offers ${total} products; the bench seeded ${products.length}`);
    const bandRanges = await Promise.all(
      Array.from({ length: bands }, async (_, i) =>
        bandLabelRange(
          (await radios
            .nth(i + 1)
            .locator('xpath=..')
            .textContent()) ?? '',
        ),
      ),
    );
    const orders = (['menor-preco', 'maior-preco', 'nome'] as const).map((o) => ({
      choose: () => order.selectOption(o),
      view: { order: o, range: null },
    }));
    // The bands are chosen on the last order, then every price and the list's own order again.
    const last = orders[orders.length - 1]!.view.order;
    const choices: Array<{ choose: () => Promise<unknown>; view: ExpectedView }> = [
      ...orders,
      ...bandRanges.map((range, i) => ({ choose: () => radios.nth(i + 1).check(), view: { order: last, range } })),
      { choose: () => radios.first().check(), view: { order: last, range: null } },
      { choose: () => order.selectOption('padrao'), view: { order: 'padrao', range: null } },
    ];
    const times: number[] = [];
    let maxCards = 0;
    for (let round = 0; round < rounds; round++) {
      for (const { choose, view } of choices) {
        times.push(await timed(page, choose, expectedNames(products, view)));
        await page.waitForTimeout(100); // the address write's own render, then quiet
        maxCards = Math.max(maxCards, await page.locator(`${GRID} > li`).count());
      }
    }
    await page.waitForTimeout(300); // let the observers report
    const { tasks, frames } = await page.evaluate(() => {
      const w = window as unknown as { __tasks: number[]; __frames: number[] };
      return { tasks: w.__tasks, frames: w.__frames };
    });
    return {
      route,
      products: total,
      samples: times.length,
      medianMs: median(times),
      maxMs: Math.max(...times),
      longestTaskMs: Math.max(0, ...tasks),
      longestFrameMs: Math.max(0, ...frames),
      maxCardsInDom: maxCards,
    };
  } finally {
    await context.close();
  }
}
