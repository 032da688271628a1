// @vitest-environment node
// The end-to-end suite: ONE local stack (emulators, seeded catalog, backend with the simulated payment
// provider, the storefront built for this stack) and one Chromium, shared by every describe below.
import { afterAll, beforeAll, describe } from 'vitest';
import { e2eUnavailable, startE2E, type E2E } from './support/e2e';
import { registerCartModel, registerCartModelTeeth } from './cart.model';
import { registerCheckoutGuards } from './checkoutGuards';
import { registerInspector } from './inspector';
import { registerJourney } from './journey';
import { registerOrders } from './orders';
import { registerPrerender } from './prerender';
import { registerRoutesA11y } from './routes.a11y';
import { registerSearchJourney } from './search.journey';

const unavailable = e2eUnavailable();
if (unavailable) console.warn(`Skipping the end-to-end suite (set CI=true to make this a failure): ${unavailable}`);

describe.skipIf(unavailable)('storefront end to end (Chromium, full local stack)', () => {
  let e2e: E2E | undefined;
  const env = () => {
    if (!e2e) throw new Error('the e2e stack did not start');
    return e2e;
  };
  beforeAll(async () => {
    e2e = await startE2E();
  }, 300_000);
  afterAll(async () => {
    await e2e?.stop();
  }, 60_000);

  registerPrerender(env);
  registerJourney(env);
  registerCheckoutGuards(env);
  registerCartModel(env);
  registerCartModelTeeth(env);
  registerRoutesA11y(env);
  registerSearchJourney(env);
  registerInspector(env);
  registerOrders(env);
});
