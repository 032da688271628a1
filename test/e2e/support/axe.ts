// axe-core in Chromium, with its findings as readable lines (rule, impact, help, the elements), so that an
// `expect(...).toEqual([])` failure says what to fix. Used by every e2e file that runs axe.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

export function describeViolations(violations: AxeResults['violations']): string[] {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * axe-core's default rules (WCAG 2 A/AA and best practices) on the page as it is now.
 * - `axe.run` in the page (legacy mode): the default runs each frame apart and merges them in a new blank tab,
 *   which costs a page and two more parses of axe per call, for frames our pages do not have.
 * - Details for violations only: passing rules are still listed, but axe skips building a selector and an HTML
 *   excerpt for every passing element (most of a run's time on a full page).
 */
export function runAxe(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
}

/** The page's violations, one line each (none expected). */
export async function axeViolations(page: Page): Promise<string[]> {
  return describeViolations((await runAxe(page)).violations);
}
