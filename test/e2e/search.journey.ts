// Search (docs/requirements.md#search) in Chromium: a shopper types "tenis", "calca", "jaquta" and "xyzxyz" into the search field, uses
// Enter, Esc and Back, and every search state passes axe-core with zero violations. Expectations come from
// seed/seedCatalog.ts (the names and accents a shopper types away), never from the app.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { axeViolations } from './support/axe';
import type { E2E } from './support/e2e';
import { addButton, expectHeaderCount, poll, visit } from './support/storefront';

const field = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: 'Buscar produtos' });
const status = (page: Page) => page.getByRole('main').getByRole('status');
const results = (page: Page) => page.getByRole('list', { name: /^Resultados para/ }).getByRole('heading', { level: 2 });
const namesIn = (id: string) => catalog.find((c) => c.id === id)!.products.map((p) => p.name);
const searchUrl = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function expectNoAxeViolations(page: Page, state: string) {
  expect(await axeViolations(page), state).toEqual([]);
}

export function registerSearchJourney(env: () => E2E) {
  describe('search', () => {
    it('types tenis, calca, jaquta and xyzxyz: results, count, empty state, Enter, Esc, Back and the address; axe clean', async () => {
      const shopper = await env().newShopper({ reducedMotion: true });
      const { page } = shopper;
      try {
        await visit(page, '/');
        await field(page).waitFor();
        await expectNoAxeViolations(page, 'home with the search bar');

        // "tenis" from the home page: the results page, every Tênis, the count, and one history entry.
        await field(page).click();
        await page.keyboard.type('tenis');
        await poll(() => status(page).textContent()).toBe(`${namesIn('sneakers').length} produtos para “tenis”`);
        expect(searchUrl(page)).toBe('/search?q=tenis');
        expect((await results(page).allTextContents()).sort()).toEqual(namesIn('sneakers').sort());
        expect(await status(page).getAttribute('aria-live')).toBe('polite');
        await expectNoAxeViolations(page, 'results for tenis');

        // Enter commits "tenis"; "calca" then gets an entry of its own.
        await field(page).press('Enter');
        await field(page).fill('');
        await page.keyboard.type('calca');
        await poll(() => status(page).textContent()).toBe('3 produtos para “calca”');
        expect((await results(page).allTextContents()).sort()).toEqual([
          'Calça Chino Azul-Marinho',
          'Calça Jeans',
          'Calça Pantalona Bege',
        ]);
        await field(page).press('Enter');
        expect(searchUrl(page)).toBe('/search?q=calca');

        // A typo: one edit is forgiven.
        await field(page).fill('');
        await page.keyboard.type('jaquta');
        await poll(() => status(page).textContent()).toBe('4 produtos para “jaquta”');
        expect(await results(page).allTextContents()).toEqual(
          expect.arrayContaining(['Jaqueta de Couro Preta', 'Jaqueta Jeans Azul']),
        );
        // Hover add-to-cart works on a result card.
        await results(page).first().hover();
        await addButton(page, (await results(page).first().textContent())!).click();
        await expectHeaderCount(page, 1, 'after adding from the results');
        await field(page).press('Enter');

        // Nothing found: the empty state offers the categories.
        await field(page).fill('');
        await page.keyboard.type('xyzxyz');
        await poll(() => status(page).textContent()).toBe('Nenhum produto encontrado para “xyzxyz”.');
        const suggestions = page.getByRole('region', { name: 'Veja nossas categorias' }).getByRole('link');
        expect(await suggestions.allTextContents()).toEqual(catalog.map((c) => c.displayName));
        await expectNoAxeViolations(page, 'nothing found');

        // Esc empties the field and the address.
        await field(page).focus();
        await page.keyboard.press('Escape');
        expect(await field(page).inputValue()).toBe('');
        await poll(() => searchUrl(page)).toBe('/search');
        await poll(() => status(page).textContent()).toBe(
          'Digite no campo acima o nome de um produto ou de uma categoria.',
        );

        // Back restores the previous committed queries, field and results included.
        await page.goBack();
        await poll(() => searchUrl(page)).toBe('/search?q=jaquta');
        await poll(() => status(page).textContent()).toBe('4 produtos para “jaquta”');
        expect(await field(page).inputValue()).toBe('jaquta');
        await page.goBack();
        await poll(() => status(page).textContent()).toBe('3 produtos para “calca”');
        expect(await field(page).inputValue()).toBe('calca');

        // A reload keeps the query.
        await page.reload();
        await poll(() => status(page).textContent()).toBe('3 produtos para “calca”');
        expect(await field(page).inputValue()).toBe('calca');

        // Blank Enter: a hint, no search. Markup is shown as text.
        await field(page).fill('   ');
        await field(page).press('Enter');
        await page.getByText('Digite o nome de um produto ou de uma categoria para buscar.').waitFor();
        await expectNoAxeViolations(page, 'blank query hint');
        await field(page).fill('');
        await page.keyboard.type('<script>alert(1)</script>');
        await poll(() => status(page).textContent()).toBe(
          'Nenhum produto encontrado para “<script>alert(1)</script>”.',
        );
        expect(await page.locator('main script').count()).toBe(0);
        expect(shopper.pageErrors).toEqual([]);
      } finally {
        await shopper.close();
      }
    }, 180_000); // one long journey with five axe runs on a shared 2-core machine

    it('on a 375 px phone the field takes most of the bar, keeps its name, and shows what is typed', async () => {
      const shopper = await env().newShopper({ width: 375, height: 812 });
      const { page } = shopper;
      try {
        await visit(page, '/');
        const box = await field(page).boundingBox();
        // A visible label beside it had left the field 63 px wide ("Têr" of its placeholder).
        expect(box!.width, 'the field’s width at 375 px').toBeGreaterThanOrEqual(200);
        await field(page).click();
        await page.keyboard.type('jaqueta');
        await poll(() => status(page).textContent()).toMatch(/^\d+ produtos? para “jaqueta”$/);
        // The whole word is on screen: the field is wider than the text typed into it.
        const typedWidth = await field(page).evaluate((input: HTMLInputElement) => {
          const probe = document.createElement('span');
          probe.style.font = getComputedStyle(input).font;
          probe.style.position = 'absolute';
          probe.textContent = input.value;
          document.body.append(probe);
          const width = probe.getBoundingClientRect().width;
          probe.remove();
          return width;
        });
        expect(typedWidth).toBeLessThan((await field(page).boundingBox())!.width);
        expect(shopper.pageErrors).toEqual([]);
      } finally {
        await shopper.close();
      }
    });
  });
}
