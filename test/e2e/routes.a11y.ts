// Every route of docs/requirements.md#routes (and the states a shopper meets on them), the backend's simulated pay page and Meus
// pedidos, at a phone width and a desktop width: axe-core (all default rules: WCAG 2 A/AA and best practices)
// must report zero violations and no content may stick out of its box sideways (reflow). A route that fails leaves
// a full-page screenshot at test-results/screenshots/<route>-<width>.png (git-ignored); a passing one leaves none.
//
// One shopper walks the routes once: each route (or state) is opened at 375 px and checked there, then the
// viewport becomes 1280 px and the same page, in the same state, is checked again; the next route opens at 375
// px again. Opening a route (a page load, a sign-up…) is the expensive part, so it is paid once for both widths.
// Nothing in the storefront reads the width in script: every difference between the widths is a CSS media
// query (src/ui/theme.ts: phone, tablet, desktop), and the only resize listener (the windowed grid of
// CategoryProducts, above 120 products) re-measures itself. So a state opened at 375 px is the same state at
// 1280 px; each route's `state` element is also checked to be still shown after the resize.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { describeViolations, runAxe } from './support/axe';
import type { E2E, Shopper } from './support/e2e';
import { SCREENSHOT_DIR } from './support/e2e';
import {
  addWithKeyboard,
  cartButton,
  cartPanel,
  describePage,
  expectHeaderCount,
  fillDeliveryStep,
  poll,
  settled,
  visit,
  waitForPayPage,
} from './support/storefront';

const jackets = catalog[0]!;
/** Each route opens at the first width and is checked at every width in turn. */
export const WIDTHS = [375, 1280] as const;
type Width = (typeof WIDTHS)[number];
const VIEWPORTS: Record<Width, { width: number; height: number }> = {
  375: { width: 375, height: 812 },
  1280: { width: 1280, height: 800 },
};

interface RouteCase {
  name: string;
  /** Modal dialogs are fixed to the viewport: a full-page shot would cut them at the first screen. */
  viewportOnly?: boolean;
  /** Brings the page into the state to check (from the previous route's state, or by loading a page). */
  open(page: Page, env: E2E): Promise<void>;
  /** What shows that the page is in that state: awaited after `open`, and still shown at every width. */
  state(page: Page): Locator;
  /** A state that does not last (a timed redirect): opened again at each width instead of resized. */
  reopenAtEachWidth?: boolean;
}

/** Closes what the previous route left open (the cart panel, a dialog) with Escape, then loads `path`. */
async function closeAndVisit(page: Page, path: string): Promise<void> {
  await page.keyboard.press('Escape');
  await visit(page, path);
}

const heading = (page: Page, name: string | RegExp) =>
  (typeof name === 'string'
    ? page.getByRole('heading', { name, exact: true })
    : page.getByRole('heading', { name })
  ).first();

/** The logged-out shopper's walk: the catalog, the cart panel, login and its chooser, the pages without data. */
const BROWSING: RouteCase[] = [
  {
    name: 'home',
    open: (page) => visit(page, '/'),
    state: (page) => page.getByRole('list', { name: 'Categorias' }).getByRole('link').first(),
  },
  { name: 'explore', open: (page) => visit(page, '/explore'), state: (page) => heading(page, 'Explorar') },
  {
    name: `category-${jackets.id}`,
    open: async (page) => {
      await visit(page, `/category/${jackets.id}`);
      await heading(page, jackets.displayName).waitFor();
      // A card with its add button shown (keyboard focus), and something in the cart for the panel below.
      await addWithKeyboard(page, jackets.products[0]!.name);
      await addWithKeyboard(page, jackets.products[1]!.name);
    },
    state: (page) => heading(page, jackets.displayName),
  },
  {
    name: 'cart-panel-open',
    viewportOnly: true,
    open: (page) => cartButton(page).press('Enter'),
    state: (page) => cartPanel(page).getByTestId('cart-line').first(),
  },
  {
    name: 'login',
    open: (page) => closeAndVisit(page, '/login'),
    state: (page) => heading(page, 'Login'),
  },
  {
    name: 'login-errors',
    open: (page) => page.getByRole('button', { name: 'Entrar', exact: true }).press('Enter'),
    state: (page) => page.getByRole('alert').first(),
  },
  {
    name: 'google-chooser',
    viewportOnly: true,
    open: (page) => page.getByRole('button', { name: 'Entrar com o Google' }).press('Enter'),
    state: (page) => page.getByRole('dialog', { name: 'Escolha uma conta' }),
  },
  {
    name: 'checkout-logged-out',
    // The page leaves for /login 3 s after its message (docs/requirements.md#checkout): under load the first width's checks took longer.
    reopenAtEachWidth: true,
    open: (page) => visit(page, '/checkout'),
    state: (page) => page.getByRole('status').filter({ hasText: 'Você precisa entrar' }),
  },
  {
    name: 'not-found',
    open: (page) => visit(page, '/pagina-que-nao-existe'),
    state: (page) => heading(page, 'Página não encontrada'),
  },
  {
    // Served as the prerendered 404 page (status 404) since every existing category is prerendered.
    name: 'category-not-found',
    open: (page) => visit(page, '/category/nao-existe'),
    state: (page) => heading(page, 'Página não encontrada'),
  },
  {
    name: 'payment-confirmation-canceled',
    open: (page) => visit(page, '/payment-confirmation?canceled=true'),
    state: (page) => heading(page, /Ocorreu um erro/),
  },
  {
    name: 'payment-confirmation-declined',
    open: (page) => visit(page, '/payment-confirmation?success=false'),
    state: (page) => heading(page, /Ocorreu um erro/),
  },
];

/**
 * The shopper who buys: a product page (adding it to the cart), sign-up and its messages, the checkout, the
 * backend's simulated pay page and "Meus pedidos" on a real boleto purchase with Expressa (the suite's one boleto
 * purchase: card is journey.ts's, Pix deliveryJourney.ts's), its success page, and the order paid.
 */
const PURCHASE: RouteCase[] = [
  {
    name: 'product',
    open: async (page) => {
      await visit(page, `/product/${jackets.products[1]!.id}`);
      // The cart of this walk's purchase.
      await page.getByRole('main').getByRole('button', { name: 'Adicionar ao carrinho', exact: true }).click();
      await expectHeaderCount(page, 1, 'after adding from the product page');
    },
    state: (page) => heading(page, jackets.products[1]!.name),
  },
  // The delivery estimator (docs/requirements.md#delivery): a refused CEP, then the options. The CEP is remembered, so the checkout
  // below shows its quote, the "Frete" and "Total com frete" lines too.
  {
    name: 'product-delivery-invalid',
    open: async (page) => {
      const field = page.getByLabel('Calcular frete', { exact: true });
      await field.fill('abc');
      await field.press('Enter');
    },
    state: (page) => page.getByRole('alert').filter({ hasText: 'CEP inválido' }),
  },
  {
    name: 'product-delivery-quoted',
    open: async (page) => {
      const field = page.getByLabel('Calcular frete', { exact: true });
      await field.fill('01310-100');
      await field.press('Enter');
    },
    state: (page) => page.getByRole('group', { name: 'Opções de entrega' }),
  },
  {
    name: 'sign-up',
    open: (page) => closeAndVisit(page, '/sign-up'),
    state: (page) => heading(page, 'Criar Conta'),
  },
  {
    name: 'sign-up-errors',
    open: (page) => page.getByRole('button', { name: 'Criar Conta' }).last().press('Enter'),
    state: (page) => page.getByRole('alert').first(),
  },
  {
    name: 'checkout-logged-in',
    open: async (page, env) => {
      // Signed in with an account made on the Auth emulator: the sign-up page is checked above, the sign-up
      // itself in journey.ts.
      await env.saveSession(page, await env.createAccount('axe'));
      await visit(page, '/checkout');
      await page.getByRole('button', { name: 'Sair' }).waitFor();
    },
    state: (page) => page.getByRole('button', { name: 'Finalizar Compra' }),
  },
  // The remembered CEP's quote is on the checkout: Expressa chosen, Frete and Total com frete beside the total.
  {
    name: 'checkout-frete-expressa',
    open: (page) =>
      page
        .getByRole('main')
        .getByRole('radio', { name: /^Expressa/ })
        .check(),
    state: (page) => page.getByRole('main').getByText('Total com frete', { exact: true }).first(),
  },
  // The backend's simulated pay page (server/payments/payPageMarkup.ts): the Entrega step (empty, then refused, then
  // filled), the payment step, and "Meus pedidos": the cart, paid by boleto.
  {
    name: 'pay-page-delivery',
    open: async (page, env) => {
      await page.getByRole('button', { name: 'Finalizar Compra' }).press('Enter');
      await waitForPayPage(page, env.backend);
      payPageUrl = page.url();
    },
    state: (page) => heading(page, 'Entrega'),
  },
  {
    name: 'pay-page-delivery-errors',
    open: (page) => page.getByRole('button', { name: 'Continuar para o pagamento' }).click(),
    state: (page) => page.getByRole('alert').filter({ hasText: 'Confira os campos destacados.' }),
  },
  {
    name: 'pay-page',
    open: (page) => fillDeliveryStep(page, 'Expressa'),
    state: (page) => heading(page, 'Pagamento'),
  },
  {
    name: 'pay-page-cpf-error',
    open: async (page) => {
      await page.getByLabel('CPF').fill('111.111.111-11');
      await page.getByRole('button', { name: 'Gerar boleto' }).click();
    },
    state: (page) => page.getByRole('alert'),
  },
  {
    name: 'pay-page-boleto',
    open: async (page) => {
      await page.getByLabel('CPF').fill(VALID_CPF);
      await page.getByRole('button', { name: 'Gerar boleto' }).click();
    },
    state: (page) => heading(page, 'Boleto gerado'),
  },
  {
    name: 'orders',
    open: async (page) => {
      await page.getByRole('link', { name: 'Voltar para a loja' }).click();
      await page.waitForURL((url) => url.pathname === '/payment-confirmation');
      await settled(page);
      await visit(page, '/pedidos');
    },
    state: (page) =>
      page
        .getByRole('article')
        .filter({ hasText: 'PagamentoBoleto' })
        .filter({ hasText: 'SituaçãoAguardando pagamento' })
        .filter({ hasText: 'Pagamento pendente: pague o boleto até' }),
  },
  {
    name: 'payment-confirmation-success',
    open: async (page) => {
      await page.goto(payPageUrl);
      await page.getByRole('button', { name: 'Simular compensação do boleto' }).click();
      await page.waitForURL((url) => url.pathname === '/payment-confirmation');
      await settled(page);
    },
    state: (page) => heading(page, 'Sua compra foi finalizada com sucesso!'),
  },
  {
    // The boleto's compensação reached the order: Meus pedidos shows it paid (the page reads the order once per
    // load, so it is reloaded until the backend's write is there).
    name: 'orders-paid',
    open: async (page) => {
      await poll(async () => {
        await visit(page, '/pedidos');
        const order = page.getByRole('article');
        await order.first().waitFor();
        return { orders: await order.count(), paid: await order.filter({ hasText: 'SituaçãoPago' }).count() };
      }, 'the boleto order shows as Pago').toEqual({ orders: 1, paid: 1 });
    },
    state: (page) =>
      page.getByRole('article').filter({ hasText: 'PagamentoBoleto' }).filter({ hasText: 'SituaçãoPago' }),
  },
];
/** The pay page of the walk's purchase (set by the pay-page step, read by the success step). */
let payPageUrl = '';
/** A valid CPF (check digits), the usual test number. */
const VALID_CPF = '529.982.247-25';

/** The two walks, each with a shopper of its own, run by two files side by side (a11y.test.ts, a11y-purchase.test.ts). */
export const WALKS = { browsing: BROWSING, purchase: PURCHASE } as const;

/**
 * Runs a step, naming the route and the width in whatever it throws (a timeout, a closed page…), and what the
 * page showed then: a timeout alone does not say whether the page was elsewhere or showed an error message.
 */
async function step<T>(at: string, page: Page, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${at}: ${message}\nThe page then: ${await describePage(page)}`, { cause: error });
  }
}

/**
 * Gives the page the width's viewport (if it has another) and waits for the new layout: `settled` waits for
 * the header and for no loading overlay, and ends with two animation frames (`hydrated`), so the media queries'
 * layout has been computed and painted before the screenshot and axe.
 */
async function resize(page: Page, width: Width, storefront: string): Promise<void> {
  const viewport = VIEWPORTS[width];
  const current = page.viewportSize();
  if (current?.width === viewport.width && current.height === viewport.height) return;
  await page.setViewportSize(viewport);
  await laidOut(page, storefront);
}

/**
 * A storefront page is `settled`; a page of the backend (the simulated pay page, server-rendered, no header) has
 * its layout after two animation frames.
 */
async function laidOut(page: Page, storefront: string): Promise<void> {
  if (page.url().startsWith(storefront)) return settled(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * axe at the page's current width (the page is settled). Soft assertions, so a failure at one width
 * does not hide the other's; each message names the route and the width.
 */
async function check(shopper: Shopper, route: RouteCase, width: Width): Promise<void> {
  const { page } = shopper;
  const at = `${route.name} at ${width} px`;
  await step(at, page, async () => {
    // The state opened at the first width is still there at this one (nothing in it depends on the width).
    expect.soft(await route.state(page).isVisible(), `${at}: the state's element is shown`).toBe(true);
    const results = await runAxe(page);
    expect.soft(describeViolations(results.violations), `${at}: axe-core violations`).toEqual([]);
    // axe really looked at this page (a blank page passes nothing).
    expect.soft(results.passes.length, `${at}: axe-core passes (a blank page passes nothing)`).toBeGreaterThan(10);
    expect.soft(shopper.pageErrors, `${at}: uncaught page errors`).toEqual([]);
    expect.soft(await overflowing(page), `${at}: content wider than the box that holds it`).toEqual([]);
  });
}

/**
 * Boxes whose content sticks out sideways (WCAG 1.4.10, reflow): the page wider than the viewport, or a visible
 * element whose content is wider than itself while it lets it show (overflow visible). Text fields scroll their
 * own text, and a box that clips or scrolls on purpose is not counted.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page: ${root.scrollWidth} px in a ${root.clientWidth} px viewport`);
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      // Sizes first: they come from the layout the page already has; styles are read only for the few boxes
      // whose content is wider than they are.
      if (element.clientWidth === 0 || element.scrollWidth <= element.clientWidth + 1) continue;
      if (element.matches('input, textarea, select, svg, svg *')) continue;
      const style = getComputedStyle(element);
      if (style.overflowX !== 'visible' || style.display === 'inline') continue;
      const name =
        element.tagName.toLowerCase() +
        (element.id ? `#${element.id}` : '') +
        (element.classList.length ? `.${Array.from(element.classList).join('.')}` : '');
      found.push(`${name}: ${element.scrollWidth} px of content in ${element.clientWidth} px`);
    }
    return found;
  });
}

/**
 * Every route, opened once at the first of WIDTHS by one shopper, and checked at each width in turn (the
 * viewport is resized between the checks, and set back to the first width before the next route opens).
 */
export function registerRoutesA11y(env: () => E2E, walk: keyof typeof WALKS) {
  const [openWidth, ...otherWidths] = WIDTHS;
  describe(`every route at ${WIDTHS.join(' px and ')} px (${walk}): axe-core zero violations, reflow`, () => {
    let shopper: Shopper;
    beforeAll(async () => {
      shopper = await env().newShopper({ ...VIEWPORTS[openWidth], reducedMotion: true });
    });
    afterAll(async () => {
      await shopper?.close();
    });

    it.each(WALKS[walk].map((route) => [route.name, route] as const))('%s', async (_name, route) => {
      const { page } = shopper;
      // What the page showed, for a failed route only (the soft assertions fail the test after it ends).
      onTestFailed(async () => {
        const width = page.viewportSize()?.width ?? openWidth;
        await page
          .screenshot({
            path: join(SCREENSHOT_DIR, `${route.name}-${width}.png`),
            fullPage: !route.viewportOnly,
            animations: 'disabled',
          })
          .catch(() => {});
      });
      const opening = `${route.name} (opened at ${openWidth} px)`;
      // The previous route ended at the last width: every route (and state) opens at the first.
      await step(opening, page, () => resize(page, openWidth, env().storefront));
      const open = (width: Width) =>
        step(`${route.name} (opened at ${width} px)`, page, async () => {
          await route.open(page, env());
          await route.state(page).waitFor();
          await laidOut(page, env().storefront);
        });
      await open(openWidth);
      await check(shopper, route, openWidth);
      for (const width of otherWidths) {
        await step(`${route.name} at ${width} px`, page, () => resize(page, width, env().storefront));
        if (route.reopenAtEachWidth) await open(width);
        await check(shopper, route, width);
      }
    });
  });
}
