// @vitest-environment node
// The cart's model-based paths in Chromium, second half (the first: cart-paths-1.test.ts), and their teeth.
// The stack and Chromium are shared by every e2e file (test/e2e/support/e2e.globalSetup.ts); the files run side
// by side, each shopper in a browser context of its own.
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerCartModel, registerCartModelTeeth } from './cart.model';

describe.skipIf(e2eSkipReason())('cart (Chromium, full local stack)', () => {
  const env = useE2E();
  registerCartModel(env, { part: 2, parts: 2 });
  registerCartModelTeeth(env);
});
