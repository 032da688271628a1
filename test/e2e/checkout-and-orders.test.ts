// @vitest-environment node
// The checkout guards (a second press, the 3 s redirect on a fake clock) and frete by CEP with the Pix purchase
// shown on Meus pedidos, in Chromium against the full local stack. They buy the Jaqueta de Couro Preta, never the
// product that journeys.test.ts reprices for a moment.
// The stack and Chromium are shared by every e2e file (test/e2e/support/e2e.globalSetup.ts); the files run side
// by side, each shopper in a browser context of its own.
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerCheckoutGuards } from './checkoutGuards';
import { registerDelivery } from './deliveryJourney';

describe.skipIf(e2eSkipReason())('checkout guards and orders (Chromium, full local stack)', () => {
  const env = useE2E();
  registerCheckoutGuards(env);
  registerDelivery(env);
});
