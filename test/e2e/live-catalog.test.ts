// A product added to Firestore after the build (docs/requirements.md#catalog-pages), against the run's local stack: the static server has
// no file for its page, so the backend renders it on request (server/render/, reached through the same
// firebase.json rewrite Hosting follows). Its HTML carries its name and price, Chromium shows it without
// JavaScript and hydrates it without an error, and it stays on screen once the storefront has read the live
// catalog; its category page shows it after hydration, and the search finds it; once the document is deleted its
// URL answers 404 again.
// The product is written in the agreed shape (`products/{id}` with categoryId and position), and its category's
// document is updated as a catalog tool would (productCount, and the preview list while the position is within
// its first CATEGORY_PREVIEW_LIMIT); the document is put back as the seed wrote it at the end. The product goes
// last in the category, so the pages other files check (first products, counts shown) read as before.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { CATEGORY_PREVIEW_LIMIT } from '../../src/domain';
import { openFirestore } from '../../scripts/lib/firestoreAdmin';
import { e2eSkipReason, useE2E } from './support/e2e';
import { hydrated } from './support/storefront';

const hats = catalog.find((c) => c.id === 'hats')!;
/** Words React prints when hydration had to repair the server's HTML. */
const HYDRATION_TROUBLE = /hydrat|Minified React error #(418|419|421|422|423|425)|\[hydration\]/i;

describe.skipIf(e2eSkipReason())('a product added after the build', () => {
  const env = useE2E();

  it('is rendered on request with its name and price, hydrates without errors, and answers 404 once deleted', async () => {
    const { projectId, firestoreHost, storefront, browser } = env();
    const id = `chapeu-ao-vivo-${Date.now().toString(36)}`;
    const product = { id, name: 'Chapéu Panamá Ao Vivo', price: 1234.5, imageUrl: hats.products[0]!.imageUrl };
    const firestore = openFirestore({ kind: 'emulator', projectId, host: firestoreHost });
    const doc = firestore.db.collection('products').doc(id);
    const categoryDoc = firestore.db.collection('categories').doc(hats.id);
    const seeded = (await categoryDoc.get()).data()!;
    const position = hats.products.length;
    try {
      await doc.set({ ...product, categoryId: hats.id, position, searchName: 'chapeu panama ao vivo' });

      const response = await fetch(`${storefront}/product/${id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe(
        'public, max-age=0, s-maxage=300, stale-while-revalidate=86400',
      );
      const html = await response.text();
      expect(html).toContain('<title>Chapéu Panamá Ao Vivo — Chapéus — Club Clothing</title>');
      expect(html).toContain('R$\u00a01.234,50'); // the card's price, written out here

      // Without JavaScript: the heading and the price on screen.
      const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: storefront });
      try {
        const page = await plain.newPage();
        await page.goto(`/product/${id}`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
        expect(((await page.locator('main').textContent()) ?? '').replace(/\u00a0/g, ' ')).toContain('R$ 1.234,50');
      } finally {
        await plain.close();
      }

      // With it: the app hydrates the server's HTML as it is.
      const shopper = await env().newShopper();
      const warnings: string[] = [];
      shopper.page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error')
          warnings.push(`${message.type()}: ${message.text()}`);
      });
      try {
        const answer = await shopper.page.goto(`/product/${id}`);
        expect(answer?.status()).toBe(200);
        await hydrated(shopper.page);
        expect(
          warnings.filter((line) => HYDRATION_TROUBLE.test(line)),
          'hydration errors',
        ).toEqual([]);
        // Hydrated, the storefront reads the live catalog, whose category previews do not hold the product yet:
        // it stays on screen (read alone).
        await shopper.page.waitForLoadState('networkidle');
        expect(await shopper.page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
        expect(((await shopper.page.locator('main').textContent()) ?? '').replace(/\u00a0/g, ' ')).toContain(
          'R$ 1.234,50',
        );
        expect(await shopper.page.getByText('Produto não encontrado').count()).toBe(0);

        // The catalog tool's second write; its category page (prerendered before it existed) then shows it
        // once hydrated and read live.
        const preview = seeded.products as unknown[];
        await categoryDoc.update({
          productCount: (seeded.productCount as number) + 1,
          ...(position < CATEGORY_PREVIEW_LIMIT ? { products: [...preview, product] } : {}),
        });
        await shopper.page.goto(`/category/${hats.id}`);
        await hydrated(shopper.page);
        await shopper.page.getByRole('heading', { name: product.name }).first().waitFor();

        // The search finds it. The seeded shop's categories are whole (each count is its list), so the storefront
        // searches the live catalog it holds (docs/searching.md), accents and case aside.
        await shopper.page.goto(`/search?q=${encodeURIComponent('panama ao vivo')}`);
        await shopper.page.getByRole('heading', { name: product.name }).first().waitFor();
        expect(shopper.pageErrors).toEqual([]);
        expect(warnings).toEqual([]);
      } finally {
        await shopper.close();
      }

      await doc.delete();
      await categoryDoc.set(seeded);
      // The backend keeps a rendered page for PAGE_CACHE_TTL_MS (10 s by default): then the id is unknown.
      await expect
        .poll(async () => (await fetch(`${storefront}/product/${id}`)).status, { timeout: 30_000, interval: 500 })
        .toBe(404);
      const gone = await (await fetch(`${storefront}/product/${id}`)).text();
      expect(gone).toContain('"notFound":true'); // the build's 404 page
      expect(gone).not.toContain(product.name);
    } finally {
      await doc.delete().catch(() => {});
      await categoryDoc.set(seeded).catch(() => {});
      await firestore.close();
    }
  });
});
