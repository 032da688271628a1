// @vitest-environment node
// Every route at 375 px and at 1280 px: axe-core with zero violations, and a screenshot of each. One shopper
// opens each route once and checks it at both widths, resizing in between (the routes: routes.a11y.ts).
// The stack and Chromium are shared by every e2e file (test/e2e/support/e2e.globalSetup.ts); the files run side
// by side, each shopper in a browser context of its own.
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerRoutesA11y } from './routes.a11y';

describe.skipIf(e2eSkipReason())('routes at 375 px and 1280 px (Chromium, full local stack)', () => {
  const env = useE2E();
  registerRoutesA11y(env);
});
