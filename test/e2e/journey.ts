// The shopper's journey through the real storefront in Chromium (full local stack), keyboard-first, elements
// found by role and accessible name. Texts are those of docs/requirements.md, written out here on purpose: the suite checks the
// screen against the requirements, not against the code's own constants. Registered by journeys.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import {
  EXPLORE_PRODUCTS_PER_CATEGORY,
  HOME_TILE_LIMIT,
  cartTotal,
  formatBRL,
  type CartItem,
  type Product,
} from '../../src/domain';
import type { E2E, Shopper, ShopperOptions } from './support/e2e';
import {
  addButton,
  addWithKeyboard,
  cartButton,
  cartPanel,
  expectHeaderCount,
  expectLines,
  fillDeliveryStep,
  poll,
  savedCart,
  settled,
  uniqueEmail,
  visit,
  waitForPayPage,
} from './support/storefront';

const [jackets, sneakers] = [catalog[0]!, catalog[1]!];
const jaqueta = jackets.products[0]!;
const blazer = jackets.products[1]!;
const tenis = sneakers.products[0]!;
const item = ({ id, name, imageUrl, price }: Product, quantity: number): CartItem => ({
  id,
  name,
  imageUrl,
  price,
  quantity,
});

const SUCCESS = 'Sua compra foi finalizada com sucesso!';
const FAILURE = 'Ocorreu um erro ao finalizar sua compra. Por favor, tente novamente.';
const PASSWORD = 'segredo123';

/** The message tied to a field (aria-describedby), or null: what a screen reader announces with it. */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  const id = await input.getAttribute('aria-describedby');
  if (!id) return null;
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  return page.locator(`[id="${id}"]`).textContent();
}

async function expectFieldErrors(page: Page, expected: Record<string, string | null>) {
  const read = async () =>
    Object.fromEntries(await Promise.all(Object.keys(expected).map(async (l) => [l, await fieldError(page, l)])));
  await poll(read, 'field errors').toEqual(expected);
}

async function expectLoggedIn(page: Page, loggedIn: boolean) {
  const nav = page.getByRole('navigation', { name: 'Principal' });
  await nav.getByRole('button', { name: 'Sair' }).waitFor({ state: loggedIn ? 'visible' : 'detached' });
  expect(await nav.getByRole('link', { name: 'Login' }).count()).toBe(loggedIn ? 0 : 1);
  expect(await nav.getByRole('link', { name: 'Criar Conta' }).count()).toBe(loggedIn ? 0 : 1);
}

/** Fills the sign-up form with the keyboard alone: focus the first field, type, Tab, …, Enter. */
async function signUpWithKeyboard(
  page: Page,
  values: { firstName: string; lastName: string; email: string; password: string; confirmation: string },
) {
  await page.getByLabel('Nome', { exact: true }).focus();
  const order = [values.firstName, values.lastName, values.email, values.password, values.confirmation];
  for (const [index, value] of order.entries()) {
    await page.keyboard.press('ControlOrMeta+A');
    if (value) await page.keyboard.type(value);
    else await page.keyboard.press('Delete');
    if (index < order.length - 1) await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
}

async function withShopper(env: () => E2E, run: (shopper: Shopper) => Promise<void>, options?: ShopperOptions) {
  const shopper = await env().newShopper(options);
  try {
    await run(shopper);
    expect(shopper.pageErrors, 'uncaught errors in the page').toEqual([]);
  } finally {
    await shopper.close();
  }
}

export function registerJourney(env: () => E2E) {
  describe('journey', () => {
    it('browses home (≤ 5 tiles) → a category → back home with the keyboard', () =>
      withShopper(env, async ({ page }) => {
        await visit(page, '/');
        const tiles = page.getByRole('list', { name: 'Categorias' }).getByRole('link');
        await tiles.first().waitFor();
        expect(await tiles.count()).toBe(Math.min(HOME_TILE_LIMIT, catalog.length));
        await tiles.filter({ hasText: jackets.displayName }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(`**/category/${jackets.id}`);
        await settled(page);
        await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(jackets.displayName);
        const cards = page.getByRole('list', { name: `Produtos: ${jackets.displayName}` }).getByRole('listitem');
        // The page shows the products it already knows at once (a prerendered home embeds 4 per category) and
        // the whole category when its own read answers.
        await poll(() => cards.count(), 'every product of the category').toBe(jackets.products.length);
        expect(await cards.first().textContent()).toContain(formatBRL(jaqueta.price));
        await page.getByRole('link', { name: 'Voltar para a página inicial' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/');
        await tiles.first().waitFor();
        await expectHeaderCount(page, 0);
      }));

    it(`explores every category with its first ${EXPLORE_PRODUCTS_PER_CATEGORY} products; Explorar and the brand link navigate`, () =>
      withShopper(env, async ({ page }) => {
        await visit(page, '/');
        await page.getByRole('link', { name: 'Explorar' }).click();
        await page.waitForURL('**/explore');
        await settled(page);
        for (const category of catalog) {
          const section = page.getByRole('region', { name: category.displayName });
          await section.waitFor();
          const names = await section.getByRole('heading', { level: 3 }).allTextContents();
          expect(names).toEqual(category.products.slice(0, EXPLORE_PRODUCTS_PER_CATEGORY).map((p) => p.name));
        }
        await page.getByRole('link', { name: 'Club Clothing' }).click();
        await page.waitForURL((url) => url.pathname === '/');
      }));

    it('adds from explore and from a category reached from a home tile; the cart panel (keyboard, Escape, quantities, total, empty text)', () =>
      withShopper(env, async ({ page }) => {
        await visit(page, '/');
        // The empty panel first.
        await cartButton(page).focus();
        await page.keyboard.press('Enter');
        await cartPanel(page).waitFor();
        await expectLines(cartPanel(page), [], 'empty panel');
        expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
        await page.keyboard.press('Escape');
        await cartPanel(page).waitFor({ state: 'hidden' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
          'Carrinho (0 itens)',
        );

        // From a home tile to its category, then explore.
        await page
          .getByRole('list', { name: 'Categorias' })
          .getByRole('link', { name: new RegExp(jackets.displayName) })
          .click();
        await page.waitForURL(`**/category/${jackets.id}`);
        await settled(page);
        await addWithKeyboard(page, jaqueta.name);
        await expectHeaderCount(page, 1, 'after adding from the category page');
        await addWithKeyboard(page, jaqueta.name);
        await expectHeaderCount(page, 2, 'the same product again');
        await visit(page, '/explore');
        await addWithKeyboard(page, tenis.name);
        await expectHeaderCount(page, 3, 'after adding from explore');
        // Pointer users get the button on hover.
        await page.getByRole('region', { name: jackets.displayName }).getByRole('img', { name: blazer.name }).hover();
        await addButton(page, blazer.name).click();
        await expectHeaderCount(page, 4, 'after adding on hover');

        // The panel with quantity controls, by keyboard.
        await cartButton(page).focus();
        await page.keyboard.press('Enter');
        const panel = cartPanel(page);
        await panel.waitFor();
        const box = await panel.boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(500);
        await expectLines(panel, [item(jaqueta, 2), item(tenis, 1), item(blazer, 1)], 'panel');
        expect(await panel.getByTestId('cart-total').textContent()).toMatch(/^TotalR\$\s/);
        await panel.getByRole('button', { name: `Aumentar quantidade de ${tenis.name}` }).focus();
        await page.keyboard.press('Enter');
        await expectLines(panel, [item(jaqueta, 2), item(tenis, 2), item(blazer, 1)], 'after +');
        await panel.getByRole('button', { name: `Diminuir quantidade de ${jaqueta.name}` }).press('Enter');
        await expectLines(panel, [item(jaqueta, 1), item(tenis, 2), item(blazer, 1)], 'after −');
        await panel.getByRole('button', { name: `Diminuir quantidade de ${jaqueta.name}` }).press('Enter');
        await expectLines(panel, [item(tenis, 2), item(blazer, 1)], 'quantity 0 removes the line');
        await panel.getByRole('button', { name: `Remover ${blazer.name} do carrinho` }).press('Enter');
        await expectLines(panel, [item(tenis, 2)], 'after remove');
        await expectHeaderCount(page, 2);
        expect(await savedCart(page)).toEqual([item(tenis, 2)]);
        // Focus stayed inside the modal panel while lines disappeared.
        expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);

        // The backdrop closes it too.
        await page.mouse.click(10, 400);
        await panel.waitFor({ state: 'hidden' });

        // 'Ir para o Checkout' closes the panel and goes to /checkout.
        await cartButton(page).click();
        await panel.getByRole('button', { name: 'Ir para o Checkout' }).click();
        await page.waitForURL('**/checkout');
        await panel.waitFor({ state: 'hidden' });
      }));

    it('keeps the cart across a reload and between two tabs of one browser', () =>
      withShopper(env, async ({ page, newTab }) => {
        await visit(page, `/category/${jackets.id}`);
        await addWithKeyboard(page, jaqueta.name);
        await addWithKeyboard(page, blazer.name);
        await expectHeaderCount(page, 2);
        await page.reload();
        await settled(page);
        await expectHeaderCount(page, 2, 'after reload');
        await cartButton(page).click();
        await expectLines(cartPanel(page), [item(jaqueta, 1), item(blazer, 1)], 'after reload');
        await page.keyboard.press('Escape');

        const second = await newTab();
        await visit(second, '/explore');
        await expectHeaderCount(second, 2, 'second tab opened later');
        await addWithKeyboard(second, tenis.name);
        await expectHeaderCount(second, 3, 'second tab');
        await expectHeaderCount(page, 3, 'first tab follows the second without a reload');
        await cartButton(page).click();
        await expectLines(cartPanel(page), [item(jaqueta, 1), item(blazer, 1), item(tenis, 1)], 'first tab panel');
      }));

    it('signs up with every validation message, then logs out; an e-mail in use is refused', () =>
      withShopper(env, async ({ page }) => {
        await visit(page, '/sign-up');
        await page.getByRole('button', { name: 'Criar Conta' }).press('Enter');
        await expectFieldErrors(page, {
          Nome: 'O campo nome é obrigatório',
          Sobrenome: 'O campo sobrenome é obrigatório',
          'E-mail': 'O campo e-mail é obrigatório',
          Senha: 'A senha precisa ter pelo menos 6 caracteres.',
          'Confirmação de senha': 'O campo confirmação de senha é obrigatório',
        });
        // Errors are announced (role=alert).
        expect(await page.getByRole('alert').count()).toBe(5);

        const email = uniqueEmail('maria');
        await signUpWithKeyboard(page, {
          firstName: 'Maria',
          lastName: 'Silva',
          email: 'sem-formato',
          password: '123',
          confirmation: '123',
        });
        await expectFieldErrors(page, {
          Nome: null,
          Sobrenome: null,
          // docs/requirements.md#validation: no format check on sign-up.
          'E-mail': null,
          Senha: 'A senha precisa ter pelo menos 6 caracteres.',
          'Confirmação de senha': 'A confirmação de senha precisa ter pelo menos 6 caracteres.',
        });
        await signUpWithKeyboard(page, {
          firstName: 'Maria',
          lastName: 'Silva',
          email,
          password: PASSWORD,
          confirmation: `${PASSWORD}x`,
        });
        await expectFieldErrors(page, {
          Senha: null,
          'Confirmação de senha': 'A confirmação de senha precisa ser igual a senha',
        });

        await signUpWithKeyboard(page, {
          firstName: 'Maria',
          lastName: 'Silva',
          email,
          password: PASSWORD,
          confirmation: PASSWORD,
        });
        await page.waitForURL((url) => url.pathname === '/');
        await expectLoggedIn(page, true);

        // Logged-in visitors of /login and /sign-up go home.
        for (const path of ['/login', '/sign-up']) {
          await page.goto(path);
          await page.waitForURL((url) => url.pathname === '/');
        }

        await page.getByRole('button', { name: 'Sair' }).press('Enter');
        await expectLoggedIn(page, false);

        await visit(page, '/sign-up');
        await signUpWithKeyboard(page, {
          firstName: 'Outra',
          lastName: 'Pessoa',
          email,
          password: PASSWORD,
          confirmation: PASSWORD,
        });
        await expectFieldErrors(page, { 'E-mail': 'Este e-mail já está sendo utilizado.' });
        await expectLoggedIn(page, false);
      }));

    it('logs in: required and format messages, wrong password, unknown e-mail, then success', async () => {
      // The account exists already (created on the Auth emulator); signing up is the test above.
      const { email } = await env().createAccount('login');
      await withShopper(env, async ({ page, context }) => {
        await visit(page, '/');
        await expectLoggedIn(page, false);

        await page.getByRole('link', { name: 'Login' }).press('Enter');
        await page.waitForURL('**/login');
        await settled(page);
        const submit = page.getByRole('button', { name: 'Entrar', exact: true });
        await submit.press('Enter');
        await expectFieldErrors(page, { 'E-mail': 'O e-mail é obrigatório.', Senha: 'A senha é obrigatória.' });

        const login = async (mail: string, password: string) => {
          await page.getByLabel('E-mail', { exact: true }).fill(mail);
          await page.getByLabel('Senha', { exact: true }).fill(password);
          await page.getByLabel('Senha', { exact: true }).press('Enter');
        };
        await login('nao-e-email', PASSWORD);
        await expectFieldErrors(page, { 'E-mail': 'Por favor, insira um e-mail válido.', Senha: null });
        await login(email, 'senha-errada');
        await expectFieldErrors(page, { 'E-mail': null, Senha: 'A senha é inválida.' });
        await login(uniqueEmail('ninguem'), PASSWORD);
        await expectFieldErrors(page, { 'E-mail': 'O e-mail não foi encontrado.', Senha: null });
        await login(email, PASSWORD);
        await page.waitForURL((url) => url.pathname === '/');
        await expectLoggedIn(page, true);

        // The session is the browser's: a new tab of the same context is logged in too.
        const tab = await context.newPage();
        await visit(tab, '/explore');
        await expectLoggedIn(tab, true);
      });
    });

    it('signs in with Google through the local account chooser (Cancelar first, then an account)', () =>
      withShopper(env, async ({ page }) => {
        await visit(page, '/login');
        await page.getByRole('button', { name: 'Entrar com o Google' }).press('Enter');
        const chooser = page.getByRole('dialog', { name: 'Escolha uma conta' });
        await chooser.waitFor();
        await chooser.getByRole('button', { name: 'Cancelar' }).click();
        await chooser.waitFor({ state: 'detached' });
        await expectLoggedIn(page, false);
        expect(page.url()).toMatch(/\/login$/);

        await page.getByRole('button', { name: 'Entrar com o Google' }).press('Enter');
        await chooser.waitFor();
        // The first account has focus: Enter picks it.
        expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Ana Souza');
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/');
        await expectLoggedIn(page, true);
      }));

    // The one card purchase (with Econômica): Pix and boleto are bought in deliveryJourney.ts and routes.a11y.ts.
    // The shopper starts signed in (an account made on the Auth emulator): signing up is tested above.
    describe('checkout → simulated payment → confirmation', () => {
      async function toCheckout(page: Page, items: CartItem[]) {
        await visit(page, `/category/${jackets.id}`);
        for (const line of items) for (let i = 0; i < line.quantity; i += 1) await addWithKeyboard(page, line.name);
        await cartButton(page).click();
        await cartPanel(page).getByRole('button', { name: 'Ir para o Checkout' }).press('Enter');
        await page.waitForURL('**/checkout');
        await settled(page);
        await expectLines(page.locator('body'), items, 'checkout page');
      }

      async function toPaymentStep(page: Page, items: CartItem[]) {
        await page.getByRole('button', { name: 'Finalizar Compra' }).press('Enter');
        await waitForPayPage(page, env().backend);
        // Every cart here is over R$ 299,00, so Econômica is free and the total is the products'.
        await fillDeliveryStep(page, 'Econômica');
        expect(await page.getByTestId('frete').textContent()).toBe('Grátis');
        expect(await page.getByTestId('total').textContent()).toBe(formatBRL(cartTotal(items)));
      }

      const signedIn = async (prefix: string) => ({ account: await env().createAccount(prefix) });

      it('Pagar → success, and the cart is cleared (also in storage)', async () =>
        withShopper(
          env,
          async ({ page }) => {
            const items = [item(jaqueta, 2), item(blazer, 1)];
            await toCheckout(page, items);
            await toPaymentStep(page, items);
            await page.getByRole('button', { name: 'Pagar', exact: true }).click();
            await page.waitForURL(
              (url) => url.href.startsWith(env().storefront) && url.pathname === '/payment-confirmation',
            );
            expect(new URL(page.url()).searchParams.get('success')).toBe('true');
            await page.getByRole('heading', { name: SUCCESS }).waitFor();
            await expectHeaderCount(page, 0, 'after success');
            expect(await savedCart(page)).toBeNull();
            await page.reload();
            await settled(page);
            await expectHeaderCount(page, 0, 'after success and reload');
            await page.getByRole('button', { name: 'Voltar para a página inicial' }).press('Enter');
            await page.waitForURL((url) => url.pathname === '/');
          },
          await signedIn('cartao'),
        ));

      it('Cancelar → the error text, the cart kept; again, Simular cartão recusado → the error text, the cart kept', async () =>
        withShopper(
          env,
          async ({ page }) => {
            const items = [item(blazer, 1)];
            await toCheckout(page, items);
            for (const [button, query] of [
              ['Cancelar', 'canceled'],
              ['Simular cartão recusado', 'success'],
            ] as const) {
              if (button !== 'Cancelar') {
                await visit(page, '/checkout');
                await expectLines(page.locator('body'), items, `checkout page before ${button}`);
              }
              await toPaymentStep(page, items);
              await page.getByRole('button', { name: button }).click();
              await page.waitForURL(
                (url) => url.href.startsWith(env().storefront) && url.pathname === '/payment-confirmation',
              );
              expect(new URL(page.url()).searchParams.get(query)).toBe(query === 'canceled' ? 'true' : 'false');
              await page.getByRole('heading', { name: FAILURE }).waitFor();
              await settled(page);
              await expectHeaderCount(page, 1, `after ${button}`);
              expect(await savedCart(page)).toEqual(items);
            }
          },
          await signedIn('recusado'),
        ));
    });
  });
}
