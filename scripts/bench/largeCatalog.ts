// The large-catalog and interaction figures:
//   - a category of 2,000 faker products seeded into the emulator;
//   - navigation → the grid's first paint (a cold load of /category/<id>, and an in-app navigation from /);
//   - the longest main-thread task while scrolling the grid to the bottom with the mouse wheel;
//   - add-to-cart click → header count updated and painted (the click's event timeStamp to the first frame
//     after the cart button's label changed, INP-style), median of 20 clicks, plus Event Timing durations.
import { fakerPT_BR as faker } from '@faker-js/faker';
import type { Browser, Page } from 'playwright-core';
import type { Category, Product } from '../../src/domain';
import { catalog } from '../../seed/seedCatalog';
import { CATEGORIES_COLLECTION } from '../seed';
import { withFirestore } from '../lib/firestoreAdmin';
import { median, waitForContent } from './benchBrowser';

export const LARGE_CATEGORY_ID = 'bench-2000';
export const LARGE_CATEGORY_SIZE = 2_000;

export function largeCategory(size = LARGE_CATEGORY_SIZE): Category {
  faker.seed(2000); // the same 2,000 products every run
  const images = catalog.flatMap((c) => c.products.map((p) => p.imageUrl));
  const products: Product[] = Array.from({ length: size }, (_, i) => ({
    id: `${LARGE_CATEGORY_ID}-${i + 1}`,
    name: `${faker.commerce.productName()} ${i + 1}`,
    imageUrl: images[i % images.length]!,
    price: Number(faker.commerce.price({ min: 20, max: 2_000, dec: 2 })),
  }));
  return {
    id: LARGE_CATEGORY_ID,
    displayName: 'Coleção completa',
    name: LARGE_CATEGORY_ID,
    imageUrl: catalog[0]!.imageUrl,
    products,
  };
}

/** Writes the category (document id = category id; `order` last so the home grid keeps the shop's five). */
export async function seedLargeCategory(projectId: string, firestoreHost: string): Promise<number> {
  const category = largeCategory();
  await withFirestore({ kind: 'emulator', projectId, host: firestoreHost }, (db) =>
    db
      .collection(CATEGORIES_COLLECTION)
      .doc(category.id)
      .set({ ...category, order: 1_000 }),
  );
  return Buffer.byteLength(JSON.stringify(category));
}

export const GRID = 'ul[aria-label^="Produtos"]';

/** Resolves with performance.now() of the first frame after the grid has its cards (set up before navigating). */
export const GRID_PAINT_PROBE = `
  window.__gridPaint = new Promise((resolve) => {
    const check = () => {
      const grid = document.querySelector('${GRID}');
      if (!grid || grid.childElementCount === 0) return false;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(0);
      });
      return true;
    };
    const start = () => {
      if (check()) return;
      const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
      observer.observe(document.documentElement, { childList: true, subtree: true });
    };
    if (document.documentElement) start(); else document.addEventListener('readystatechange', start, { once: true });
  });
`;

export interface GridFigures {
  products: number;
  documentBytes: number;
  /** Cold load: navigation start → first frame with the grid's cards. */
  coldGridPaintMs: number;
  /** In-app: history.pushState from / → first frame with the grid's cards. */
  inAppGridPaintMs: number;
  /** Cards in the DOM right after the first paint (windowing shows fewer than products). */
  cardsInDom: number;
  longestTaskWhileScrollingMs: number;
  longAnimationFrameMs: number;
  scrollSteps: number;
}

export async function measureLargeGrid(
  browser: Browser,
  baseUrl: string,
  documentBytes: number,
  runs = 3,
): Promise<GridFigures> {
  const cold: number[] = [];
  const inApp: number[] = [];
  let cardsInDom = 0;
  let longest = 0;
  let longestFrame = 0;
  let steps = 0;
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      // Cold: a fresh page straight onto the category.
      const page = await context.newPage();
      await page.addInitScript(GRID_PAINT_PROBE);
      await page.goto(`${baseUrl}/category/${LARGE_CATEGORY_ID}`);
      cold.push(await page.evaluate(() => (window as unknown as { __gridPaint: Promise<number> }).__gridPaint));
      await waitForContent(page);

      // In-app: from the home page (everything loaded), the router's own pushState.
      const second = await context.newPage();
      await second.goto(baseUrl);
      await waitForContent(second);
      inApp.push(
        await second.evaluate(
          ({ probe, path }) => {
            new Function(probe)();
            const started = performance.now();
            window.history.pushState(null, '', path);
            return (window as unknown as { __gridPaint: Promise<number> }).__gridPaint.then(
              (painted) => painted - started,
            );
          },
          { probe: GRID_PAINT_PROBE, path: `/category/${LARGE_CATEGORY_ID}` },
        ),
      );
      await second.close();

      if (run === 0) {
        cardsInDom = await page.locator(`${GRID} > li`).count();
        const scrolled = await scrollToBottom(page);
        longest = scrolled.longestTask;
        longestFrame = scrolled.longestFrame;
        steps = scrolled.steps;
      }
    } finally {
      await context.close();
    }
  }
  return {
    products: LARGE_CATEGORY_SIZE,
    documentBytes,
    coldGridPaintMs: median(cold),
    inAppGridPaintMs: median(inApp),
    cardsInDom,
    longestTaskWhileScrollingMs: longest,
    longAnimationFrameMs: longestFrame,
    scrollSteps: steps,
  };
}

async function scrollToBottom(page: Page): Promise<{ longestTask: number; longestFrame: number; steps: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: number[]; __frames: number[] };
    w.__tasks = [];
    w.__frames = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__tasks.push(e.duration))).observe({
      type: 'longtask',
    });
    try {
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__frames.push(e.duration))).observe({
        type: 'long-animation-frame',
      });
    } catch {
      // older Chromium: long tasks only
    }
  });
  await page.mouse.move(640, 450);
  let steps = 0;
  for (; steps < 2_000; steps++) {
    const atBottom = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atBottom) break;
    await page.mouse.wheel(0, 1_200);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await page.waitForTimeout(500); // let the last lazy images decode and the observers report
  const { tasks, frames } = await page.evaluate(() => {
    const w = window as unknown as { __tasks: number[]; __frames: number[] };
    return { tasks: w.__tasks, frames: w.__frames };
  });
  return { longestTask: Math.max(0, ...tasks), longestFrame: Math.max(0, ...frames), steps };
}

export interface AddToCartFigures {
  route: string;
  clicks: number;
  /** click timeStamp → first frame after the header count changed, median / max, ms. */
  medianMs: number;
  maxMs: number;
  /** Event Timing `click` entries (only those ≥ 16 ms are reported by the browser). */
  eventTimingMaxMs: number;
  eventTimingEntries: number;
}

const CLICK_PROBE = `
  window.__clicks = [];
  window.__eventTimings = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (e.name === 'click') window.__eventTimings.push(e.duration); }))
    .observe({ type: 'event', durationThreshold: 16, buffered: true });
  document.addEventListener('click', (event) => {
    const button = document.querySelector('button[aria-label^="Carrinho"]');
    if (!button) return;
    const before = button.getAttribute('aria-label');
    const started = event.timeStamp;
    const observer = new MutationObserver(() => {
      if (button.getAttribute('aria-label') === before) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__clicks.push(performance.now() - started);
        channel.port2.postMessage(0);
      });
    });
    observer.observe(button, { attributes: true, attributeFilter: ['aria-label'] });
  }, { capture: true });
`;

export async function measureAddToCart(
  browser: Browser,
  baseUrl: string,
  route: string,
  clicks = 20,
): Promise<AddToCartFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(new URL(route, baseUrl).href);
    await waitForContent(page);
    await page.locator(GRID).waitFor();
    await page.evaluate(CLICK_PROBE);
    const buttons = page.getByRole('button', { name: /^Adicionar ao carrinho:/ });
    const available = await buttons.count();
    for (let i = 0; i < clicks; i++) {
      const expected = i + 1;
      await buttons.nth(i % Math.min(available, 8)).click();
      await page.waitForFunction((n) => (window as unknown as { __clicks: number[] }).__clicks.length >= n, expected);
      await page.waitForTimeout(50);
    }
    const { times, timings } = await page.evaluate(() => {
      const w = window as unknown as { __clicks: number[]; __eventTimings: number[] };
      return { times: w.__clicks, timings: w.__eventTimings };
    });
    return {
      route,
      clicks: times.length,
      medianMs: median(times),
      maxMs: Math.max(...times),
      eventTimingMaxMs: Math.max(0, ...timings),
      eventTimingEntries: timings.length,
    };
  } finally {
    await context.close();
  }
}
