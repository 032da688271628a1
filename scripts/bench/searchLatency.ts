// Keystroke → search results painted, in Chromium (docs/requirements.md#search): on /search, the last letter of a query is
// typed and timed from the keydown event's timeStamp to the first frame after the results' status line names
// the whole query ("3 produtos para “calca”"). The debounce, the lazy index, React's render and the paint are
// all inside. Median over the queries × repeats.
import type { Browser } from 'playwright-core';
import { median, waitForContent } from './benchBrowser';

const QUERIES = ['tenis', 'calca', 'jaquta', 'camisa', 'bone', 'xyzxyz'];

/** Resolves window.__searchPaint with keydown → the first frame after the status line names `whole`. */
const searchPaintProbe = (whole: string) => `
  window.__searchPaint = new Promise((resolve) => {
    let typedAt = 0;
    document.addEventListener('keydown', (event) => { typedAt = event.timeStamp; }, { once: true, capture: true });
    const observer = new MutationObserver(() => {
      if (!typedAt) return;
      const statuses = Array.from(document.querySelectorAll('[role="status"]'));
      if (!statuses.some((el) => (el.textContent || '').includes(${JSON.stringify(`“${whole}”`)}))) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - typedAt);
        channel.port2.postMessage(0);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
`;

export interface SearchLatencyFigures {
  samples: number;
  medianMs: number;
  maxMs: number;
}

export async function measureSearchLatency(
  browser: Browser,
  baseUrl: string,
  repeats = 3,
): Promise<SearchLatencyFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const times: number[] = [];
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/search?q=a`);
    await waitForContent(page);
    const box = page.getByLabel('Buscar produtos', { exact: true });
    await page.getByRole('status').filter({ hasText: '“a”' }).waitFor(); // the index is loaded and built
    for (let round = 0; round < repeats; round++) {
      for (const query of QUERIES) {
        await box.fill(query.slice(0, -1));
        await page
          .getByRole('status')
          .filter({ hasText: `“${query.slice(0, -1)}”` })
          .waitFor();
        // The probe is a string run by new Function (tsx would wrap named functions in a helper the page does
        // not have), and nothing is returned: evaluate would otherwise wait for the promise it sets up.
        await page.evaluate((probe) => {
          new Function(probe)();
        }, searchPaintProbe(query));
        await box.press(query.slice(-1));
        times.push(await page.evaluate(() => (window as unknown as { __searchPaint: Promise<number> }).__searchPaint));
      }
    }
  } finally {
    await context.close();
  }
  return { samples: times.length, medianMs: median(times), maxMs: Math.max(...times) };
}
