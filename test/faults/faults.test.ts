// The rows of the fault table of docs/faults.md that pause a process (the Firestore emulator or the backend, with
// SIGSTOP), in Chromium against a local stack of this suite's own: each asserts what the shopper sees within its
// deadline and what is kept after recovery. The rows that pause nothing run on the shared e2e stack
// (test/e2e/shopperFaults.test.ts). The texts are written out here, not imported from the code they check.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import {
  addWithKeyboard,
  cartButton,
  cartPanel,
  CHECKOUT_FAILED,
  hydrated,
  settled,
  signUp,
  uniqueEmail,
  visit,
  waitForPayPage,
  alertWith,
  fillSignUp,
  navigate,
  TEST_PASSWORD,
} from '../e2e/support/storefront';
import { sessionsOf } from '../e2e/support/emulatorRest';
import { faultsSkipReason, useFaults, type Faults } from './support/faults';

const PROFILE_FAILED = 'Não foi possível carregar seu perfil. Verifique sua conexão e tente novamente.';
const ORDERS_FAILED = 'Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.';
const SIGN_UP_FAILED = 'Não foi possível concluir o cadastro agora. Verifique sua conexão e tente novamente.';
/** Each deadline, plus what a loaded 2-core machine adds between the deadline and the text on screen. */
const SLACK_MS = 4_000;
const within = (deadlineMs: number) => ({ timeout: deadlineMs + SLACK_MS });

const jackets = catalog[0]!;
const jaqueta = jackets.products[0]!;

/** A signed-in shopper on /checkout with the black jacket in the cart. */
async function atCheckout(faults: Faults, prefix: string) {
  const shopper = await faults.newShopper();
  const email = uniqueEmail(prefix);
  const { page } = shopper;
  await fillSignUp(page, 'Maria', email);
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await visit(page, `/category/${jackets.id}`);
  await addWithKeyboard(page, jaqueta.name);
  await cartButton(page).click();
  await cartPanel(page).getByRole('button', { name: 'Ir para o Checkout' }).click();
  await page.waitForURL('**/checkout');
  await settled(page);
  return { ...shopper, email };
}

describe.skipIf(faultsSkipReason())('faults: every wait ends, nothing is lost', () => {
  const env = useFaults();

  it('a) Firestore hangs while signed in, on /: the prerendered catalog stays usable, the profile message within 8 s; the retry loads it', async () => {
    const faults = env();
    const { page } = await faults.newShopper();
    await signUp(page, 'perfil');
    await faults.hang('firestore');
    await page.goto('/');
    await hydrated(page);
    const message = alertWith(page, PROFILE_FAILED);
    await message.waitFor(within(8_000));
    await message.getByRole('button', { name: 'Tentar novamente' }).waitFor();
    // The prerendered home is on screen and nothing covers it.
    await page
      .getByRole('link', { name: new RegExp(jackets.displayName) })
      .first()
      .waitFor();
    expect(await page.getByTestId('loading-overlay').count()).toBe(0);

    faults.resume('firestore');
    await message.getByRole('button', { name: 'Tentar novamente' }).click();
    await message.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Sair' }).waitFor();
  });

  it('b) Firestore hangs on /pedidos: the orders message within 8 s; after it returns "Tentar novamente" shows the orders', async () => {
    const faults = env();
    const { page } = await faults.newShopper();
    await signUp(page, 'pedidos');
    await settled(page);
    await faults.hang('firestore');
    await navigate(page, '/pedidos');
    const message = page.getByText(ORDERS_FAILED);
    const started = Date.now();
    await message.waitFor(within(8_000));
    expect(Date.now() - started).toBeLessThan(8_000 + SLACK_MS);

    faults.resume('firestore');
    await page.getByRole('button', { name: 'Tentar novamente' }).last().click();
    await page.getByText('Você ainda não tem pedidos.').waitFor({ timeout: 15_000 });
  });

  it('c) Firestore hangs during sign-up: the sign-up message within 10 s; after it returns the users document is there with the typed name and e-mail', async () => {
    const faults = env();
    const { page } = await faults.newShopper();
    const email = uniqueEmail('cadastro');
    await fillSignUp(page, 'Joana', email);
    await faults.hang('firestore');
    await page.getByRole('button', { name: 'Criar Conta' }).click();
    await page.getByText(SIGN_UP_FAILED).waitFor(within(10_000));

    faults.resume('firestore');
    // The next app start (or log-in) repairs the missing profile from the Auth record and the typed name.
    // The header shows "Login" until the sign-in state is known, so ask /login: once it is known, /login shows the
    // form (signed out) or sends a signed-in shopper home, where the header says "Sair".
    await visit(page, '/login');
    const emailField = page.getByLabel('E-mail', { exact: true });
    await emailField.or(page.getByRole('button', { name: 'Sair' })).waitFor();
    if (await emailField.isVisible()) {
      await emailField.fill(email);
      await page.getByLabel('Senha', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    }
    await expect
      .poll(
        async () =>
          (await faults.documents('users')).find((d) => d.fields.email?.stringValue === email)?.fields.firstName
            ?.stringValue ?? null,
        {
          timeout: 20_000,
          message: 'the users document of the new account',
        },
      )
      .toBe('Joana');
  });

  it('f) the backend hangs on "Finalizar Compra": the checkout message within 8 s', async () => {
    const faults = env();
    const { page } = await atCheckout(faults, 'backend');
    await faults.hang('backend');
    const started = Date.now();
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    await page.getByText(CHECKOUT_FAILED).waitFor(within(8_000));
    expect(Date.now() - started).toBeLessThan(8_000 + SLACK_MS);
  });

  it('i) backend slow, the checkout times out, a retry after it recovers: one checkout session, created with the Idempotency-Key', async () => {
    const faults = env();
    const { page, email } = await atCheckout(faults, 'lento');
    await faults.hang('backend');
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    await page.getByText(CHECKOUT_FAILED).waitFor(within(8_000));
    faults.resume('backend');
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    await waitForPayPage(page, faults.backend);
    // The request queued while the backend was paused is served too: still one session for the attempt.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const sessions = await sessionsOf(faults, email);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.fields.idempotencyKey?.stringValue ?? '', 'the Idempotency-Key the backend received').toMatch(
      /\S/,
    );
  });
});
