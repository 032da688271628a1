// @vitest-environment node
// Shopper journeys in Chromium against the full local stack: the catalog as HTML, the live stock and the whole purchase. The
// catalog test reprices the Blazer Bege in Firestore for a moment, so it runs here, one after the other with
// the journey that buys it. The checkout guards and Meus pedidos (which buy other products) run beside it in
// checkout-and-orders.test.ts.
// The stack and Chromium are shared by every e2e file (test/e2e/support/e2e.globalSetup.ts); the files run side
// by side, each shopper in a browser context of its own.
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerJourney } from './journey';
import { registerPrerender } from './prerenderedPages';
import { registerStock } from './stockJourney';

describe.skipIf(e2eSkipReason())('journeys (Chromium, full local stack)', () => {
  const env = useE2E();
  registerPrerender(env);
  registerJourney(env);
  registerStock(env);
});
