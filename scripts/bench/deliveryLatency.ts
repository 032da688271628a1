// CEP typed → delivery options painted, in Chromium (docs/requirements.md#delivery): on a prerendered product page, a CEP is typed in
// "Calcular frete" and Enter pressed; timed from that keydown's timeStamp to the first frame after the options
// show the new quote. Validation, the quote (domain rate card and business days), React's render and the paint
// are inside. The reference, measured on the same page in the same browser right after: Enter on "Adicionar ao
// carrinho" → the header's count painted, the storefront's smallest keyboard interaction, timed the same way.
// Each is a median over the samples; the ratio says what the estimator costs beyond a plain interaction on
// this machine at this moment, which a bare figure in milliseconds cannot.
import type { Browser } from 'playwright-core';
import { median, waitForContent } from './benchBrowser';

/**
 * One CEP per price zone (SP, SE, S, CO, NE, N), so each quote differs from the one before it (another zone,
 * another price); the warm-up is in the last one's zone (N), so the first differs from it too.
 */
export const BENCH_CEPS = ['01310-100', '20040-002', '80010-000', '70040-010', '40010-000', '69005-070'];
const WARM_UP_CEP = '69900-062';
/** A quote not painted by then is a broken page, not a slow one: fail instead of waiting for ever. */
const PAINT_TIMEOUT_MS = 10_000;

/**
 * Resolves window.__paint with keydown → the first frame after `condition` (a JS expression) holds. A string
 * run by new Function in the page (tsx would wrap named functions in a helper the page does not have).
 */
const paintProbe = (condition: string) => `
  window.__paint = new Promise((resolve, reject) => {
    let pressedAt = 0;
    setTimeout(() => reject(new Error('not painted within ${PAINT_TIMEOUT_MS} ms: ' + ${JSON.stringify(condition)})), ${PAINT_TIMEOUT_MS});
    document.addEventListener('keydown', (event) => { pressedAt = event.timeStamp; }, { once: true, capture: true });
    const observer = new MutationObserver(() => {
      if (!pressedAt || !(${condition})) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - pressedAt);
        channel.port2.postMessage(0);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
`;

const optionsText = `(document.querySelector('fieldset') || {}).textContent || ''`;

export interface LatencyFigures {
  samples: number;
  medianMs: number;
  maxMs: number;
}

export interface DeliveryLatencyFigures {
  route: string;
  cepToOptions: LatencyFigures;
  /** Enter on "Adicionar ao carrinho" → header count painted, same page, same run. */
  reference: LatencyFigures;
}

const figures = (times: number[]): LatencyFigures => ({
  samples: times.length,
  medianMs: median(times),
  maxMs: Math.max(...times),
});

const armProbe = (page: import('playwright-core').Page, condition: string) =>
  page.evaluate((probe) => {
    new Function(probe)();
  }, paintProbe(condition));

const readProbe = (page: import('playwright-core').Page) =>
  page.evaluate(() => (window as unknown as { __paint: Promise<number> }).__paint);

export async function measureDeliveryLatency(
  browser: Browser,
  baseUrl: string,
  route: string,
  rounds = 3,
): Promise<DeliveryLatencyFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const quotes: number[] = [];
  const reference: number[] = [];
  try {
    const page = await context.newPage();
    await page.goto(new URL(route, baseUrl).href);
    await waitForContent(page);
    const field = page.getByLabel('Calcular frete', { exact: true });
    // A warm-up quote: the first one also pays for compiling the quote code, which no later one does.
    await field.fill(WARM_UP_CEP);
    await field.press('Enter');
    await page.getByRole('group', { name: 'Opções de entrega' }).waitFor();
    for (let round = 0; round < rounds; round++) {
      for (const cep of BENCH_CEPS) {
        const before = await page.evaluate(`(${optionsText})`);
        await field.fill(cep);
        await armProbe(page, `(${optionsText}) !== '' && (${optionsText}) !== ${JSON.stringify(before)}`);
        await field.press('Enter');
        quotes.push(await readProbe(page));
        await page.waitForTimeout(50);
      }
    }

    const add = page.getByRole('button', { name: 'Adicionar ao carrinho', exact: true });
    for (let i = 1; i <= quotes.length; i++) {
      const label = `Carrinho (${i} ${i === 1 ? 'item' : 'itens'})`;
      await add.focus();
      await armProbe(
        page,
        `[...document.querySelectorAll('button')].some((b) => (b.getAttribute('aria-label') || b.textContent || '').trim() === ${JSON.stringify(label)})`,
      );
      await page.keyboard.press('Enter');
      reference.push(await readProbe(page));
      await page.waitForTimeout(50);
    }
  } finally {
    await context.close();
  }
  return { route, cepToOptions: figures(quotes), reference: figures(reference) };
}
