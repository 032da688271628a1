// @vitest-environment node
// Search and the statechart inspector in Chromium. Apart from the cart's model paths (test/e2e/cart-paths.test.ts)
// so that the two run side by side on the shared stack and Chromium (test/e2e/support/e2e.globalSetup.ts).
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerInspector } from './inspector';
import { registerSearchJourney } from './search.journey';

describe.skipIf(e2eSkipReason())('search and inspector (Chromium, full local stack)', () => {
  const env = useE2E();
  registerSearchJourney(env);
  registerInspector(env);
});
