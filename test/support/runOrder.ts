// The order in which vitest starts the files of the shared-cap group (vitest.config.ts). Vitest's own order is
// project by project in alphabetical order, then by the last run's durations, or by file size on a fresh
// clone: there the e2e files (a few lines each, they register their tests from other modules) came last,
// although they are the run's longest chain (a local stack to start, then a minute or two in Chromium each).
// So the e2e files start first, longest first, interleaved with the slowest CPU-bound files; then vitest's order.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that start first, in this order: the longest e2e files, each followed by one of the slowest CPU-bound
 * files, so that the CPU works while the e2e files wait for the stack and on the browser (durations:
 * docs/testing.md). Everything else follows in vitest's order.
 */
export const FIRST = [
  'test/e2e/journeys.test.ts',
  'test/scripts/launcher.test.ts',
  // Its tests mostly wait out deadlines on a paused process: little CPU, but a minute or more.
  'test/faults/faults.test.ts',
  'test/e2e/a11y.test.ts',
  'test/ui/cart.model.test.tsx',
  'test/e2e/a11y-purchase.test.ts',
  'test/e2e/production.test.ts',
  'test/e2e/checkout-and-orders.test.ts',
  'test/e2e/shopperFaults.test.ts',
  'test/e2e/search-and-inspector.test.ts',
  'test/e2e/cart-paths.test.ts',
  'test/machines/teeth.test.ts',
  'test/e2e/e2eStack.test.ts',
  // The node files of 7 s and more, all CPU: started in vitest's order they came last, and the run ended with
  // one core busy on them for the last minute while the other had nothing left to take. The happy-dom files keep
  // vitest's order: they share a window per worker, and search.test.tsx's Enter tests failed after another file.
  'test/machines/search.model.test.ts',
  'test/machines/catalog.model.test.ts',
  'test/scripts/prerender.test.ts',
  'test/scripts/start.test.ts',
  'test/machines/cart.model.test.ts',
  'test/machines/auth.model.test.ts',
];

export default class RunOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = FIRST.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return index === -1 ? FIRST.length : index;
    };
    // Array.prototype.sort is stable: everything not listed keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
