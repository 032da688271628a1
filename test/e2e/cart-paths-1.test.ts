// @vitest-environment node
// The cart's model-based paths in Chromium, first half (the second half and the teeth: cart-paths-2.test.ts).
// The stack and Chromium are shared by every e2e file (test/e2e/support/e2e.globalSetup.ts); the files run side
// by side, each shopper in a browser context of its own.
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerCartModel } from './cart.model';

describe.skipIf(e2eSkipReason())('cart (Chromium, full local stack)', () => {
  const env = useE2E();
  registerCartModel(env, { part: 1, parts: 2 });
});
