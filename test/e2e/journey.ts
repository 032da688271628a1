// The shopper's journey through the real storefront in Chromium, keyboard-first, elements found by role and
// accessible name. Registered by storefront.test.ts, which owns the one stack every e2e describe shares.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/catalog';
import { HOME_TILE_LIMIT } from '../../src/domain';
import type { E2E } from './support/e2e';
import { cartButton, cartPanel, expectHeaderCount, settled, visit } from './support/storefront';

export function registerJourney(env: () => E2E) {
  describe('journey', () => {
    it('browses home (≤ 5 tiles) → a category → back home with the keyboard', async () => {
      const { page, pageErrors, close } = await env().newShopper();
      try {
        await visit(page, '/');
        const tiles = page.getByRole('list', { name: 'Categorias' }).getByRole('link');
        await tiles.first().waitFor();
        expect(await tiles.count()).toBe(Math.min(HOME_TILE_LIMIT, catalog.length));
        const first = catalog[0]!;
        await tiles.filter({ hasText: first.displayName }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(`**/category/${first.id}`);
        await settled(page);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(first.displayName);
        expect(await page.getByRole('list', { name: `Produtos: ${first.displayName}` }).getByRole('listitem').count()).toBe(first.products.length);
        await page.getByRole('link', { name: 'Voltar para a página inicial' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/');
        await expectHeaderCount(page, 0);
        expect(await cartButton(page).isVisible()).toBe(true);
        expect(await cartPanel(page).isVisible()).toBe(false);
        expect(pageErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  });
}
