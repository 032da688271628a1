// The rows of the fault table (docs/faults.md) that pause no process, on the run's shared stack and Chromium:
// the browser offline or its connection dropped for one chunk, localStorage full or denied, two tabs adding at
// once, an oversized input. Each asserts what the shopper sees and what is kept. The rows that pause the
// Firestore emulator or the backend are test/faults/faults.test.ts, on a stack of their own. The texts are
// written out here, not imported from the code they check.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { accountsOf, sessionsOf } from './support/emulatorRest';
import { e2eSkipReason, useE2E, type E2E, type Shopper } from './support/e2e';
import {
  addWithKeyboard,
  cartButton,
  cartPanel,
  CHECKOUT_FAILED,
  expectHeaderCount,
  savedCart,
  settled,
  shownLines,
  uniqueEmail,
  visit,
  waitForPayPage,
  alertWith,
  fillSignUp,
  navigate,
} from './support/storefront';

const PAGE_FAILED = 'Não foi possível carregar esta página. Verifique sua conexão e tente novamente.';
const CART_NOT_SAVED =
  'Não conseguimos salvar seu carrinho neste navegador; ele ficará salvo enquanto esta aba estiver aberta.';

const [jackets, sneakers] = [catalog[0]!, catalog[1]!];
const [jaqueta, blazer, cortaVento] = [jackets.products[0]!, jackets.products[1]!, jackets.products[2]!];
const tenis = sneakers.products[0]!;

/** A signed-in shopper on /checkout with the black jacket in the cart. */
async function atCheckout(shopper: Shopper, prefix: string): Promise<string> {
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
  return email;
}

describe.skipIf(e2eSkipReason())("faults on the shopper's side (Chromium, full local stack)", () => {
  const env = useE2E();
  /** Runs `test` with a fresh shopper (no service worker: the lazy chunks come from the network), closed after. */
  const asShopper = async (test: (shopper: Shopper, e2e: E2E) => Promise<void>) => {
    const e2e = env();
    const shopper = await e2e.newShopper();
    try {
      await test(shopper, e2e);
    } finally {
      await shopper.close();
    }
  };

  it('d) offline, a click to /login, /checkout or /pedidos: the page message with "Tentar novamente"; back online the page appears without a reload', () =>
    asShopper(async ({ page, context, pageErrors }) => {
      await visit(page, '/');
      await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
      // /login first: a logged-out visitor of /checkout or /pedidos is sent to /login after 3 s, which downloads
      // the login page's code; on a loaded machine that could happen before the test moves on, and /login offline
      // would then have nothing left to fail.
      const pages: Array<[string, () => Promise<void>]> = [
        ['/login', () => page.getByRole('heading', { level: 1, name: 'Login' }).waitFor()],
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
    }));

  it('d) a page chunk that fails while the browser says it is online: the page message; "Tentar novamente" loads the page', () =>
    asShopper(async ({ page }) => {
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
    }));

  it('e) offline, "Finalizar Compra", back online: the next press reaches the payment page', () =>
    asShopper(async (shopper, e2e) => {
      const { page, context } = shopper;
      await atCheckout(shopper, 'offline');
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Finalizar Compra' }).click();
      await page.getByText(CHECKOUT_FAILED).waitFor({ timeout: 10_000 });
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Finalizar Compra' }).click();
      await waitForPayPage(page, e2e.backend);
    }));

  it('g) localStorage full, then add to cart: the warning once, and the header and the cart keep every item in the tab', () =>
    asShopper(async ({ page }) => {
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
    }));

  it('j) two tabs add at the same moment, 10 rounds: every add is kept', () =>
    asShopper(async (shopper) => {
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
    }));

  it('k) localStorage access denied: the product page adds, /checkout and /sign-up render, no uncaught error', () =>
    asShopper(async ({ page, context, pageErrors }) => {
      await context.addInitScript(() =>
        Object.defineProperty(window, 'localStorage', {
          configurable: true,
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        }),
      );
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
    }));

  it('l) sign-up with a 10,000-character name: the form refuses it, no account is created', () =>
    asShopper(async ({ page }, e2e) => {
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
      expect((await accountsOf(e2e)).filter((a) => a.email === email)).toEqual([]);
    }));

  it('m) the boleto CPF form with an oversized body: 413 with a pt-BR page, not 503', () =>
    asShopper(async (shopper, e2e) => {
      const email = await atCheckout(shopper, 'boleto');
      await shopper.page.getByRole('button', { name: 'Finalizar Compra' }).click();
      await waitForPayPage(shopper.page, e2e.backend);
      const [session] = await sessionsOf(e2e, email);
      const sessionId = session!.name.split('/').pop()!;
      const post = (cpf: string) =>
        fetch(`${e2e.backend}/pay/${sessionId}/boleto`, {
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
    }));
});
