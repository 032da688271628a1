// axe-core in Chromium, with its findings as readable lines (rule, impact, help, the elements), so that an
// `expect(...).toEqual([])` failure says what to fix. Used by every e2e file that runs axe.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export type AxeResults = axe.AxeResults;

export function describeViolations(violations: AxeResults['violations']): string[] {
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * axe-core's default rules (WCAG 2 A/AA and best practices) on the page as it is now, with `axe.run` in the page.
 * - axe's source (580 KB) is sent once per document: sending and compiling it takes about 250 ms on 2 cores, and
 *   @axe-core/playwright's AxeBuilder sent it twice per check, for a run that takes 20 ms on a small page.
 * - Details for violations only: passing rules are still listed, but axe skips building a selector and an HTML
 *   excerpt for every passing element.
 * Our pages have no frames, so one run over the document sees everything.
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  await transitionsEnded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: axe.RunOptions = { resultTypes: ['violations'] };
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
}

/**
 * Waits for the CSS transitions running now (a button's colours after a click or under the pointer, a card's
 * button fading in), so that axe reads the colours a shopper ends up seeing, not a blend halfway between two.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((transition) => transition.finished.catch(() => undefined)),
    ),
  );
}

/** The page's violations, one line each (none expected). */
export async function axeViolations(page: Page): Promise<string[]> {
  return describeViolations((await runAxe(page)).violations);
}
