// Stock in Chromium against the full local stack (docs/requirements.md#stock), over the seed's units
// (seed/seedStock.ts: the Chapéu Bucket Verde sold out, the Boina de Lã Marrom with 2): the product pages and the
// hats' cards show the live stock once hydrated, without moving anything, and pass axe at 1280 and 375 px.
// Registered by journeys.test.ts.
import { describe, expect, it } from 'vitest';
import type { E2E } from './support/e2e';
import { axeViolations } from './support/axe';
import { layoutShifts, watchLayoutShifts } from './support/layoutShifts';
import { addButton, cartButton, hydrated, poll } from './support/storefront';

const WIDTHS = [1280, 375] as const;

export function registerStock(env: () => E2E) {
  describe('stock', () => {
    it.each(WIDTHS)(
      'at %i px the sold-out hat shows "Esgotado" and cannot be added; the boina shows "Últimas unidades"; nothing moves; axe 0',
      async (width) => {
        const shopper = await env().newShopper({ width, height: 900 });
        try {
          const { page } = shopper;
          await shopper.context.addInitScript(watchLayoutShifts);
          await page.goto('/product/chapeu-bucket-verde');
          await hydrated(page);
          const main = page.locator('main');
          await poll(() => main.getByText('Esgotado', { exact: true }).count()).toBe(1);
          const add = main.getByRole('button', { name: 'Adicionar ao carrinho', exact: true });
          expect(await add.isDisabled()).toBe(true);
          const describedBy = await add.getAttribute('aria-describedby');
          expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Esgotado');
          await add.click({ force: true }).catch(() => {});
          expect(await cartButton(page).getAttribute('aria-label')).toBe('Carrinho (0 itens)');
          expect(await layoutShifts(page)).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);

          await page.goto('/product/boina-la-marrom');
          await hydrated(page);
          await poll(() => main.getByText('Últimas unidades', { exact: true }).count()).toBe(1);
          expect(await main.getByRole('button', { name: 'Adicionar ao carrinho', exact: true }).isDisabled()).toBe(
            false,
          );
          expect(await layoutShifts(page)).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);

          await page.goto('/category/hats');
          await hydrated(page);
          await poll(() => addButton(page, 'Chapéu Bucket Verde').isDisabled()).toBe(true);
          const hat = page.getByRole('listitem').filter({ has: addButton(page, 'Chapéu Bucket Verde') });
          expect(await hat.getByText('Esgotado', { exact: true }).count()).toBe(1);
          const boina = page.getByRole('listitem').filter({ has: addButton(page, 'Boina de Lã Marrom') });
          expect(await boina.getByText('Últimas unidades', { exact: true }).count()).toBe(1);
          expect(shopper.pageErrors).toEqual([]);
          expect(await layoutShifts(page)).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await shopper.close();
        }
      },
    );
  });
}
