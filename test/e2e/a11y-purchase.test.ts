// @vitest-environment node
// The purchase at 375 px and at 1280 px: a product page, sign-up, the checkout, the backend's simulated pay page,
// Meus pedidos and the success page, with the checks of a11y.test.ts (routes.a11y.ts). A file of its own so that
// the two walks, each a chain of page loads in one browser context, run side by side.
import { describe } from 'vitest';
import { e2eSkipReason, useE2E } from './support/e2e';
import { registerRoutesA11y } from './routes.a11y';

describe.skipIf(e2eSkipReason())('the purchase at 375 px and 1280 px (Chromium, full local stack)', () => {
  const env = useE2E();
  registerRoutesA11y(env, 'purchase');
});
