// The fault table of docs/faults.md, redone in Chromium against a local stack of this suite's own: each row
// injects one fault (a process paused with SIGSTOP, the browser offline, localStorage full or denied, slow
// hydration, a race between tabs, an oversized input) and asserts what the shopper sees within its deadline and
// what is kept after recovery. The texts are written out here, not imported from the code they check.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import {
  addWithKeyboard,
  cartButton,
  cartPanel,
  CHECKOUT_FAILED,
  expectHeaderCount,
  hydrated,
  savedCart,
  settled,
  shownLines,
  signUp,
  uniqueEmail,
  visit,
  waitForPayPage,
} from '../e2e/support/storefront';
import { faultsSkipReason, useFaults, type Faults } from './support/faults';

const PROFILE_FAILED = 'Não foi possível carregar seu perfil. Verifique sua conexão e tente novamente.';
const ORDERS_FAILED = 'Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.';
const SIGN_UP_FAILED = 'Não foi possível concluir o cadastro agora. Verifique sua conexão e tente novamente.';
const PAGE_FAILED = 'Não foi possível carregar esta página. Verifique sua conexão e tente novamente.';
const CART_NOT_SAVED =
  'Não conseguimos salvar seu carrinho neste navegador; ele ficará salvo enquanto esta aba estiver aberta.';
/** Each deadline, plus what a loaded 2-core machine adds between the deadline and the text on screen. */
const SLACK_MS = 4_000;
const within = (deadlineMs: number) => ({ timeout: deadlineMs + SLACK_MS });

const [jackets, sneakers] = [catalog[0]!, catalog[1]!];
const [jaqueta, blazer, cortaVento] = [jackets.products[0]!, jackets.products[1]!, jackets.products[2]!];
const tenis = sneakers.products[0]!;
const PASSWORD = 'segredo123';

/** An in-app navigation, what a link click does (wouter follows pushState). */
const navigate = (page: Page, path: string) => page.evaluate((to) => window.history.pushState(null, '', to), path);
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Fills the sign-up form (Nome, Sobrenome, E-mail, Senha, Confirmação) without submitting it. */
async function fillSignUp(page: Page, name: string, email: string) {
  await visit(page, '/sign-up');
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('Sobrenome', { exact: true }).fill('Silva');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmação de senha', { exact: true }).fill(PASSWORD);
}

/** The checkout session documents of a shopper (the backend's `checkoutSessions`, read as the owner). */
async function sessionsOf(faults: Faults, email: string) {
  const sessions = await faults.documents('checkoutSessions');
  return sessions.filter((s) => s.fields.email?.stringValue === email);
}

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
      await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
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

  it('d) offline, a click to /checkout, /pedidos or /login: the page message with "Tentar novamente"; back online the page appears without a reload', async () => {
    const faults = env();
    const { page, context, pageErrors } = await faults.newShopper();
    await visit(page, '/');
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    const pages: Array<[string, () => Promise<void>]> = [
      ['/checkout', () => page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor()],
      [
        '/pedidos',
        () =>
          page
            .getByRole('heading', { level: 1, name: 'Meus pedidos' })
            .or(page.getByRole('heading', { level: 1, name: 'Login' }))
            .first()
            .waitFor(),
      ],
      ['/login', () => page.getByRole('heading', { level: 1, name: 'Login' }).waitFor()],
    ];
    for (const [path, shown] of pages) {
      await context.setOffline(true);
      await navigate(page, path);
      const message = alertWith(page, PAGE_FAILED);
      await message.waitFor({ timeout: 10_000 });
      await message.getByRole('button', { name: 'Tentar novamente' }).waitFor();
      // Pressed while still offline: the message stays, nothing goes blank.
      await message.getByRole('button', { name: 'Tentar novamente' }).click();
      await message.waitFor();

      await context.setOffline(false);
      await shown();
      await message.waitFor({ state: 'detached' });
      await navigate(page, '/');
      await settled(page);
    }
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('d) a page chunk that fails while the browser says it is online: the page message; "Tentar novamente" loads the page', async () => {
    const faults = env();
    const { page } = await faults.newShopper();
    await visit(page, '/');
    // The connection drops for this one chunk only: navigator.onLine stays true, so the download is started.
    const dropped = (url: URL) => /^\/LoginPage\.[^/]*\.js$/.test(url.pathname);
    await page.route(dropped, (route) => route.abort('internetdisconnected'));
    await navigate(page, '/login');
    const message = alertWith(page, PAGE_FAILED);
    await message.waitFor({ timeout: 10_000 });
    await page.unroute(dropped);
    await message.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('e) offline, "Finalizar Compra", back online: the next press reaches the payment page', async () => {
    const faults = env();
    const { page, context } = await atCheckout(faults, 'offline');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    await page.getByText(CHECKOUT_FAILED).waitFor({ timeout: 10_000 });
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    await waitForPayPage(page, faults.backend);
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

  it('g) localStorage full, then add to cart: the warning once, and the header and the cart keep every item in the tab', async () => {
    const faults = env();
    const { page } = await faults.newShopper();
    await visit(page, `/category/${jackets.id}`);
    // Fill this origin's quota with other data (1 MB values, then smaller ones, until nothing fits).
    const filled = await page.evaluate(() => {
      let size = 1 << 20;
      let stored = 0;
      for (let i = 0; size >= 16; i++) {
        try {
          window.localStorage.setItem(`filler-${i}`, 'x'.repeat(size));
          stored += size;
        } catch {
          size = Math.floor(size / 2);
        }
      }
      return stored;
    });
    expect(filled).toBeGreaterThan(1 << 20);
    for (const product of [jaqueta, blazer, cortaVento]) await addWithKeyboard(page, product.name);
    await expectHeaderCount(page, 3, 'after three adds with storage full');
    const warning = page.getByTestId('cart-storage-warning');
    await warning.waitFor({ timeout: 10_000 });
    expect(await warning.textContent()).toContain(CART_NOT_SAVED);
    expect(await warning.getAttribute('role')).toBe('status');
    await cartButton(page).click();
    expect(await shownLines(cartPanel(page))).toEqual(
      [jaqueta, blazer, cortaVento].map((p) => ({ name: p.name, quantity: 1 })),
    );
    expect(await page.getByTestId('cart-storage-warning').count()).toBe(1);
  });

  it('h) text typed in the search field before hydration: kept through hydration, and Enter (before or after it) searches that text once', async () => {
    const faults = env();
    for (const enter of ['after hydration', 'before hydration'] as const) {
      const { page } = await faults.newShopper();
      // Hold every script back until the text is typed: the page stays prerendered HTML without React.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.endsWith('.js'),
        async (route) => {
          await released;
          await route.continue();
        },
      );
      const searches: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/search') searches.push(frame.url());
      });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const field = page.getByRole('searchbox', { name: 'Buscar produtos' });
      await field.pressSequentially('jaqueta', { delay: 20 });
      expect(await page.evaluate(() => '__clubTakeEarlyClicks' in window), `still before hydration (${enter})`).toBe(
        true,
      );
      if (enter === 'before hydration') await field.press('Enter');
      release();
      if (enter === 'after hydration') {
        await hydrated(page);
        expect(await field.inputValue(), 'the typed text after hydration').toBe('jaqueta');
        await field.press('Enter');
      }
      await page.waitForURL((url) => url.pathname === '/search');
      await hydrated(page);
      await page
        .getByRole('link', { name: new RegExp(jaqueta.name) })
        .first()
        .waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).searchParams.getAll('q'), enter).toEqual(['jaqueta']);
      expect(await page.getByRole('searchbox', { name: 'Buscar produtos' }).inputValue(), enter).toBe('jaqueta');
      // Once: one trip to /search (a second search would add a navigation).
      expect(searches, enter).toHaveLength(1);
    }
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

  it('j) two tabs add at the same moment, 10 rounds: every add is kept', async () => {
    const faults = env();
    const shopper = await faults.newShopper();
    const tabs = [shopper.page, await shopper.newTab()];
    const products = [jaqueta, tenis];
    await visit(tabs[0]!, `/category/${jackets.id}`);
    await visit(tabs[1]!, `/category/${sneakers.id}`);
    const ROUNDS = 10;
    for (let round = 0; round < ROUNDS; round++) {
      // Both clicks scheduled for the same wall-clock millisecond, in each tab's own event loop.
      const at = Date.now() + 300;
      await Promise.all(
        tabs.map((tab, i) =>
          tab.evaluate(
            ([name, when]) =>
              new Promise<void>((resolve) =>
                setTimeout(() => {
                  document
                    .querySelector<HTMLButtonElement>(`button[aria-label="Adicionar ao carrinho: ${name}"]`)!
                    .click();
                  resolve();
                }, when - Date.now()),
              ),
            [products[i]!.name, at] as const,
          ),
        ),
      );
    }
    const want = products.map((p) => ({ id: p.id, quantity: ROUNDS }));
    await expect
      .poll(
        async () =>
          ((await savedCart(tabs[0]!)) ?? [])
            .map((i) => ({ id: i.id, quantity: i.quantity }))
            .sort((a, b) => a.id.localeCompare(b.id)),
        { timeout: 10_000 },
      )
      .toEqual(want.sort((a, b) => a.id.localeCompare(b.id)));
    for (const tab of tabs) await expectHeaderCount(tab, 2 * ROUNDS, 'in each tab');
  });

  it('k) localStorage access denied: the product page adds, /checkout and /sign-up render, no uncaught error', async () => {
    const faults = env();
    const denied = `Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });`;
    const { page, pageErrors } = await faults.newShopper({ initScript: denied });
    await visit(page, `/product/${jaqueta.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Adicionar ao carrinho', exact: true }).click();
    await expectHeaderCount(page, 1, 'after the add with storage denied');
    await navigate(page, '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await navigate(page, '/sign-up');
    await page.getByRole('heading', { level: 1, name: 'Criar Conta' }).waitFor();
    await visit(page, '/sign-up');
    await page.getByRole('heading', { level: 1, name: 'Criar Conta' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('l) sign-up with a 10,000-character name: the form refuses it, no account is created', async () => {
    const faults = env();
    const { page } = await faults.newShopper();
    const email = uniqueEmail('longo');
    await fillSignUp(page, 'Maria', email);
    // Put the whole value in, as a paste or an autofill would, whatever the field's maxlength.
    await page.getByLabel('Nome', { exact: true }).evaluate((input: HTMLInputElement, value) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, 'A'.repeat(10_000));
    await page.getByRole('button', { name: 'Criar Conta' }).click();
    await page.getByText(/Nome pode ter no máximo \d+ caracteres\./).waitFor({ timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await faults.accounts()).filter((a) => a.email === email)).toEqual([]);
  });

  it('m) the boleto CPF form with an oversized body: 413 with a pt-BR page, not 503', async () => {
    const faults = env();
    const { page, email } = await atCheckout(faults, 'boleto');
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    await waitForPayPage(page, faults.backend);
    const [session] = await sessionsOf(faults, email);
    const sessionId = session!.name.split('/').pop()!;
    const post = (cpf: string) =>
      fetch(`${faults.backend}/pay/${sessionId}/boleto`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams({ cpf }).toString(),
      });
    // 1.5 KB (the table's "over 1 KB"): refused with a pt-BR page, never a 503.
    const small = await post('1'.repeat(1536));
    expect(small.status).toBeGreaterThanOrEqual(400);
    expect(small.status).toBeLessThan(500);
    expect(await small.text()).toMatch(/<html[^>]*lang="pt-BR"/);
    // Over every form limit the backend sets (under its 64 KB limit for every body): 413.
    const response = await post('1'.repeat(32 * 1024));
    const body = await response.text();
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type') ?? '').toMatch(/text\/html/);
    expect(body).toMatch(/<html[^>]*lang="pt-BR"/);
    expect(body).toContain('Formulário grande demais');
  });
});
