// @vitest-environment node
// Shopper journeys in Chromium against the full local stack: the catalog as HTML (it reprices a product in
// Firestore for a moment, so it runs here, one after the other with the journeys that pay for that product),
// the whole purchase, the checkout guards, and Meus pedidos with Pix and boleto.
// The stack and Chromium are shared by every e2e file (test/e2e/support/e2e.globalSetup.ts); the files run side
// by side, each shopper in a browser context of its own.
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerCheckoutGuards } from './checkoutGuards';
import { registerJourney } from './journey';
import { registerOrders } from './orders';
import { registerPrerender } from './prerender';

describe.skipIf(e2eSkipReason())('journeys (Chromium, full local stack)', () => {
  const env = useE2E();
  registerPrerender(env);
  registerJourney(env);
  registerCheckoutGuards(env);
  registerOrders(env);
});
