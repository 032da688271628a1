// Every route of SPEC §2 (and the states a shopper meets on them) at a phone width and a desktop width:
// axe-core (all default rules: WCAG 2 A/AA and best practices) must report zero violations, and a full-page
// screenshot goes to test-results/screenshots/<route>-<width>.png for a reviewer (git-ignored).
import { AxeBuilder } from '@axe-core/playwright';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../seed/catalog';
import type { E2E, Shopper } from './support/e2e';
import { SCREENSHOT_DIR } from './support/e2e';
import { addWithKeyboard, cartButton, cartPanel, settled, uniqueEmail, visit } from './support/storefront';

const jackets = catalog[0]!;
export const WIDTHS = [375, 1280] as const;

interface RouteCase {
  name: string;
  /** Modal dialogs are fixed to the viewport: a full-page shot would cut them at the first screen. */
  viewportOnly?: boolean;
  /** Brings the page into the state to check; the page is already settled when this returns. */
  open(page: Page, env: E2E): Promise<void>;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).first().waitFor();

/** In order: the logged-out routes, then sign-up, then the logged-in ones; success (which clears the cart) last. */
const ROUTES: RouteCase[] = [
  { name: 'home', open: async (page) => (await visit(page, '/'), await page.getByRole('list', { name: 'Categorias' }).getByRole('link').first().waitFor()) },
  { name: 'explore', open: async (page) => (await visit(page, '/explore'), await heading(page, 'Explorar')) },
  {
    name: `category-${jackets.id}`,
    open: async (page) => {
      await visit(page, `/category/${jackets.id}`);
      await heading(page, jackets.displayName);
      // A card with its add button shown (keyboard focus), and something in the cart for the panel below.
      await addWithKeyboard(page, jackets.products[0]!.name);
      await addWithKeyboard(page, jackets.products[1]!.name);
    },
  },
  {
    name: 'cart-panel-open',
    viewportOnly: true,
    open: async (page) => {
      await cartButton(page).press('Enter');
      await cartPanel(page).getByTestId('cart-line').first().waitFor();
    },
  },
  {
    name: 'login',
    open: async (page) => {
      await page.keyboard.press('Escape');
      await visit(page, '/login');
      await heading(page, 'Login');
    },
  },
  {
    name: 'login-errors',
    open: async (page) => {
      await page.getByRole('button', { name: 'Entrar', exact: true }).press('Enter');
      await page.getByRole('alert').first().waitFor();
    },
  },
  {
    name: 'google-chooser',
    viewportOnly: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Entrar com o Google' }).press('Enter');
      await page.getByRole('dialog', { name: 'Escolha uma conta' }).waitFor();
    },
  },
  {
    name: 'sign-up',
    open: async (page) => {
      await page.keyboard.press('Escape');
      await visit(page, '/sign-up');
      await heading(page, 'Criar Conta');
    },
  },
  {
    name: 'sign-up-errors',
    open: async (page) => {
      await page.getByRole('button', { name: 'Criar Conta' }).last().press('Enter');
      await page.getByRole('alert').first().waitFor();
    },
  },
  {
    name: 'checkout-logged-out',
    open: async (page) => {
      await visit(page, '/checkout');
      await page.getByRole('status').filter({ hasText: 'Você precisa entrar' }).waitFor();
    },
  },
  { name: 'not-found', open: async (page) => (await visit(page, '/pagina-que-nao-existe'), await heading(page, 'Página não encontrada')) },
  {
    // Served as the prerendered 404 page (status 404) since every existing category is prerendered.
    name: 'category-not-found',
    open: async (page) => (await visit(page, '/category/nao-existe'), await heading(page, 'Página não encontrada')),
  },
  {
    name: 'product',
    open: async (page) => {
      await visit(page, `/product/${jackets.products[1]!.id}`);
      await heading(page, jackets.products[1]!.name);
    },
  },
  {
    name: 'payment-confirmation-canceled',
    open: async (page) => (await visit(page, '/payment-confirmation?canceled=true'), await page.getByRole('heading', { name: /Ocorreu um erro/ }).waitFor()),
  },
  {
    name: 'payment-confirmation-declined',
    open: async (page) => (await visit(page, '/payment-confirmation?success=false'), await page.getByRole('heading', { name: /Ocorreu um erro/ }).waitFor()),
  },
  {
    name: 'checkout-logged-in',
    open: async (page) => {
      await visit(page, '/sign-up');
      const fields: Array<[string, string]> = [
        ['Nome', 'Ana'],
        ['Sobrenome', 'Lima'],
        ['E-mail', uniqueEmail('axe')],
        ['Senha', 'segredo123'],
        ['Confirmação de senha', 'segredo123'],
      ];
      for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByLabel('Confirmação de senha', { exact: true }).press('Enter');
      await page.getByRole('button', { name: 'Sair' }).waitFor();
      await visit(page, '/checkout');
      await page.getByRole('button', { name: 'Finalizar Compra' }).waitFor();
    },
  },
  {
    name: 'payment-confirmation-success',
    open: async (page) => (await visit(page, '/payment-confirmation?success=true'), await heading(page, 'Sua compra foi finalizada com sucesso!')),
  },
];

export const ROUTE_NAMES = ROUTES.map((r) => r.name);

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every route at the given widths (default: all of WIDTHS; the a11y-*.test.ts files take one each, side by side). */
export function registerRoutesA11y(env: () => E2E, widths: readonly (typeof WIDTHS)[number][] = WIDTHS) {
  for (const width of widths) {
    describe(`every route at ${width} px: axe-core zero violations + screenshot`, () => {
      let shopper: Shopper;
      beforeAll(async () => {
        shopper = await env().newShopper({ width, height: width < 600 ? 812 : 800, reducedMotion: true });
      });
      afterAll(async () => {
        await shopper?.close();
      });

      it.each(ROUTES.map((route) => [route.name, route] as const))('%s', async (name, route) => {
        const { page } = shopper;
        await route.open(page, env());
        await settled(page);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: !route.viewportOnly, animations: 'disabled' });
        const results = await new AxeBuilder({ page }).analyze();
        expect(describeViolations(results.violations)).toEqual([]);
        // axe really looked at this page (a blank page passes nothing).
        expect(results.passes.length).toBeGreaterThan(10);
        expect(shopper.pageErrors).toEqual([]);
      });
    });
  }
}
