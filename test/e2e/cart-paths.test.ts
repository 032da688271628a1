// @vitest-environment node
// The cart's model-based walks in Chromium (every transition of the production cartMachine), and their teeth.
// The stack and Chromium are shared by every e2e file (test/e2e/support/e2e.globalSetup.ts); the files run side
// by side, each shopper in a browser context of its own.
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerCartModel, registerCartModelTeeth } from './cart.model';

describe.skipIf(e2eSkipReason())('cart (Chromium, full local stack)', () => {
  const env = useE2E();
  registerCartModel(env);
  registerCartModelTeeth(env);
});
