// @vitest-environment node
// Every route at 375 px and at 1280 px: axe-core with zero violations, no content wider than its box, and a
// screenshot of each. This file walks the logged-out shopper's routes; a11y-purchase.test.ts walks the purchase
// beside it (the routes and the checks: routes.a11y.ts). Each route is opened once and checked at both widths.
// The stack and Chromium are shared by every e2e file (test/e2e/support/e2e.globalSetup.ts); the files run side
// by side, each shopper in a browser context of its own.
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerRoutesA11y } from './routes.a11y';

describe.skipIf(e2eSkipReason())('routes at 375 px and 1280 px (Chromium, full local stack)', () => {
  const env = useE2E();
  registerRoutesA11y(env, 'browsing');
});
