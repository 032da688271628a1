// Layout shifts as readable lines, for the zero-shift checks: a failure names what moved.
import type { Page } from 'playwright-core';

/**
 * Runs in the page (as an init script, before the page's own code, or through page.evaluate): records every layout
 * shift without recent input, buffered ones included, as one line each in `window.__shifts`: its value, when, and
 * what moved (tag, id, classes, text; the rect before → after). Self-contained: Playwright sends its source.
 */
export function watchLayoutShifts(): void {
  const page = window as unknown as { __shifts?: string[] };
  if (page.__shifts) return;
  const shifts: string[] = [];
  page.__shifts = shifts;
  type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
  const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}×${r.height}`;
  const name = (node: Node | null) => {
    const element = node instanceof Element ? node : node?.parentElement;
    if (!element) return '(removed)';
    const path = [];
    for (let e: Element | null = element; e && e.id !== 'root' && path.length < 4; e = e.parentElement) {
      path.unshift(
        `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${[...e.classList].map((c) => `.${c}`).join('')}`,
      );
    }
    return `${path.join(' > ')} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      const moved = entry.sources.map((s) => `${name(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`);
      shifts.push(
        `${entry.value.toFixed(7)} at ${Math.round(entry.startTime)} ms (${document.readyState}): ${moved.join('; ')}`,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The page's layout shifts so far ([] when nothing moved), after a moment for buffered entries to be delivered. */
export async function layoutShifts(page: Page, settleMs = 300): Promise<string[]> {
  await page.evaluate(watchLayoutShifts);
  await page.waitForTimeout(settleMs);
  return page.evaluate(() => (window as unknown as { __shifts?: string[] }).__shifts ?? []);
}
