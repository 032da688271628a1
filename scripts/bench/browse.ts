// Choosing a sort or a price band → the grid repainted (issue 29), in Chromium at 1280 × 900. Each choice is
// timed from its first `click`/`input`/`change` event's timeStamp to the first frame (rAF + message) after the page's <main> changed
// (the grid's cards reordered or filtered, the count rewritten); long tasks and long animation frames are
// collected meanwhile, and the cards in the DOM counted after each choice (the grid stays windowed).
// Run on the 2,000-product category and, as the reference of the same run, on a category of the seed (8). The
// choices start once the page is quiet (the live catalog read after hydration has arrived): they time the
// choice, not the page still loading.
import type { Browser, Page } from 'playwright-core';
import { median, waitForContent } from './browser';

/** Sets window.__browsePaint: the next choice's first event → the first frame after <main> mutated. */
const BROWSE_PAINT_PROBE = `
  window.__browsePaint = new Promise((resolve) => {
    let changedAt = 0;
    // React handles a radio on its click and a select on its change: the choice starts at the first of them.
    const start = (event) => {
      if (changedAt || !event.target.closest('input, select')) return;
      changedAt = event.timeStamp;
    };
    for (const type of ['click', 'input', 'change']) document.addEventListener(type, start, { capture: true });
    const main = document.querySelector('main');
    const observer = new MutationObserver(() => {
      if (!changedAt) return;
      observer.disconnect();
      for (const type of ['click', 'input', 'change']) document.removeEventListener(type, start, { capture: true });
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - changedAt);
        channel.port2.postMessage(0);
      });
    });
    observer.observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
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

const GRID = 'main ul[aria-label^="Produtos"]';

async function timed(page: Page, choose: () => Promise<unknown>): Promise<number> {
  // A string run by new Function (tsx would wrap a named function in a helper the page does not have).
  await page.evaluate((probe) => {
    new Function(probe)();
  }, BROWSE_PAINT_PROBE);
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

export async function measureBrowse(browser: Browser, baseUrl: string, route: string, rounds = 3): Promise<BrowseFigures> {
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

    const choices: Array<() => Promise<unknown>> = [
      () => order.selectOption('menor-preco'),
      () => order.selectOption('maior-preco'),
      () => order.selectOption('nome'),
      ...Array.from({ length: bands }, (_, i) => () => radios.nth(i + 1).check()),
      () => radios.first().check(),
      () => order.selectOption('padrao'),
    ];
    const times: number[] = [];
    let maxCards = 0;
    for (let round = 0; round < rounds; round++) {
      for (const choose of choices) {
        times.push(await timed(page, choose));
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
