// The checkout's two guards in Chromium, with texts and times written out here (docs/requirements.md#checkout), never taken from
// the code: one payment session per press of "Finalizar Compra" while one is under way (checkoutMachine is
// the only guard), and the logged-out redirect to /login exactly 3 s after the message (the page's clock is
// Playwright's fake clock, so no assertion depends on real time). Registered by checkout-and-orders.test.ts.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import type { E2E, Shopper, ShopperOptions } from './support/e2e';
import { addWithKeyboard, poll, settled, visit, waitForPayPage } from './support/storefront';

const LOGIN_REQUIRED_TEXT =
  'Você precisa entrar na sua conta para finalizar a compra. Redirecionando para o login em 3 segundos…';
const jackets = catalog.find((c) => c.id === 'jackets')!;
// A category visit and a checkout against the emulators take longer than vitest's default 20 s on a busy 2-core
// machine.
const JOURNEY_TIMEOUT_MS = 120_000;

async function withShopper(env: () => E2E, run: (shopper: Shopper) => Promise<void>, options: ShopperOptions = {}) {
  const shopper = await env().newShopper({ reducedMotion: true, ...options });
  try {
    await run(shopper);
    expect(shopper.pageErrors, 'uncaught errors in the page').toEqual([]);
  } finally {
    await shopper.close();
  }
}

export function registerCheckoutGuards(env: () => E2E) {
  describe('checkout guards in Chromium', () => {
    it(
      'a second press of Finalizar Compra while the session is created sends no second request',
      async () =>
        withShopper(
          env,
          async ({ page }) => {
            await visit(page, `/category/${jackets.id}`);
            await addWithKeyboard(page, 'Jaqueta de Couro Preta');

            // The session request is held until both presses are in: the second lands while submitting.
            const held: Route[] = [];
            await page.route('**/create-checkout-session', async (route) => {
              if (route.request().method() === 'POST') held.push(route);
              else await route.continue();
            });
            await page.goto('/checkout');
            await settled(page);
            const button = page.getByRole('button', { name: 'Finalizar Compra' });
            await button.press('Enter');
            await poll(() => held.length, 'the first request').toBe(1);
            await poll(() => button.getAttribute('aria-busy'), 'busy while submitting').toBe('true');
            await button.press('Enter');
            // aria-disabled: Playwright would wait for it to be enabled; a shopper's click lands anyway.
            await button.click({ force: true });

            // Released: the browser leaves for the payment page, and only one request was ever made.
            await held[0]!.continue();
            await waitForPayPage(page, env().backend);
            expect(held.length).toBe(1);
          },
          { account: await env().createAccount('duplo') },
        ),
      JOURNEY_TIMEOUT_MS,
    );

    it(
      'logged out: the message, still on /checkout at 2999 ms, on /login at 3000 ms (fake clock)',
      () =>
        withShopper(env, async ({ page }) => {
          await visit(page, '/');
          const start = new Date('2030-01-01T12:00:00Z').getTime();
          await page.clock.install({ time: start });
          await page.clock.pauseAt(start + 1_000);
          await page.goto('/checkout');
          // The clock only moves when told to: in 100 ms steps until the message is up (the countdown starts with
          // it, so at most 100 ms of it have run when it shows).
          const message = page.getByRole('status').filter({ hasText: 'Você precisa entrar na sua conta' });
          for (let steps = 0; !(await message.isVisible()); steps += 1) {
            if (steps > 300) throw new Error('the login-required message never showed');
            await page.clock.runFor(100);
          }
          expect(await message.textContent()).toBe(LOGIN_REQUIRED_TEXT);
          await page.clock.runFor(2_899);
          expect(new URL(page.url()).pathname, 'before 3 s').toBe('/checkout');
          expect(await message.isVisible()).toBe(true);
          await page.clock.runFor(101);
          await poll(() => new URL(page.url()).pathname, 'at 3 s').toBe('/login');
          // Time flows again, so the login page can finish rendering (its lazy parts wait on timers).
          await page.clock.resume();
          await page.getByRole('heading', { name: 'Login' }).waitFor();
        }),
      JOURNEY_TIMEOUT_MS,
    );
  });
}
