// What a shopper sees and does, in Playwright terms: elements found by role and accessible name, exactly as
// the storefront names them (docs/requirements.md).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { cartCount, cartTotal, formatBRL, type CartItem } from '../../../src/domain';

export const cartButton = (page: Page) => page.getByRole('button', { name: /^Carrinho \(/ });
export const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Carrinho' });
export const addButton = (page: Page, productName: string) =>
  page.getByRole('button', { name: `Adicionar ao carrinho: ${productName}`, exact: true });

/** What the checkout says when the backend fails or does not answer in time, as the shopper reads it. */
export const CHECKOUT_FAILED = 'Não foi possível iniciar o pagamento. Tente novamente em instantes.';

/**
 * Waits until "Finalizar Compra" has taken the browser to the backend's pay page. The backend creates the
 * session first (token check, catalog prices, Firestore writes), which took more than the context's 10 s on a
 * loaded 2-core machine.
 */
export async function waitForPayPage(page: Page, backend: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(backend), { timeout: 30_000 });
}

/**
 * The page's address, its h1 headings and its alert and status messages, for a failing step's message: a timeout
 * alone does not say whether the page was elsewhere or showed an error message.
 */
export async function describePage(page: Page): Promise<string> {
  if (page.isClosed()) return 'closed';
  const shown = await page
    .evaluate(() =>
      Array.from(document.querySelectorAll('h1, [role="alert"], [role="status"]'))
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[${element.getAttribute('role')}]` : ''} "${(element.textContent ?? '').trim().slice(0, 120)}"`,
        )
        .filter((line) => !line.endsWith('""')),
    )
    .catch((error: unknown) => [`(not readable: ${error instanceof Error ? error.message : String(error)})`]);
  return `${page.url()} ${shown.join(', ') || '(no heading, alert or status)'}`;
}

/** Waits until the loading overlay (unknown auth state, catalog loading) is gone. */
export async function settled(page: Page): Promise<void> {
  // The app has rendered (the header is there), and no overlay is left (there can be two at once: the
  // global one for an unknown auth state and a page's own while its data loads).
  await cartButton(page).waitFor();
  await hydrated(page);
  await page.getByTestId('loading-overlay').first().waitFor({ state: 'detached' });
}

/**
 * A prerendered page is painted before it works: wait until React has hydrated it (the early-click catcher of
 * src/earlyClicks.ts is gone then; the SPA shell never has one), plus two frames for the render that follows.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !('__clubTakeEarlyClicks' in window));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** expect.poll with the patience the emulators need on a busy 2-core machine. */
export const poll = <T>(read: () => Promise<T> | T, message = '') =>
  expect.poll(read, { timeout: 10_000, interval: 100, message });

export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page);
}

/**
 * Adds a product from the visible card the way a keyboard user does: focus the card's button (it appears on
 * hover and on keyboard focus: docs/requirements.md#layout) and press Enter.
 */
export async function addWithKeyboard(page: Page, productName: string): Promise<void> {
  const button = addButton(page, productName);
  await button.focus();
  await poll(() => button.evaluate((el) => getComputedStyle(el).opacity), `add button of ${productName} shown`).toBe(
    '1',
  );
  await page.keyboard.press('Enter');
}

/** Reads the header's count (the cart button's accessible name carries it). */
export async function headerCount(page: Page): Promise<number> {
  const label = await cartButton(page).getAttribute('aria-label');
  const match = /^Carrinho \((\d+) itens?\)$/.exec(label ?? '');
  if (!match) throw new Error(`unexpected cart button label: ${label}`);
  return Number(match[1]);
}

/** The cart button's name for a count, written out here (not imported from the Header it checks). */
const cartButtonName = (count: number) => (count === 1 ? 'Carrinho (1 item)' : `Carrinho (${count} itens)`);

export async function expectHeaderCount(page: Page, count: number, at = ''): Promise<void> {
  await poll(() => cartButton(page).getAttribute('aria-label'), `header count ${at}`).toBe(cartButtonName(count));
}

export interface ShownLine {
  name: string;
  quantity: number;
}

/** The lines of a cart list (panel or checkout) as the shopper reads them. */
export async function shownLines(scope: Locator): Promise<ShownLine[]> {
  const lines = scope.getByTestId('cart-line');
  const result: ShownLine[] = [];
  for (const line of await lines.all()) {
    const name = (await line.locator('span').first().textContent()) ?? '';
    const quantity = Number(await line.getByTestId('cart-line-quantity').textContent());
    result.push({ name, quantity });
  }
  return result;
}

/** Asserts the list in `scope` shows exactly `items` (names, quantities, total in R$) or the empty text. */
export async function expectLines(scope: Locator, items: readonly CartItem[], at = ''): Promise<void> {
  if (items.length === 0) {
    await scope.getByText('Seu carrinho está vazio!').waitFor();
    expect(await scope.getByTestId('cart-line').count(), at).toBe(0);
    return;
  }
  const want = items.map((i) => ({ name: i.name, quantity: i.quantity }));
  await poll(() => shownLines(scope), `lines ${at}`).toEqual(want);
  expect(await scope.getByTestId('cart-total').textContent(), `total ${at}`).toBe(
    `Total${formatBRL(cartTotal([...items]))}`,
  );
  expect(cartCount([...items])).toBe(want.reduce((sum, l) => sum + l.quantity, 0));
}

/** The saved cart (docs/requirements.md#data: localStorage key cartProducts). */
export async function savedCart(page: Page): Promise<CartItem[] | null> {
  const raw = await page.evaluate(() => window.localStorage.getItem('cartProducts'));
  return raw === null ? null : (JSON.parse(raw) as CartItem[]);
}

let accounts = 0;
/** A fresh e-mail per sign-up: the Auth emulator lives for the whole run. */
export function uniqueEmail(prefix = 'cliente'): string {
  accounts += 1;
  return `${prefix}.${process.pid}.${accounts}.${Date.now().toString(36)}@example.com`;
}

/** The password every test account is given. */
export const TEST_PASSWORD = 'segredo123';

/** An in-app navigation, what a link click does (wouter follows pushState). */
export const navigate = (page: Page, path: string) =>
  page.evaluate((to) => window.history.pushState(null, '', to), path);

/** The alert that shows `text`. */
export const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Fills the sign-up form (Nome, Sobrenome, E-mail, Senha, Confirmação) without submitting it. */
export async function fillSignUp(page: Page, name: string, email: string): Promise<void> {
  await visit(page, '/sign-up');
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('Sobrenome', { exact: true }).fill('Silva');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirmação de senha', { exact: true }).fill(TEST_PASSWORD);
}

/**
 * Creates an account for Maria Silva (a fresh e-mail from `prefix`) on /sign-up, and waits for the home page
 * the storefront sends a new shopper to.
 */
export async function signUp(page: Page, prefix: string): Promise<void> {
  await fillSignUp(page, 'Maria', uniqueEmail(prefix));
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Adds one product from its category page with the keyboard, then goes to /checkout from the cart panel. */
export async function addAndGoToCheckout(page: Page, categoryId: string, productName: string): Promise<void> {
  await visit(page, `/category/${categoryId}`);
  await addWithKeyboard(page, productName);
  await cartButton(page).click();
  await cartPanel(page).getByRole('button', { name: 'Ir para o Checkout' }).click();
  await page.waitForURL('**/checkout');
  await settled(page);
}

/** The address the e2e shoppers ship to: a real São Paulo CEP, so its UF is SP. */
export const DELIVERY_ADDRESS = {
  recipient: 'Maria Silva',
  cep: '01310-100',
  street: 'Rua Augusta',
  number: '100',
  complement: 'apto 12',
  neighborhood: 'Consolação',
  city: 'São Paulo',
  uf: 'SP',
} as const;

/**
 * The simulated pay page's "Entrega" step (server/payments/payPageMarkup.ts): the address, then a service, then
 * "Continuar para o pagamento", which leads to the payment step. The CEP is typed even when it is pre-filled.
 */
export async function fillDeliveryStep(
  page: Page,
  service: 'Econômica' | 'Expressa' = 'Econômica',
  address = DELIVERY_ADDRESS,
): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Entrega' }).waitFor();
  const fields: Array<[string, string]> = [
    ['Nome de quem recebe', address.recipient],
    ['CEP', address.cep],
    ['Rua', address.street],
    ['Número', address.number],
    ['Complemento', address.complement],
    ['Bairro', address.neighborhood],
    ['Cidade', address.city],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('UF', { exact: true }).selectOption(address.uf);
  await page.getByRole('radio', { name: service, exact: true }).check();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
}
